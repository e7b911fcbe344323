package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.cmdgate.agent.config.AgentConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy fetch over TLS against a real TLS server that asks for a client certificate: with the configured
 * CA, client certificate and bearer token the policy arrives and the server sees the token; a server the CA did
 * not sign, a missing client certificate, or a token a header cannot carry each fail the fetch (which keeps
 * the policy in force, or refuses launches when there is none). Certificates are made by the JDK's keytool.
 */
class PolicyHttpTlsTest {

    private static final String PASS = "changeit";
    private static final byte[] POLICY = "{\"policy\":\"test\"}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    static Path dir;

    private static HttpsServer server;
    private static URI url;
    private static final AtomicReference<String> AUTHORIZATION = new AtomicReference<>();

    @BeforeAll
    static void startServer() throws Exception {
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=cmdgate test CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", "ca.p12");
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", "ca.p12", "-file", "ca.pem");
        keytool("-genkeypair", "-alias", "other", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=other CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", "other.p12");
        keytool("-exportcert", "-rfc", "-alias", "other", "-keystore", "other.p12", "-file", "other.pem");
        signed("server", "san=ip:127.0.0.1,dns:localhost");
        signed("client", null);
        Files.writeString(dir.resolve("client-key.pem"), pkcs8Pem(key("client.p12", "client")));
        Files.writeString(dir.resolve("client-chain.pem"),
                Files.readString(dir.resolve("client.pem")) + Files.readString(dir.resolve("ca.pem")));

        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", certificates(dir.resolve("ca.pem")).get(0));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load("server.p12"), PASS.toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ctx) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters p = ctx.getDefaultSSLParameters();
                p.setNeedClientAuth(true);
                params.setSSLParameters(p);
            }
        });
        server.createContext("/policy.json", exchange -> {
            AUTHORIZATION.set(exchange.getRequestHeaders().getFirst("Authorization"));
            exchange.getResponseHeaders().add("ETag", "\"v1\"");
            exchange.sendResponseHeaders(200, POLICY.length);
            exchange.getResponseBody().write(POLICY);
            exchange.close();
        });
        server.start();
        url = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/policy.json");
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void with_the_ca_the_client_certificate_and_the_token_the_policy_arrives() throws Exception {
        Path token = dir.resolve("token");
        Files.writeString(token, "s3cr3t-token\n");
        PolicyHttp http = new PolicyHttp(remote(dir.resolve("ca.pem"), true, token));

        PolicyHttp.Answer answer = http.get(null);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo(POLICY);
        assertThat(answer.etag()).isEqualTo("\"v1\"");
        assertThat(AUTHORIZATION.get()).isEqualTo("Bearer s3cr3t-token");
    }

    @Test
    void a_server_the_configured_ca_did_not_sign_is_refused() throws Exception {
        PolicyHttp http = new PolicyHttp(remote(dir.resolve("other.pem"), true, null));

        assertThatThrownBy(() -> http.get(null)).isInstanceOf(IOException.class);
    }

    @Test
    void without_a_client_certificate_the_server_refuses() throws Exception {
        PolicyHttp http = new PolicyHttp(remote(dir.resolve("ca.pem"), false, null));

        assertThatThrownBy(() -> http.get(null)).isInstanceOf(IOException.class);
    }

    @Test
    void a_token_a_header_cannot_carry_is_not_sent() throws Exception {
        Path token = dir.resolve("bad-token");
        Files.writeString(token, "two words");
        AUTHORIZATION.set("untouched");
        PolicyHttp http = new PolicyHttp(remote(dir.resolve("ca.pem"), true, token));

        assertThatThrownBy(() -> http.get(null)).isInstanceOf(IOException.class).hasMessageContaining("token");
        assertThat(AUTHORIZATION.get()).isEqualTo("untouched");
    }

    private static AgentConfig.RemotePolicy remote(Path ca, boolean clientCertificate, Path token) {
        return new AgentConfig.RemotePolicy(url, Duration.ofSeconds(30), Duration.ofMinutes(5), AgentConfig.OnStale.BLOCK,
                null, Duration.ZERO, Duration.ofSeconds(10), Duration.ZERO, null, ca,
                clientCertificate ? dir.resolve("client-chain.pem") : null,
                clientCertificate ? dir.resolve("client-key.pem") : null, token, null);
    }

    /** A key pair NAME in NAME.p12 whose certificate the test CA signed (NAME.pem), with the given SAN extension. */
    private static void signed(String name, String san) throws Exception {
        String store = name + ".p12";
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-validity", "2", "-keystore", store);
        keytool("-certreq", "-alias", name, "-keystore", store, "-file", name + ".csr");
        List<String> sign = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore", "ca.p12",
                "-infile", name + ".csr", "-outfile", name + ".pem", "-validity", "2"));
        if (san != null) {
            sign.addAll(List.of("-ext", san));
        }
        keytool(sign.toArray(new String[0]));
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", "ca.pem", "-keystore", store);
        keytool("-importcert", "-alias", name, "-file", name + ".pem", "-keystore", store);
    }

    /** The JDK's keytool in the test directory, with the test password; fails the test when it fails. */
    private static void keytool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("-storepass", PASS, "-storetype", "PKCS12"));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("keytool " + String.join(" ", args) + ": " + out).isZero();
    }

    private static KeyStore load(String store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(store))) {
            ks.load(in, PASS.toCharArray());
        }
        return ks;
    }

    private static PrivateKey key(String store, String alias) throws Exception {
        return (PrivateKey) load(store).getKey(alias, PASS.toCharArray());
    }

    private static String pkcs8Pem(PrivateKey key) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(key.getEncoded()) + "\n-----END PRIVATE KEY-----\n";
    }

    private static List<Certificate> certificates(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return new ArrayList<>(CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
    }
}
