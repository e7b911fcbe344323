package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.core.policy.Passport;
import dev.cmdgate.core.policy.PassportException;

/**
 * A policy as fetched: a passport JSON document, or an OPA-format bundle ({@link Bundle}) holding one.
 * Parsed, verified and validated here, before anything is put in force.
 *
 * @param passport the validated passport
 * @param revision the bundle manifest's {@code revision}, or a passport document's {@code revision} field; null when neither
 * @param digest   {@code sha256:HEX} of the bytes as fetched
 */
record PolicyDocument(Passport passport, String revision, String digest) {

    /** {@code sha256:HEX} of a policy's bytes as fetched. */
    static String digestOf(byte[] body) {
        return "sha256:" + new AuditChain.Hasher().hex(body, 0, body.length);
    }

    /**
     * @param trust what a signature must verify with; null: no signature is required (a signed bundle is then
     *              not checked). With it, only a bundle signed accordingly, carrying a revision, is accepted: a
     *              plain passport document never is, whatever it says
     * @throws PassportException one line saying what is wrong
     */
    static PolicyDocument parse(byte[] body, String source, BundleTrust trust) {
        String digest = digestOf(body);
        boolean gzip = body.length >= 2 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b;
        if (trust != null && !gzip) {
            throw new PassportException("policy " + source + ": not a bundle (a gzipped tar); with " + trust.describe()
                    + " only a bundle signed with it is accepted");
        }
        if (gzip) {
            Bundle b = Bundle.read(body, source, trust);
            if (trust != null && b.revision() == null) {
                throw new PassportException("bundle " + source + ": its .manifest names no revision; a signed bundle must,"
                        + " so that an older one cannot be served again in place of a newer one");
            }
            return new PolicyDocument(b.passport(), b.revision(), digest);
        }
        Passport p = Passport.parse(Passport.decodeUtf8(body, "policy " + source), "policy " + source);
        Object rev = p.document().get("revision");
        return new PolicyDocument(p, rev == null ? null : String.valueOf(rev), digest);
    }

    /**
     * Orders revisions: runs of digits compare as numbers, other runs as text ({@code 9 < 10},
     * {@code 2024-05-01T10:00Z < 2024-05-02T08:00Z}, {@code v1.9 < v1.10}).
     */
    static int compareRevisions(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            boolean da = Character.isDigit(a.charAt(i));
            boolean db = Character.isDigit(b.charAt(j));
            int ei = run(a, i, da);
            int ej = run(b, j, db);
            String ra = a.substring(i, ei);
            String rb = b.substring(j, ej);
            int c;
            if (da && db) {
                String na = ra.replaceFirst("^0+(?=.)", "");
                String nb = rb.replaceFirst("^0+(?=.)", "");
                c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
            } else {
                c = ra.compareTo(rb);
            }
            if (c != 0) {
                return c;
            }
            i = ei;
            j = ej;
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int run(String s, int from, boolean digits) {
        int k = from;
        while (k < s.length() && Character.isDigit(s.charAt(k)) == digits) {
            k++;
        }
        return k;
    }
}
