package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeys;
import dev.cmdgate.testsupport.TarGz;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Open Policy Agent's own code produced in its test suite (the resource {@code opa-bundle-signing.json};
 * see its NOTICE): cmdgate must agree with OPA on every vector — each file digest byte for byte, each bundle
 * loaded or rejected as OPA does it with an error naming the same cause, each token verified or refused.
 * Bundles are built by this test from the listed files and served over loopback HTTP, fetched the way the
 * poller fetches a policy.
 */
class OpaBundleVectorsTest {

    @TempDir
    Path tmp;

    private HttpServer server;
    private volatile byte[] served;
    private Map<String, Object> vectors;

    @BeforeEach
    void load() throws Exception {
        try (InputStream in = OpaBundleVectorsTest.class.getResourceAsStream("opa-bundle-signing.json")) {
            vectors = JsonParser.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/bundle.tar.gz", ex -> {
            byte[] b = served;
            ex.getResponseHeaders().set("Content-Type", "application/gzip");
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> list(String name) {
        return (List<Map<String, Object>>) vectors.get(name);
    }

    @Test
    void everyDigestIsOpasByteForByte() {
        List<Map<String, Object>> digests = list("digests");
        assertThat(digests).isNotEmpty();
        for (Map<String, Object> d : digests) {
            String file = (String) d.get("file");
            BundleHash.Algorithm alg = BundleHash.Algorithm.named((String) d.get("algorithm"));
            assertThat(alg).as(file).isNotNull();
            byte[] got = BundleHash.digest(file, ((String) d.get("content")).getBytes(StandardCharsets.UTF_8), alg, "vector");
            assertThat(HexFormat.of().formatHex(got)).as(file + " " + d.get("algorithm")).isEqualTo(d.get("hex"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyBundleLoadsOrIsRejectedAsOpaDoes() throws Exception {
        List<Map<String, Object>> bundles = list("bundles");
        assertThat(bundles).hasSize(6);
        for (Map<String, Object> v : bundles) {
            String name = (String) v.get("name");
            Map<String, Object> key = (Map<String, Object>) v.get("key");
            BundleTrust trust = BundleTrust.secret(((String) key.get("secret")).getBytes(StandardCharsets.UTF_8),
                    (String) key.get("kid"), (String) v.get("scope"));
            String base = v.get("base_dir") == null ? "" : v.get("base_dir") + "/";
            Map<String, byte[]> files = new LinkedHashMap<>();
            for (List<String> f : (List<List<String>>) v.get("files")) {
                files.put(base + f.get(0), f.get(1).getBytes(StandardCharsets.UTF_8));
            }
            files.put(base + ".signatures.json", Json.write(v.get("signatures")).getBytes(StandardCharsets.UTF_8));
            served = TarGz.of(files);
            byte[] fetched = fetch();
            assertThat(fetched).as(name).isEqualTo(served);
            if ("load".equals(v.get("expect"))) {
                Map<String, byte[]> verified = Bundle.verified(fetched, "bundle vector", trust);
                files.remove(base + ".signatures.json");
                assertThat(verified.keySet()).as(name).containsExactlyElementsOf(files.keySet());
            } else {
                assertThat(v.get("expect")).as(name).isEqualTo("reject");
                assertThatThrownBy(() -> Bundle.verified(fetched, "bundle vector", trust)).as(name)
                        .isInstanceOf(PassportException.class)
                        .satisfies(e -> assertSameCause(name, (String) v.get("opa_error"), e.getMessage()));
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyTokenVerifiesOrFailsAsWithOpa() throws Exception {
        List<Map<String, Object>> tokens = list("tokens");
        assertThat(tokens).hasSize(4);
        int n = 0;
        for (Map<String, Object> v : tokens) {
            String name = (String) v.get("name");
            BundleTrust trust;
            if (v.get("public_key_pem") instanceof String pem) {
                Path file = Files.writeString(tmp.resolve("key" + n++ + ".pem"), pem);
                trust = BundleTrust.publicKey(SigningKeys.readAnyPublicKey(file), null, (String) v.get("scope"));
            } else {
                trust = BundleTrust.secret(((String) v.get("secret")).getBytes(StandardCharsets.UTF_8), null, (String) v.get("scope"));
            }
            String jwt = (String) v.get("token");
            if ("verify".equals(v.get("expect"))) {
                BundleSignature.Token t = BundleSignature.token(jwt, "token");
                trust.verify(t, "token");
                List<Map<String, Object>> want = (List<Map<String, Object>>) v.get("signed_files");
                List<BundleSignature.SignedFile> got = new ArrayList<>(t.files().values());
                assertThat(got).as(name).hasSameSizeAs(want);
                for (int i = 0; i < want.size(); i++) {
                    assertThat(got.get(i)).as(name).isEqualTo(new BundleSignature.SignedFile((String) want.get(i).get("name"),
                            (String) want.get(i).get("hash"), (String) want.get(i).get("algorithm")));
                }
                // the names as they appear: OPA's "SHA-256" and other signers' "sha256" are one algorithm
                assertThat(BundleHash.Algorithm.named("sha256")).isSameAs(BundleHash.Algorithm.named("SHA-256"));
            } else {
                assertThat(v.get("expect")).as(name).isEqualTo("fail");
                BundleTrust t = trust;
                assertThatThrownBy(() -> t.verify(BundleSignature.token(jwt, "token"), "token")).as(name)
                        .isInstanceOf(PassportException.class)
                        .satisfies(e -> assertSameCause(name, (String) v.get("opa_error"), e.getMessage()));
            }
        }
    }

    @Test
    void theDeprecatedKeyidClaimNamesTheKeyWhenTheHeaderDoesNot() {
        java.util.Base64.Encoder b64 = java.util.Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"HS256\"}".getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString("{\"files\":[],\"keyid\":\"old\"}".getBytes(StandardCharsets.UTF_8));
        BundleSignature.Token t = BundleSignature.token(header + "." + payload + ".c2ln", "token");
        assertThat(t.keyId()).isEqualTo("old");
        BundleTrust other = BundleTrust.secret("s".getBytes(StandardCharsets.UTF_8), "new", null);
        assertThatThrownBy(() -> other.verify(t, "token")).hasMessage("token: the signature names key old, not new"
                + " (cmdgate.policy.key.id)");
    }

    /**
     * cmdgate's message names OPA's cause: each part of OPA's error (split at ": "), without the Go package
     * that reported it ({@code jwsbb}, {@code crypto/rsa}), appears in it.
     */
    private static void assertSameCause(String vector, String opaError, String ours) {
        String cause = opaError.replace("jwsbb: ", "").replace("crypto/rsa: ", "");
        for (String part : cause.split(": ")) {
            if (!ours.contains(part)) {
                fail(vector + ": OPA says '" + opaError + "', cmdgate '" + ours + "' (missing '" + part + "')");
            }
        }
    }

    private byte[] fetch() throws Exception {
        URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/bundle.tar.gz");
        AgentConfig.RemotePolicy config = new AgentConfig.RemotePolicy(url, Duration.ofSeconds(30), Duration.ofMinutes(5),
                AgentConfig.OnStale.BLOCK, null, Duration.ZERO, Duration.ofSeconds(10), Duration.ZERO, null, null, null, null,
                null, null);
        PolicyHttp.Answer a = new PolicyHttp(config).get(null);
        assertThat(a.status()).isEqualTo(200);
        return a.body();
    }
}
