package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLSocketFactory;

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
        this.tls = Tls.clientFactory(config.transport());
    }

    Answer get(String etag) throws IOException {
        int millis = (int) config.timeout().toMillis();
        boolean hold = etag != null && !config.longPoll().isZero();
        HttpURLConnection c = ServerConnection.open(config.url().toURL(), millis,
                hold ? millis + (int) config.longPoll().toMillis() : millis, config.transport(), tls);
        try {
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
}
