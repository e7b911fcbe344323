package dev.cmdgate.it.support;

import dev.cmdgate.testsupport.TarGz;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * OPA-format bundles for the policy server of a test, written independently of cmdgate's reader: the passport
 * and manifest are given in canonical JSON already (keys sorted, no blanks), so each file's SHA-256 is the hash
 * of its bytes, as OPA signs it; the JWT is signed with an Ed25519 key pair or an HS256 secret.
 */
public final class SignedBundles {

    private SignedBundles() {
    }

    /** A passport allowing exactly these commands, in canonical JSON. */
    public static String passport(String... commands) {
        StringBuilder list = new StringBuilder();
        for (String c : commands) {
            list.append(list.length() == 0 ? "" : ",").append('"').append(c).append('"');
        }
        return "{\"capabilities\":[{\"id\":\"system.command.execute\"}],\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[" + list + "],\"max_execution_time\":60}},\"passport_id\":\"pp-fleet\",\"status\":\"active\"}";
    }

    /** The files of a bundle: data.json and, with a revision, .manifest. */
    public static Map<String, byte[]> files(String passport, String revisionOrNull) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        if (revisionOrNull != null) {
            files.put(".manifest", ("{\"revision\":\"" + revisionOrNull + "\"}").getBytes(StandardCharsets.UTF_8));
        }
        files.put("data.json", passport.getBytes(StandardCharsets.UTF_8));
        return files;
    }

    /** The bundle signed with an Ed25519 key (alg EdDSA). */
    public static byte[] signed(Map<String, byte[]> files, KeyPair ed25519) {
        try {
            String input = signingInput(files, "EdDSA");
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(ed25519.getPrivate());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return withSignature(files, input, s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bundle signed with a shared secret (alg HS256), as {@code opa build --signing-alg HS256} does. */
    public static byte[] signedHs256(Map<String, byte[]> files, byte[] secret) {
        try {
            String input = signingInput(files, "HS256");
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return withSignature(files, input, mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bundle without a signature. */
    public static byte[] unsigned(Map<String, byte[]> files) {
        return TarGz.of(files);
    }

    private static String signingInput(Map<String, byte[]> files, String alg) throws GeneralSecurityException {
        StringBuilder list = new StringBuilder();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(f.getValue()));
            list.append(list.length() == 0 ? "" : ",").append("{\"name\":\"").append(f.getKey()).append("\",\"hash\":\"")
                    .append(hash).append("\",\"algorithm\":\"SHA-256\"}");
        }
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}").getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(("{\"files\":[" + list + "]}").getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] withSignature(Map<String, byte[]> files, String input, byte[] signature) {
        String jwt = input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        Map<String, byte[]> all = new LinkedHashMap<>(files);
        all.put(".signatures.json", ("{\"signatures\":[\"" + jwt + "\"]}").getBytes(StandardCharsets.UTF_8));
        return TarGz.of(all);
    }
}
