package dev.cmdgate.core.policy;

import static dev.cmdgate.core.policy.Trees.cmd;
import static dev.cmdgate.core.policy.Trees.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigningTest {

    @TempDir
    Path tmp;

    private static Path resource(String name) throws Exception {
        return Path.of(SigningTest.class.getResource("/oap/" + name).toURI());
    }

    private OapDecision decide(DecisionSigner signer, List<String> argv) {
        OapPolicy policy = new OapPolicy(PassportSource.fixed(Passports.seed()), new PassportEvaluator(), signer,
                Clock.fixed(Instant.parse("2026-02-14T22:00:00.750Z"), ZoneOffset.UTC));
        return policy.evaluate(LaunchFacts.of(argv, Path.of("/workspace"), Map.of(), null, tree(cmd(argv.toArray(String[]::new)))));
    }

    @Test
    void keygenWritesPemFilesThatLoadBack() throws IOException {
        SigningKeys.GeneratedKeys keys = SigningKeys.generate(tmp.resolve("keys"));
        assertThat(keys.privateKeyFile().getFileName().toString()).isEqualTo("cmdgate-signing.pem");
        assertThat(keys.publicKeyFile().getFileName().toString()).isEqualTo("cmdgate-signing.pub.pem").contains("pub");
        String priv = Files.readString(keys.privateKeyFile());
        String pub = Files.readString(keys.publicKeyFile());
        assertThat(priv).startsWith("-----BEGIN PRIVATE KEY-----\n").endsWith("-----END PRIVATE KEY-----\n");
        assertThat(pub).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("-----END PUBLIC KEY-----\n");
        assertThat(Files.getPosixFilePermissions(keys.privateKeyFile()))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        PrivateKey loadedPriv = SigningKeys.readPrivateKey(keys.privateKeyFile());
        PublicKey loadedPub = SigningKeys.readPublicKey(keys.publicKeyFile());
        assertThat(loadedPriv.getEncoded()).isEqualTo(keys.keyPair().getPrivate().getEncoded());
        assertThat(loadedPub.getEncoded()).isEqualTo(keys.keyPair().getPublic().getEncoded());
        assertThat(SigningKeys.publicKeyOf(loadedPriv).getEncoded()).isEqualTo(loadedPub.getEncoded());
        assertThat(keys.kid()).isEqualTo(SigningKeys.keyId(loadedPub)).matches("cmdgate:[0-9a-f]{32}");
        assertThatThrownBy(() -> SigningKeys.generate(tmp.resolve("keys")))
                .isInstanceOf(SigningKeyException.class).hasMessageContaining("already exists; not overwriting a key");
    }

    @Test
    void readsKeysWrittenByOpenssl() throws Exception {
        PrivateKey priv = SigningKeys.readPrivateKey(resource("openssl-ed25519.pem"));
        PublicKey pub = SigningKeys.readPublicKey(resource("openssl-ed25519.pub.pem"));
        assertThat(SigningKeys.publicKeyOf(priv).getEncoded()).isEqualTo(pub.getEncoded());
        // `openssl pkey -pubout -outform DER | sha256sum`
        assertThat(SigningKeys.keyId(pub)).isEqualTo("cmdgate:5fe900eda1e4ab62bae3edf4423a4c1f");
    }

    /** RFC 8032 section 7.1, test 1: the public key derivation and the JDK's signature. */
    @Test
    void rfc8032TestVector1() throws Exception {
        HexFormat hex = HexFormat.of();
        byte[] pkcs8 = hex.parseHex("302e020100300506032b657004220420"
                + "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        PrivateKey key = KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        byte[] spki = SigningKeys.publicKeyOf(key).getEncoded();
        assertThat(hex.formatHex(spki)).isEqualTo("302a300506032b6570032100"
                + "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(key);
        assertThat(hex.formatHex(s.sign())).isEqualTo("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    }

    @Test
    void derivationAgreesWithTheJdkForManyKeys() {
        for (int i = 0; i < 20; i++) {
            var kp = SigningKeys.generate();
            assertThat(SigningKeys.publicKeyOf(kp.getPrivate()).getEncoded()).isEqualTo(kp.getPublic().getEncoded());
        }
    }

    @Test
    void badKeyFilesAreOneClearLine() throws IOException {
        Path missing = tmp.resolve("none.pem");
        assertThatThrownBy(() -> SigningKeys.readPrivateKey(missing)).isInstanceOf(SigningKeyException.class)
                .hasMessage(missing + ": file not found");
        Path text = Files.writeString(tmp.resolve("x.pem"), "hello");
        assertThatThrownBy(() -> SigningKeys.readPrivateKey(text)).hasMessage(text + ": no '-----BEGIN PRIVATE KEY-----' block found");
        SigningKeys.GeneratedKeys keys = SigningKeys.generate(tmp.resolve("k"));
        // the two halves mixed up: said as such, either way round
        assertThatThrownBy(() -> SigningKeys.readPrivateKey(keys.publicKeyFile()))
                .hasMessage(keys.publicKeyFile() + " is a public key; signing needs the private key (cmdgate-signing.pem)");
        assertThatThrownBy(() -> SigningKeys.readPublicKey(keys.privateKeyFile()))
                .hasMessage(keys.privateKeyFile() + " is a private key; give the public key (cmdgate-signing.pub.pem,"
                        + " written beside it by keygen)");
        Path rsa = Files.writeString(tmp.resolve("rsa.pem"), "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----\n");
        assertThatThrownBy(() -> SigningKeys.readPrivateKey(rsa)).hasMessageStartingWith("signing key " + rsa + ": not an Ed25519 private key");
    }

    @Test
    void signedDecisionsVerifyAndCarryTheKid() {
        SigningKeys.GeneratedKeys keys = SigningKeys.generate(tmp);
        DecisionSigner signer = DecisionSigner.load(keys.privateKeyFile());
        OapDecision d = decide(signer, List.of("sudo", "ls"));
        Map<String, Object> json = d.toJson();
        assertThat(json.keySet()).containsExactly("decision_id", "policy_id", "passport_id", "owner_id", "assurance_level",
                "allow", "reasons", "issued_at", "expires_at", "passport_digest", "signature", "kid");
        assertThat((String) json.get("signature")).matches("ed25519:[A-Za-z0-9+/]{86}==");
        assertThat(json.get("kid")).isEqualTo(keys.kid());
        assertThat(DecisionVerifier.verify(json, keys.keyPair().getPublic()).valid()).isTrue();
        // as an audit/CLI line would carry it: serialised, parsed back
        Map<String, Object> reparsed = JsonParser.parseObject(Json.write(json));
        DecisionVerifier.Result r = DecisionVerifier.verify(reparsed, SigningKeys.readPublicKey(keys.publicKeyFile()));
        assertThat(r.valid()).isTrue();
        assertThat(r.message()).isEqualTo("valid signature on decision " + d.decisionId() + " (allow=false) by " + keys.kid());
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("class", "Destructive");
        line.put("oap", json);
        assertThat(DecisionVerifier.verifyLine(Json.write(line), keys.keyPair().getPublic()).valid()).isTrue();
        assertThat(DecisionVerifier.verifyLine(Json.write(json), keys.keyPair().getPublic()).valid()).isTrue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void tamperedDecisionsFailVerification() {
        SigningKeys.GeneratedKeys keys = SigningKeys.generate(tmp);
        DecisionSigner signer = new DecisionSigner(keys.keyPair().getPrivate());
        PublicKey pub = keys.keyPair().getPublic();
        Map<String, Object> original = JsonParser.parseObject(Json.write(decide(signer, List.of("sudo", "ls")).toJson()));

        Map<String, Object> flipped = new LinkedHashMap<>(original);
        flipped.put("allow", true);
        assertThat(DecisionVerifier.verify(flipped, pub).valid()).isFalse();
        assertThat(DecisionVerifier.verify(flipped, pub).message()).startsWith("signature does not verify");

        Map<String, Object> reason = new LinkedHashMap<>(original);
        List<Object> reasons = new ArrayList<>((List<Object>) reason.get("reasons"));
        Map<String, Object> first = new LinkedHashMap<>((Map<String, Object>) reasons.get(0));
        first.put("message", "All policy checks passed");
        reasons.set(0, first);
        reason.put("reasons", reasons);
        assertThat(DecisionVerifier.verify(reason, pub).valid()).isFalse();

        Map<String, Object> dropped = new LinkedHashMap<>(original);
        dropped.put("reasons", ((List<Object>) original.get("reasons")).subList(0, 1));
        assertThat(((List<Object>) original.get("reasons"))).hasSizeGreaterThan(1);
        assertThat(DecisionVerifier.verify(dropped, pub).valid()).isFalse();

        Map<String, Object> later = new LinkedHashMap<>(original);
        later.put("expires_at", "2099-01-01T00:00:00Z");
        assertThat(DecisionVerifier.verify(later, pub).valid()).isFalse();

        Map<String, Object> extra = new LinkedHashMap<>(original);
        extra.put("note", "x");
        assertThat(DecisionVerifier.verify(extra, pub).valid()).isFalse();

        // the kid is not covered by the signature, but a wrong key never verifies
        Map<String, Object> otherKid = new LinkedHashMap<>(original);
        otherKid.put("kid", "someone-else");
        assertThat(DecisionVerifier.verify(otherKid, pub).valid()).isTrue();
        assertThat(DecisionVerifier.verify(otherKid, pub).message()).contains("note: its kid says someone-else");
        assertThat(DecisionVerifier.verify(original, SigningKeys.generate().getPublic()).valid()).isFalse();

        Map<String, Object> garbage = new LinkedHashMap<>(original);
        garbage.put("signature", "ed25519:!!!");
        assertThat(DecisionVerifier.verify(garbage, pub).message()).isEqualTo("\"signature\" is not valid base64");
        garbage.put("signature", "rsa:abc");
        assertThat(DecisionVerifier.verify(garbage, pub).valid()).isFalse();
        garbage.remove("signature");
        assertThat(DecisionVerifier.verify(garbage, pub).message()).isEqualTo("decision is not signed (no \"signature\" field)");
        assertThat(DecisionVerifier.verifyLine("not json", pub).valid()).isFalse();
        assertThat(DecisionVerifier.verifyLine("{\"a\":1}", pub).message()).startsWith("no OAP decision");
    }

    /** A decision signed by openssl (pkeyutl -rawin over node's JCS output) verifies with our verifier. */
    @Test
    void verifiesADecisionSignedByAnotherImplementation() throws Exception {
        String line = Files.readString(resource("openssl-signed-decision.json")).trim();
        PublicKey pub = SigningKeys.readPublicKey(resource("openssl-ed25519.pub.pem"));
        assertThat(DecisionVerifier.verifyLine(line, pub).valid()).isTrue();
        assertThat(DecisionVerifier.verifyLine(line.replace("\"allow\":false", "\"allow\":true"), pub).valid()).isFalse();
        // and our signer produces the very same signature for the same content (Ed25519 is deterministic)
        Map<String, Object> d = JsonParser.parseObject(line);
        Map<String, Object> unsigned = new LinkedHashMap<>(d);
        unsigned.remove("signature");
        unsigned.remove("kid");
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(SigningKeys.readPrivateKey(resource("openssl-ed25519.pem")));
        s.update(dev.cmdgate.core.json.Jcs.canonicalBytes(unsigned));
        assertThat("ed25519:" + Base64.getEncoder().encodeToString(s.sign())).isEqualTo(d.get("signature"));
    }

    @Test
    void unsignedDecisionsHaveNoSignatureFields() {
        Map<String, Object> json = decide(null, List.of("ls")).toJson();
        assertThat(json).doesNotContainKeys("signature", "kid");
    }
}
