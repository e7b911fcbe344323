package dev.cmdgate.core.policy;

import dev.cmdgate.core.decision.LaunchBinding;
import dev.cmdgate.core.json.Jcs;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Checks a signed decision, as parsed JSON, against an Ed25519 public key: the signature must be
 * {@code ed25519:<base64>} and verify over the RFC 8785 form of the decision without
 * {@code signature} and {@code kid}. Any change to any other field — {@code allow}, a reason, a
 * timestamp, the launch digest, a field added or removed — makes verification fail. On a line that
 * records a launch, {@link #verifyLine} also checks that the signature binds that launch.
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
        if (!(sig instanceof String s) || !s.startsWith(SigningKeys.SIGNATURE_PREFIX)) {
            return new Result(false, "\"signature\" is not an \"ed25519:<base64>\" string");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(s.substring(SigningKeys.SIGNATURE_PREFIX.length()));
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
            ok = SigningKeys.verifies(key, canonical, raw);
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
     *
     * <p>A line that records a launch (it has {@code argv}, {@code cwd}, {@code decision_id},
     * {@code outcome}, {@code env} or {@code redirects}) is valid only when its signed decision carries a
     * {@code launch_digest} equal to the digest recomputed from the line ({@link LaunchBinding}): the
     * signature then vouches for the launch and its outcome, not only for the policy's answer. A signed
     * decision without that field (written by an older cmdgate) binds nothing and fails on such a line.
     * A bare decision object, or a line recording no launch, is checked for its signature only, and the
     * answer says so.
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
            return unbound(verify(obj, key), obj);
        }
        if (!(obj.get("oap") instanceof Map<?, ?> oap)) {
            return new Result(false, "no OAP decision in this line (neither a decision object nor an \"oap\" field)");
        }
        Map<String, Object> decision = (Map<String, Object>) oap;
        Result signature = verify(decision, key);
        Map<String, Object> launch = LaunchBinding.fromLine(obj);
        if (!signature.valid() || launch == null) {
            return launch == null ? unbound(signature, decision) : signature;
        }
        Object bound = decision.get(LaunchBinding.FIELD);
        if (bound == null) {
            return new Result(false, "the signed decision does not bind this line's launch (no "
                    + LaunchBinding.FIELD + "): argv, cwd, env, redirects, decision_id and outcome are unsigned");
        }
        String actual;
        try {
            actual = LaunchBinding.digest(launch);
        } catch (IllegalArgumentException e) {
            return new Result(false, "the line's launch cannot be canonicalised: " + e.getMessage());
        }
        if (!actual.equals(bound)) {
            return new Result(false, "the line does not match the launch its signed decision binds: argv, cwd, env, "
                    + "redirects, decision_id or outcome was changed, or the decision was moved from another line");
        }
        return new Result(true, signature.message() + "; it binds this line's launch (argv, cwd, env, redirects, "
                + "decision_id " + obj.get("decision_id") + ", " + (obj.containsKey("outcome") ? "outcome "
                + obj.get("outcome") : "decision " + obj.get("decision")) + ")");
    }

    /** A valid signature on a decision with no launch beside it: say that no launch was checked. */
    private static Result unbound(Result signature, Map<String, Object> decision) {
        if (!signature.valid()) {
            return signature;
        }
        return new Result(true, signature.message() + (decision.containsKey(LaunchBinding.FIELD)
                ? "; no launch recorded beside it, so its " + LaunchBinding.FIELD + " was not checked"
                : "; it binds no launch"));
    }
}
