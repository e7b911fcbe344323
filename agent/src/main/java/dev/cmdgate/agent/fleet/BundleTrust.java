package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a bundle's signature must verify with: the configured public key ({@code policy.key}: RS256 with RSA,
 * ES256 with EC P-256, EdDSA with Ed25519) or shared secret ({@code policy.secret.file}: HS256, HS384, HS512),
 * and, as OPA checks them, the key id ({@code policy.key.id}) and scope ({@code policy.scope}) of the token.
 */
final class BundleTrust {

    private final PublicKey publicKey;
    private final byte[] secret;
    private final String keyId;
    private final String scope;

    private BundleTrust(PublicKey publicKey, byte[] secret, String keyId, String scope) {
        this.publicKey = publicKey;
        this.secret = secret;
        this.keyId = keyId;
        this.scope = scope == null ? "" : scope;
    }

    static BundleTrust publicKey(PublicKey key, String keyId, String scope) {
        return new BundleTrust(key, null, keyId, scope);
    }

    static BundleTrust secret(byte[] secret, String keyId, String scope) {
        return new BundleTrust(null, secret.clone(), keyId, scope);
    }

    /** The configured trust, or null when bundles need no signature (neither a key nor a secret is set). */
    static BundleTrust of(AgentConfig.RemotePolicy config) throws IOException {
        if (config.bundleKey() != null) {
            return publicKey(SigningKeys.readAnyPublicKey(config.bundleKey()), config.keyId(), config.scope());
        }
        if (config.bundleSecret() != null) {
            return secret(Files.readAllBytes(config.bundleSecret()), config.keyId(), config.scope());
        }
        return null;
    }

    /** What a signature must be made with, for messages. */
    String describe() {
        return publicKey != null ? "the configured " + publicKey.getAlgorithm() + " key" : "the configured shared secret";
    }

    /**
     * Checks the token's key id and scope, then its signature.
     *
     * @throws PassportException naming the cause as OPA does (scope mismatch, failed to verify JWT signature …)
     */
    void verify(BundleSignature.Token token, String what) {
        String id = token.keyId();
        if (keyId != null && id != null && !keyId.equals(id)) {
            throw new PassportException(what + ": the signature names key " + id + ", not " + keyId + " (cmdgate.policy.key.id)");
        }
        if (secret != null ? !hmac(token, what) : !signature(token, what)) {
            throw new PassportException(what + ": failed to verify JWT signature: " + (secret != null ? "invalid HMAC signature"
                    : token.alg() + " verification error (not signed by " + describe() + ")"));
        }
        if (!scope.equals(token.scope())) {
            throw new PassportException(what + ": scope mismatch (the signature's scope is '" + token.scope()
                    + "', cmdgate.policy.scope is '" + scope + "')");
        }
    }

    private boolean hmac(BundleSignature.Token token, String what) {
        String jca = switch (token.alg()) {
            case "HS256" -> "HmacSHA256";
            case "HS384" -> "HmacSHA384";
            case "HS512" -> "HmacSHA512";
            default -> throw new PassportException(what + ": failed to verify JWT signature: signed with " + token.alg()
                    + ", which a shared secret (cmdgate.policy.secret.file) cannot verify (HS256, HS384, HS512)");
        };
        try {
            Mac mac = Mac.getInstance(jca);
            mac.init(new SecretKeySpec(secret, jca));
            byte[] expected = mac.doFinal(token.signingInput().getBytes(StandardCharsets.US_ASCII));
            return MessageDigest.isEqual(expected, token.signature());
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    private boolean signature(BundleSignature.Token token, String what) {
        String jca = switch (token.alg()) {
            case "RS256" -> publicKey instanceof RSAPublicKey ? "SHA256withRSA" : null;
            case "ES256" -> publicKey instanceof ECPublicKey ec && ec.getParams().getCurve().getField().getFieldSize() == 256
                    ? "SHA256withECDSAinP1363Format" : null;
            case "EdDSA" -> publicKey.getAlgorithm().equals("EdDSA") || publicKey.getAlgorithm().equals("Ed25519") ? "Ed25519" : null;
            default -> null;
        };
        if (jca == null) {
            throw new PassportException(what + ": failed to verify JWT signature: signed with alg " + token.alg() + ", which "
                    + describe() + " cannot verify (RS256 with RSA, ES256 with EC P-256, EdDSA with Ed25519)");
        }
        try {
            Signature v = Signature.getInstance(jca);
            v.initVerify(publicKey);
            v.update(token.signingInput().getBytes(StandardCharsets.US_ASCII));
            return v.verify(token.signature());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
