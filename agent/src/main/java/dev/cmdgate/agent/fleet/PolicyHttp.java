package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * One conditional GET of the policy ({@link ServerConnection}): {@code If-None-Match} with the ETag of the
 * policy in force, the configured trust anchors and client certificate. With long polling on and a
 * policy in force, the request asks the server to hold it until the policy changes ({@code Prefer: wait=N},
 * as OPA's bundle service does), and the read may take that much longer.
 */
final class PolicyHttp {

    /** A policy document or bundle larger than this is refused. */
    static final int MAX_BYTES = 8 << 20;

    /** What the server answered: 200 with a body, or 304. */
    record Answer(int status, String etag, byte[] body) {
    }

    private final AgentConfig.RemotePolicy config;
    private final SSLSocketFactory tls;

    PolicyHttp(AgentConfig.RemotePolicy config) throws IOException, GeneralSecurityException {
        this.config = config;
        this.tls = config.ca() == null && config.clientCert() == null ? null : sslContext(config).getSocketFactory();
    }

    Answer get(String etag) throws IOException {
        int millis = (int) config.timeout().toMillis();
        boolean hold = etag != null && !config.longPoll().isZero();
        HttpURLConnection c = ServerConnection.open(config.url().toURL(), millis,
                hold ? millis + (int) config.longPoll().toMillis() : millis, config.tokenFile(), config.tokenEnv());
        try {
            if (c instanceof HttpsURLConnection https && tls != null) {
                https.setSSLSocketFactory(tls);
            }
            c.setRequestProperty("Accept", "application/gzip, application/json");
            if (etag != null) {
                c.setRequestProperty("If-None-Match", etag);
            }
            if (hold) {
                c.setRequestProperty("Prefer", "wait=" + config.longPoll().toSeconds());
            }
            int status = c.getResponseCode();
            String newEtag = c.getHeaderField("ETag");
            if (status == HttpURLConnection.HTTP_NOT_MODIFIED) {
                drain(c.getErrorStream());
                return new Answer(status, newEtag, null);
            }
            if (status != HttpURLConnection.HTTP_OK) {
                drain(c.getErrorStream());
                throw new IOException("the server answered " + status + (c.getResponseMessage() == null ? "" : " " + c.getResponseMessage()));
            }
            try (InputStream in = c.getInputStream()) {
                return new Answer(status, newEtag, readLimited(in));
            }
        } finally {
            c.disconnect();
        }
    }

    private static byte[] readLimited(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[16384];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            if (out.size() > MAX_BYTES) {
                throw new IOException("the policy is larger than " + (MAX_BYTES >> 20) + " MiB");
            }
        }
        return out.toByteArray();
    }

    private static void drain(InputStream in) {
        if (in != null) {
            try (in) {
                in.readAllBytes();
            } catch (IOException ignored) {
                // an error body is of no use
            }
        }
    }

    /** Trust: the PEM certificates given (else the JDK's); key: the PEM client certificate and key, if given. */
    static SSLContext sslContext(AgentConfig.RemotePolicy config) throws IOException, GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (config.ca() != null) {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            int i = 0;
            for (Certificate cert : certificates(config.ca())) {
                trust.setCertificateEntry("ca" + i++, cert);
            }
            if (i == 0) {
                throw new GeneralSecurityException(config.ca() + " holds no certificate");
            }
            tmf.init(trust);
        } else {
            tmf.init((KeyStore) null);
        }
        KeyManagerFactory kmf = null;
        if (config.clientCert() != null) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            List<Certificate> chain = new ArrayList<>(certificates(config.clientCert()));
            keys.setKeyEntry("client", privateKey(config.clientKey()), new char[0], chain.toArray(new Certificate[0]));
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, new char[0]);
        }
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    private static Collection<? extends Certificate> certificates(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in);
        }
    }

    /** A PKCS#8 PEM private key: RSA, EC or Ed25519. */
    static PrivateKey privateKey(Path pem) throws IOException, GeneralSecurityException {
        String text = Files.readString(pem, StandardCharsets.US_ASCII);
        int begin = text.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = text.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new GeneralSecurityException(pem + " is not a PKCS#8 PEM private key (BEGIN PRIVATE KEY)");
        }
        byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + 27, end));
        for (String alg : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException tryNext) {
                // not this algorithm
            }
        }
        throw new GeneralSecurityException(pem + ": not an RSA, EC or Ed25519 private key");
    }
}
