package dev.cmdgate.agent.prompt.remote;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.fleet.ServerConnection;
import dev.cmdgate.agent.fleet.Tls;
import dev.cmdgate.agent.prompt.Answer;
import dev.cmdgate.agent.prompt.LaunchPrompt;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.prompt.PromptUnanswered;
import dev.cmdgate.agent.prompt.Prompter;
import dev.cmdgate.agent.prompt.Reply;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;

/**
 * Puts a launch to an approval service and waits for a person's answer. The request is posted to
 * {@code URL/api/v1/approvals}, first without a hold (the service answers at once: it has the request);
 * then the same bytes are posted again (the service knows them by decision id and hash), each post held
 * until the request is answered or up to {@value ApprovalProtocol#MAX_HOLD_SECONDS} s, until the deadline.
 *
 * <p>The service is given a deadline a little before {@code prompt.timeout} runs out, so an answer it
 * accepts in time reaches the launch in time; no post is held or read beyond {@code prompt.timeout}, so
 * the prompt thread is free when the resolver gives up. A service that cannot be reached on the first
 * post (down, refusing, a certificate that does not verify) is a deny at once; one that takes the
 * connection and never answers is a deny at the deadline, and so is one that expires the request it took
 * (410: its deadline came first) — both are recorded as no answer in time. Once it has taken the
 * request, a lost connection or a 5xx is taken for a restart: the post is tried again, every quarter of a
 * second, until the deadline — the service keeps pending requests across a restart. Any other status, and
 * any answer that does not read, is a deny, said in the exception's message.
 */
final class ApprovalClient implements Prompter {

    private static final long RETRY_MILLIS = 250;
    private static final int HTTP_GONE = 410;
    private static final long MAX_CONNECT_MILLIS = 5_000;

    private final AgentConfig.RemotePrompt config;
    private final Duration timeout;
    private final String agentId;
    private final URL endpoint;
    private final SSLSocketFactory tls;
    private volatile JvmSelf self;

    ApprovalClient(AgentConfig.RemotePrompt config, Duration timeout, String agentId)
            throws IOException, GeneralSecurityException {
        this.config = config;
        this.timeout = timeout;
        this.agentId = agentId;
        String base = config.url().toString();
        this.endpoint = new URL((base.endsWith("/") ? base : base + "/") + ApprovalProtocol.PATH);
        this.tls = Tls.clientFactory(config.transport());
    }

    @Override
    public String name() {
        return config.url().toString();
    }

    @Override
    public Answer answer(LaunchPrompt request) throws PromptUnanswered, InterruptedException {
        return reply(request).answer();
    }

    @Override
    public Reply reply(LaunchPrompt request) throws PromptUnanswered, InterruptedException {
        long start = System.nanoTime();
        long budget = timeout.toNanos();
        long margin = Math.min(Duration.ofSeconds(2).toNanos(), budget / 5);
        long end = start + budget;              // when the resolver stops waiting
        long deadline = end - margin;           // when the service stops taking answers
        JvmSelf me = self;
        if (me == null) {
            self = me = JvmSelf.current(config.service());
        }
        String id = request.asked() != null && request.asked().decisionId() != null ? request.asked().decisionId()
                : UUID.randomUUID().toString();
        byte[] body = ApprovalRequest.json(request, id, me, agentId, Instant.now().plusNanos(budget - margin),
                (budget - margin) / 1_000_000);
        String sha = ApprovalProtocol.sha256(body);
        boolean taken = false;
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw timedOut("");
            }
            // the first post is not held: once it is answered, the service has the request (and keeps it)
            int hold = taken ? (int) Math.min(ApprovalProtocol.MAX_HOLD_SECONDS, left / 1_000_000_000L) : 0;
            // a busy service may be slow to answer any post: wait for it as long as the launch waits, no longer
            long readMillis = Math.max(1, (end - System.nanoTime()) / 1_000_000 - 50);
            int connectMillis = (int) Math.max(1, Math.min(MAX_CONNECT_MILLIS, readMillis));
            Exchange x;
            try {
                x = post(body, hold, connectMillis, (int) readMillis);
            } catch (SSLException e) {
                throw unanswered("its certificate or TLS handshake failed: " + message(e));
            } catch (IOException e) {
                if (!taken) {
                    throw unanswered(e instanceof SocketTimeoutException ? "it did not answer in time" : message(e));
                }
                pause(Math.min(RETRY_MILLIS, left / 1_000_000));   // a restart, most likely: it keeps pending requests
                continue;
            }
            if (x.status() >= 500 && taken) {
                pause(Math.min(RETRY_MILLIS, left / 1_000_000));
                continue;
            }
            if (x.status() == HTTP_GONE && taken) {
                // the service reached the deadline it was given before this JVM did: the same outcome, no answer in time
                throw timedOut(" (it expired the request)");
            }
            if (x.status() != HttpURLConnection.HTTP_OK) {
                throw unanswered(refusal(x.status()));
            }
            ServiceAnswer a;
            try {
                a = ServiceAnswer.read(x.body(), id, sha);
            } catch (ServiceAnswer.BadAnswer e) {
                throw unanswered(e.getMessage());
            }
            if (a.reply() != null) {
                return a.reply();
            }
            taken = true;
        }
    }

    private PromptUnanswered timedOut(String how) {
        return new PromptUnanswered(PromptResolver.NO_ANSWER + "from the approval service " + config.url() + " within "
                + timeout.toSeconds() + " s" + how);
    }

    private PromptUnanswered unanswered(String why) {
        return new PromptUnanswered("the approval service " + config.url() + " gave no answer: " + why);
    }

    private static String refusal(int status) {
        return switch (status) {
            case 401, 403 -> "it refused this JVM (" + status + "): check cmdgate.prompt.token.file or prompt.token.env";
            case 409 -> "it holds another request under this decision id (409)";
            case 410 -> "the request expired there before anyone answered (410)";
            case 413 -> "the request is larger than it takes (413)";
            default -> "it answered with status " + status;
        };
    }

    private static String message(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    private static void pause(long millis) throws InterruptedException {
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    private record Exchange(int status, byte[] body) {
    }

    private Exchange post(byte[] body, int holdSeconds, int connectMillis, int readMillis) throws IOException {
        HttpURLConnection c = ServerConnection.open(endpoint, connectMillis, readMillis, config.transport(), tls);
        try {
            c.setDoOutput(true);
            c.setRequestMethod("POST");
            c.setRequestProperty("Content-Type", "application/json");
            c.setRequestProperty("Accept", "application/json");
            c.setRequestProperty("Prefer", "wait=" + holdSeconds);
            c.setFixedLengthStreamingMode(body.length);
            try (OutputStream out = c.getOutputStream()) {
                out.write(body);
            }
            int status = c.getResponseCode();
            InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream();
            byte[] answer = new byte[0];
            if (in != null) {
                try (in) {
                    answer = in.readNBytes(ApprovalProtocol.MAX_ANSWER_BYTES + 1);
                }
            }
            if (answer.length > ApprovalProtocol.MAX_ANSWER_BYTES) {
                throw new IOException("its answer is larger than " + (ApprovalProtocol.MAX_ANSWER_BYTES >> 10) + " KiB");
            }
            return new Exchange(status, answer);
        } finally {
            c.disconnect();
        }
    }
}
