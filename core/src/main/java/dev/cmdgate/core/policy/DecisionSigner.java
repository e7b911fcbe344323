package dev.cmdgate.core.policy;

import dev.cmdgate.core.decision.LaunchBinding;
import dev.cmdgate.core.json.Jcs;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Signs decisions: {@code signature} = {@code ed25519:} + base64 of the Ed25519 signature over the
 * RFC 8785 form of the decision without {@code signature} and {@code kid}; {@code kid} = the
 * {@link SigningKeys#keyId key id} of the public half. The agent and the CLI sign with
 * {@link #signBound}, which first adds the {@link LaunchBinding#FIELD launch digest} so that the
 * signature covers the launch and the decision's outcome too. Thread-safe.
 */
public final class DecisionSigner {

    private final PrivateKey key;
    private final PublicKey publicKey;
    private final String kid;

    public DecisionSigner(PrivateKey key) {
        this.key = Objects.requireNonNull(key);
        this.publicKey = SigningKeys.publicKeyOf(key);
        this.kid = SigningKeys.keyId(publicKey);
    }

    /**
     * Loads the PKCS#8 PEM private key of {@code cmdgate.signing.key} / {@code --signing-key}.
     *
     * @throws SigningKeyException one line naming the file and the problem
     */
    public static DecisionSigner load(Path privateKeyPem) {
        return new DecisionSigner(SigningKeys.readPrivateKey(privateKeyPem));
    }

    public String kid() {
        return kid;
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    /** The decision with {@code signature} and {@code kid} set. */
    public OapDecision sign(OapDecision decision) {
        return decision.withSignature(signature(decision.unsignedJson()), kid);
    }

    /**
     * A decision object (as {@link OapDecision#toJson()} gives it, signed or not) with
     * {@code launch_digest} — the digest of {@code launch} ({@link LaunchBinding}) — and then
     * {@code signature} and {@code kid} set: a new map, in that order after the seed's fields.
     */
    public Map<String, Object> signBound(Map<String, Object> decision, Map<String, Object> launch) {
        Map<String, Object> m = new LinkedHashMap<>(decision);
        m.remove("signature");
        m.remove("kid");
        m.put(LaunchBinding.FIELD, LaunchBinding.digest(launch));
        String sig = signature(m);
        m.put("signature", sig);
        m.put("kid", kid);
        return m;
    }

    private String signature(Map<String, Object> unsigned) {
        byte[] canonical = Jcs.canonicalBytes(unsigned);
        try {
            return SigningKeys.sign(key, canonical);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed: " + e.getMessage(), e);
        }
    }
}
