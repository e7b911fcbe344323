package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.testsupport.TarGz;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** OPA-format bundles: a gzipped tar with .manifest, data.json and .signatures.json, signed as opa sign does. */
class BundleTest {

    static final String PASSPORT = "{\"passport_id\":\"pp-b\",\"status\":\"active\",\"capabilities\":[{\"id\":\"system.command.execute\"}],"
            + "\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"echo\"],\"max_execution_time\":60}}}";
    static final String MANIFEST = "{\"revision\":\"42\",\"roots\":[\"\"]}";

    /** .signatures.json for the files, as opa sign writes it: one JWT whose payload lists each file's hash. */
    static byte[] sign(Map<String, byte[]> files, KeyPair keys, String alg, String jca) throws Exception {
        return sign(files, keys, alg, jca, "SHA-256");
    }

    static byte[] sign(Map<String, byte[]> files, KeyPair keys, String alg, String jca, String hashAlg) throws Exception {
        StringBuilder list = new StringBuilder();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            String hash = HexFormat.of().formatHex(BundleHash.digest(f.getKey(), f.getValue(), BundleHash.Algorithm.named(hashAlg),
                    "test"));
            list.append(list.length() == 0 ? "" : ",").append("{\"name\":\"").append(f.getKey())
                    .append("\",\"hash\":\"").append(hash).append("\",\"algorithm\":\"").append(hashAlg).append("\"}");
        }
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString(("{\"alg\":\"" + alg + "\",\"kid\":\"k\"}").getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(("{\"files\":[" + list + "]}").getBytes(StandardCharsets.UTF_8));
        Signature s = Signature.getInstance(jca);
        s.initSign(keys.getPrivate());
        s.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
        String jwt = header + "." + payload + "." + b64.encodeToString(s.sign());
        return ("{\"signatures\":[\"" + jwt + "\"]}").getBytes(StandardCharsets.UTF_8);
    }

    static Map<String, byte[]> content(String passport) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(".manifest", MANIFEST.getBytes(StandardCharsets.UTF_8));
        files.put("data.json", passport.getBytes(StandardCharsets.UTF_8));
        return files;
    }

    static BundleTrust trust(KeyPair k) {
        return BundleTrust.publicKey(k.getPublic(), null, null);
    }

    static KeyPair keys(String alg) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg);
        if (alg.equals("EC")) {
            g.initialize(new ECGenParameterSpec("secp256r1"));
        }
        return g.generateKeyPair();
    }

    private static byte[] signedBundle(KeyPair k, String alg, String jca) throws Exception {
        Map<String, byte[]> files = content(PASSPORT);
        byte[] sig = sign(files, k, alg, jca);
        files.put(".signatures.json", sig);
        return TarGz.of(files);
    }

    @Test
    void signedBundlesLoadWithEachAlgorithm() throws Exception {
        for (String[] a : new String[][] {{"Ed25519", "EdDSA", "Ed25519"}, {"EC", "ES256", "SHA256withECDSAinP1363Format"},
                {"RSA", "RS256", "SHA256withRSA"}}) {
            KeyPair k = keys(a[0]);
            Bundle b = Bundle.read(signedBundle(k, a[1], a[2]), "test", trust(k));
            assertThat(b.revision()).isEqualTo("42");
            assertThat(b.passport().passportId()).isEqualTo("pp-b");
        }
    }

    @Test
    void anEditedFileAWrongKeyOrNoSignatureIsRejected() throws Exception {
        KeyPair k = keys("Ed25519");
        Map<String, byte[]> files = content(PASSPORT);
        byte[] sig = sign(files, k, "EdDSA", "Ed25519");
        files.put("data.json", PASSPORT.replace("\"echo\"", "\"rm\"").getBytes(StandardCharsets.UTF_8));
        files.put(".signatures.json", sig);
        assertThatThrownBy(() -> Bundle.read(TarGz.of(files), "test", trust(k))).isInstanceOf(PassportException.class)
                .hasMessageStartingWith("bundle test: data.json: digest mismatch (want: ");

        assertThatThrownBy(() -> Bundle.read(signedBundle(k, "EdDSA", "Ed25519"), "test", trust(keys("Ed25519"))))
                .hasMessageStartingWith("bundle test: failed to verify JWT signature: EdDSA verification error (not signed by");
        assertThatThrownBy(() -> Bundle.read(TarGz.of(content(PASSPORT)), "test", trust(k)))
                .hasMessageContaining("not signed (no .signatures.json)");
        KeyPair rsa = keys("RSA");
        assertThatThrownBy(() -> Bundle.read(signedBundle(k, "EdDSA", "Ed25519"), "test", trust(rsa)))
                .hasMessageContaining("signed with alg EdDSA, which the configured RSA key cannot verify");
        // without a configured key an unsigned bundle loads
        assertThat(Bundle.read(TarGz.of(content(PASSPORT)), "test", null).revision()).isEqualTo("42");
    }

    @Test
    void structuredFilesAreHashedOverSortedKeysLikeOpa() {
        byte[] a = BundleHash.digest("data.json", "{\"b\":1, \"a\":[true,null,\"x\\u0001\"]}".getBytes(StandardCharsets.UTF_8),
                BundleHash.Algorithm.SHA_256, "t");
        byte[] b = BundleHash.digest("data.json", "{\"a\":[true,null,\"x\\u0001\"],\"b\":1}".getBytes(StandardCharsets.UTF_8),
                BundleHash.Algorithm.SHA_256, "t");
        assertThat(a).isEqualTo(b);
        // OPA's walk of {"a":[true,null,"x\u0001"],"b":1}
        assertThat(HexFormat.of().formatHex(a)).isEqualTo(sha256("{\"a\":[true,null,\"x\\u0001\"],\"b\":1}"));
    }

    @Test
    void withAKeyOnlyASignedBundleWithARevisionIsAPolicy() throws Exception {
        KeyPair k = keys("Ed25519");
        // a plain passport document is never checked against a key: with one, it is refused whatever it says
        assertThatThrownBy(() -> PolicyDocument.parse(PASSPORT.getBytes(StandardCharsets.UTF_8), "test", trust(k)))
                .hasMessageStartingWith("policy test: not a bundle (a gzipped tar); with the configured")
                .hasMessageEndingWith("key only a bundle signed with it is accepted");
        // a signed bundle without a revision could be served again after a newer one: refused
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("data.json", PASSPORT.getBytes(StandardCharsets.UTF_8));
        files.put(".signatures.json", sign(files, k, "EdDSA", "Ed25519"));
        assertThatThrownBy(() -> PolicyDocument.parse(TarGz.of(files), "test", trust(k)))
                .hasMessageContaining("its .manifest names no revision");
        assertThat(PolicyDocument.parse(signedBundle(k, "EdDSA", "Ed25519"), "test", trust(k)).revision()).isEqualTo("42");
        // without a key both are policies, as before
        assertThat(PolicyDocument.parse(PASSPORT.getBytes(StandardCharsets.UTF_8), "test", null).passport().passportId())
                .isEqualTo("pp-b");
    }

    @Test
    void weakDigestsAndUnsignedFilesAreRefused() throws Exception {
        KeyPair k = keys("Ed25519");
        Map<String, byte[]> files = content(PASSPORT);
        files.put(".signatures.json", sign(files, k, "EdDSA", "Ed25519"));
        files.put("extra.rego", "package x".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> Bundle.read(TarGz.of(files), "test", trust(k)))
                .hasMessage("bundle test: file extra.rego not included in bundle signature");
        Map<String, byte[]> md5 = content(PASSPORT);
        md5.put(".signatures.json", sign(md5, k, "EdDSA", "Ed25519", "MD5"));
        assertThatThrownBy(() -> Bundle.read(TarGz.of(md5), "test", trust(k)))
                .hasMessageContaining("is signed by its MD5 digest, which proves nothing");
    }

    /**
     * The same files packed again (another order in the tar, another compression, a gzip header time) are the
     * same content, also when signed again; another file content is not.
     */
    @Test
    void theContentIsTheFilesNotTheArchive() throws Exception {
        KeyPair k = keys("Ed25519");
        Map<String, byte[]> files = content(PASSPORT);
        files.put(".signatures.json", sign(files, k, "EdDSA", "Ed25519"));
        byte[] first = TarGz.of(files);
        Map<String, byte[]> reordered = new LinkedHashMap<>();
        reordered.put(".signatures.json", files.get(".signatures.json"));
        reordered.put("data.json", files.get("data.json"));
        reordered.put(".manifest", files.get(".manifest"));
        byte[] again = TarGz.of(reordered);
        again[4] = 0x5a;   // another gzip MTIME
        assertThat(again).isNotEqualTo(first);
        Bundle a = Bundle.read(first, "test", trust(k));
        assertThat(Bundle.read(again, "test", trust(k)).content()).isEqualTo(a.content());
        Map<String, byte[]> resigned = content(PASSPORT);
        resigned.put(".signatures.json", sign(resigned, keys("Ed25519"), "EdDSA", "Ed25519"));
        assertThat(Bundle.read(TarGz.of(resigned), "test", null).content()).isEqualTo(a.content());
        Map<String, byte[]> other = content(PASSPORT.replace("\"echo\"", "\"echo\",\"touch\""));
        other.put(".signatures.json", sign(other, k, "EdDSA", "Ed25519"));
        assertThat(Bundle.read(TarGz.of(other), "test", trust(k)).content()).isNotEqualTo(a.content());
    }

    /** With a key, a bundle whose revision has no known order (a commit hash) is refused, saying which formats do. */
    @Test
    void withAKeyARevisionWithoutAnOrderIsRefused() throws Exception {
        KeyPair k = keys("Ed25519");
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(".manifest", "{\"revision\":\"1b2c3d4e5f60718293a4b5c6d7e8f90123456789\"}".getBytes(StandardCharsets.UTF_8));
        files.put("data.json", PASSPORT.getBytes(StandardCharsets.UTF_8));
        files.put(".signatures.json", sign(files, k, "EdDSA", "Ed25519"));
        byte[] bundle = TarGz.of(files);
        assertThatThrownBy(() -> PolicyDocument.parse(bundle, "test", trust(k)))
                .hasMessageContaining("revision '1b2c3d4e5f60718293a4b5c6d7e8f90123456789' has no order cmdgate knows")
                .hasMessageContaining("a whole number (42), an RFC 3339 timestamp");
        assertThat(PolicyDocument.parse(bundle, "test", null).revision()).as("without a key a revision is opaque")
                .isEqualTo("1b2c3d4e5f60718293a4b5c6d7e8f90123456789");
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
