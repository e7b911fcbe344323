package dev.cmdgate.core.policy;

import dev.cmdgate.core.json.Jcs;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Checks a signed decision, as parsed JSON, against an Ed25519 public key: the signature must be
 * {@code ed25519:<base64>} and verify over the RFC 8785 form of the decision without
 * {@code signature} and {@code kid}. Any change to any other field — {@code allow}, a reason, a
 * timestamp, a field added or removed — makes verification fail.
 */
public final class DecisionVerifier {

    /**
     * The outcome.
     *
     * @param valid   the signature verifies
     * @param message one line: why not, or what was verified (decision id, allow, key id)
     */
    public record Result(boolean valid, String message) {
    }

    private DecisionVerifier() {
    }

    /** Verifies a decision object (e.g. the {@code "oap"} field of a CLI output, or an audit line's decision). */
    public static Result verify(Map<String, ?> decision, PublicKey key) {
        Object sig = decision.get("signature");
        if (sig == null) {
            return new Result(false, "decision is not signed (no \"signature\" field)");
        }
        if (!(sig instanceof String s) || !s.startsWith("ed25519:")) {
            return new Result(false, "\"signature\" is not an \"ed25519:<base64>\" string");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(s.substring("ed25519:".length()));
        } catch (IllegalArgumentException e) {
            return new Result(false, "\"signature\" is not valid base64");
        }
        Map<String, Object> signed = new LinkedHashMap<>(decision);
        signed.remove("signature");
        signed.remove("kid");
        byte[] canonical;
        try {
            canonical = Jcs.canonicalBytes(signed);
        } catch (IllegalArgumentException e) {
            return new Result(false, "decision cannot be canonicalised: " + e.getMessage());
        }
        boolean ok;
        try {
            Signature v = Signature.getInstance("Ed25519");
            v.initVerify(key);
            v.update(canonical);
            ok = raw.length == 64 && v.verify(raw);
        } catch (GeneralSecurityException e) {
            return new Result(false, "cannot verify with this key: " + Passport.oneLine(e));
        }
        String expectedKid = SigningKeys.keyId(key);
        Object kid = decision.get("kid");
        if (!ok) {
            return new Result(false, "signature does not verify: the decision was changed or signed by another key"
                    + (kid != null && !expectedKid.equals(kid) ? " (kid " + kid + ", this key is " + expectedKid + ")" : ""));
        }
        return new Result(true, "valid signature on decision " + decision.get("decision_id") + " (allow="
                + decision.get("allow") + ") by " + expectedKid
                + (kid != null && !expectedKid.equals(kid) ? "; note: its kid says " + kid : ""));
    }

    /**
     * Verifies one JSON line: a decision object itself, or any object carrying one under {@code "oap"}
     * (a CLI output line, an audit line). A line that is not JSON or carries no decision is invalid.
     */
    @SuppressWarnings("unchecked")
    public static Result verifyLine(String jsonLine, PublicKey key) {
        Map<String, Object> obj;
        try {
            obj = JsonParser.parseObject(jsonLine);
        } catch (JsonParseException e) {
            return new Result(false, "not a JSON object: " + e.getMessage());
        }
        if (obj.containsKey("policy_id") && obj.containsKey("decision_id")) {
            return verify(obj, key);
        }
        if (obj.get("oap") instanceof Map<?, ?> oap) {
            return verify((Map<String, Object>) oap, key);
        }
        return new Result(false, "no OAP decision in this line (neither a decision object nor an \"oap\" field)");
    }
}
