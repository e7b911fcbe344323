package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Jdk;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Certificates made by the JDK's keytool for the TLS tests: a test CA and another CA; a server certificate
 * the test CA signed for 127.0.0.1 and localhost, and one it signed for another host name only; each
 * server's chain and PKCS#8 key as PEM files, as an operator has them.
 */
record TestCertificates(Path dir) {

    private static final String PASS = "changeit";

    static TestCertificates make(Jdk jdk, Path dir) throws Exception {
        TestCertificates c = new TestCertificates(dir);
        c.keytool(jdk, "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=cmdgate test CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", "ca.p12");
        c.keytool(jdk, "-exportcert", "-rfc", "-alias", "ca", "-keystore", "ca.p12", "-file", "ca.pem");
        c.keytool(jdk, "-genkeypair", "-alias", "other", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=other CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", "other.p12");
        c.keytool(jdk, "-exportcert", "-rfc", "-alias", "other", "-keystore", "other.p12", "-file", "other.pem");
        c.signed(jdk, "server", "san=ip:127.0.0.1,dns:localhost");
        c.signed(jdk, "elsewhere", "san=dns:elsewhere.example");
        return c;
    }

    Path ca() {
        return dir.resolve("ca.pem");
    }

    Path otherCa() {
        return dir.resolve("other.pem");
    }

    Path serverChain() {
        return dir.resolve("server-chain.pem");
    }

    Path serverKey() {
        return dir.resolve("server-key.pem");
    }

    Path elsewhereChain() {
        return dir.resolve("elsewhere-chain.pem");
    }

    Path elsewhereKey() {
        return dir.resolve("elsewhere-key.pem");
    }

    /** A TLS context that trusts the test CA: the test's own client of the page's API. */
    SSLContext trusting() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(ca())) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    /** NAME's key pair, its certificate signed by the test CA with the SAN given, as NAME-chain.pem and NAME-key.pem. */
    private void signed(Jdk jdk, String name, String san) throws Exception {
        String store = name + ".p12";
        keytool(jdk, "-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-validity", "2", "-keystore", store);
        keytool(jdk, "-certreq", "-alias", name, "-keystore", store, "-file", name + ".csr");
        keytool(jdk, "-gencert", "-rfc", "-alias", "ca", "-keystore", "ca.p12", "-infile", name + ".csr", "-outfile", name + ".pem",
                "-validity", "2", "-ext", san);
        Files.writeString(dir.resolve(name + "-chain.pem"), Files.readString(dir.resolve(name + ".pem"))
                + Files.readString(ca()));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(store))) {
            ks.load(in, PASS.toCharArray());
        }
        PrivateKey key = (PrivateKey) ks.getKey(name, PASS.toCharArray());
        Files.writeString(dir.resolve(name + "-key.pem"), "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
    }

    private void keytool(Jdk jdk, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.home().resolve("bin").resolve("keytool").toString());
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("-storepass", PASS, "-storetype", "PKCS12"));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("keytool " + String.join(" ", args) + ": " + out).isZero();
    }
}
