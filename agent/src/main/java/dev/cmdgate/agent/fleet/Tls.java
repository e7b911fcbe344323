package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import java.io.IOException;
import java.io.InputStream;
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
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS from PEM files, the form operators have them in: the trust anchors and client certificate of a
 * connection to one of cmdgate's servers ({@link AgentConfig.Transport}), and the certificate and key a
 * server of cmdgate's own presents. The host name is checked by the JDK's HTTPS connection as always.
 */
public final class Tls {

    private Tls() {
    }

    /**
     * The socket factory for a connection with these trust anchors and client certificate, or null when the
     * transport names neither (then the JDK's defaults apply).
     */
    public static SSLSocketFactory clientFactory(AgentConfig.Transport t) throws IOException, GeneralSecurityException {
        if (t.ca() == null && t.clientCert() == null) {
            return null;
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (t.ca() != null) {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            int i = 0;
            for (Certificate cert : certificates(t.ca())) {
                trust.setCertificateEntry("ca" + i++, cert);
            }
            if (i == 0) {
                throw new GeneralSecurityException(t.ca() + " holds no certificate");
            }
            tmf.init(trust);
        } else {
            tmf.init((KeyStore) null);
        }
        KeyManagerFactory kmf = t.clientCert() == null ? null : keyManagers(t.clientCert(), t.clientKey());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx.getSocketFactory();
    }

    /** The context of a server presenting the PEM certificate chain {@code cert} with the PKCS#8 PEM key {@code key}. */
    public static SSLContext serverContext(Path cert, Path key) throws IOException, GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(keyManagers(cert, key).getKeyManagers(), null, null);
        return ctx;
    }

    private static KeyManagerFactory keyManagers(Path cert, Path key) throws IOException, GeneralSecurityException {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        List<Certificate> chain = new ArrayList<>(certificates(cert));
        if (chain.isEmpty()) {
            throw new GeneralSecurityException(cert + " holds no certificate");
        }
        keys.setKeyEntry("key", privateKey(key), new char[0], chain.toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        return kmf;
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
