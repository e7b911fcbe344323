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
 * @param content  what decides whether two policies are the same: a bundle's files ({@link Bundle#content()}), however
 *                 the archive was packed; a passport document's bytes ({@code digest})
 */
record PolicyDocument(Passport passport, String revision, String digest, String content) {

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
            if (trust != null && Revision.parse(b.revision()) == null) {
                throw new PassportException("bundle " + source + ": its revision '" + b.revision() + "' has no order cmdgate"
                        + " knows; with " + trust.describe() + " a bundle's revision must be " + Revision.KNOWN
                        + ", so that an older one cannot be served again in place of a newer one");
            }
            return new PolicyDocument(b.passport(), b.revision(), digest, b.content());
        }
        Passport p = Passport.parse(Passport.decodeUtf8(body, "policy " + source), "policy " + source);
        Object rev = p.document().get("revision");
        return new PolicyDocument(p, rev == null ? null : String.valueOf(rev), digest, digest);
    }
}
