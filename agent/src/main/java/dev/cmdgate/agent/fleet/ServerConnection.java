package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;

/**
 * How cmdgate talks to its servers (the policy server, the decision point, the approval service): the JDK's own
 * {@code HttpURLConnection} (in {@code java.base}: it opens sockets and never starts a process), no proxy,
 * no cache, no redirect followed, bounded connect and read times, and a bearer token read at each request,
 * so a rotated token file is picked up.
 */
public final class ServerConnection {

    private ServerConnection() {
    }

    /**
     * A connection, not yet connected, with the transport's bearer token, and {@code tls} (from
     * {@link Tls#clientFactory}; null: the JDK's defaults) for an https URL.
     */
    public static HttpURLConnection open(URL url, int connectMillis, int readMillis, AgentConfig.Transport transport,
                                         SSLSocketFactory tls) throws IOException {
        HttpURLConnection c = open(url, connectMillis, readMillis, transport.tokenFile(), transport.tokenEnv());
        if (c instanceof HttpsURLConnection https && tls != null) {
            https.setSSLSocketFactory(tls);
        }
        return c;
    }

    /** A connection, not yet connected, with the bearer token of {@code tokenFile} or {@code tokenVariable}. */
    static HttpURLConnection open(URL url, int connectMillis, int readMillis, Path tokenFile, String tokenVariable)
            throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.openConnection(Proxy.NO_PROXY);
        c.setConnectTimeout(connectMillis);
        c.setReadTimeout(readMillis);
        c.setUseCaches(false);
        c.setInstanceFollowRedirects(false);
        c.setRequestProperty("User-Agent", "cmdgate");
        String token = bearerToken(tokenFile, tokenVariable);
        if (token != null) {
            c.setRequestProperty("Authorization", "Bearer " + token);
        }
        return c;
    }

    /** The token, or null when neither source is configured (or the variable is unset). */
    private static String bearerToken(Path file, String variable) throws IOException {
        String t = null;
        if (file != null) {
            t = Files.readString(file, StandardCharsets.UTF_8);
        } else if (variable != null) {
            t = System.getenv(variable);
        }
        if (t == null) {
            return null;
        }
        t = t.strip();
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < 0x21 || t.charAt(i) > 0x7e) {
                throw new IOException("the bearer token holds characters a header cannot carry");
            }
        }
        if (t.isEmpty()) {
            throw new IOException("the bearer token is empty");
        }
        return t;
    }
}
