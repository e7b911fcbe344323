package dev.cmdgate.agent.approvals;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.cmdgate.agent.prompt.remote.ApprovalProtocol;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.json.IsoInstant;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/v1/approvals}: where gated JVMs post their requests. A client is let in by its bearer
 * token (the clients file), or, when there is no clients file, only from this machine. The request is
 * checked, kept (or found again: the same decision id and bytes), announced once, and the post is held
 * until it is answered or up to the {@code Prefer: wait=N} the client asked for (at most
 * {@value ApprovalProtocol#MAX_HOLD_SECONDS} s, never past the request's deadline). The answer names the
 * request's decision id and the SHA-256 of its bytes.
 */
final class JvmEndpoint implements HttpHandler {

    private final ApprovalStore store;
    private final WatchedTokens clients;
    private final SlackWebhook webhook;
    private final Clock clock;
    private final PrintStream log;

    JvmEndpoint(ApprovalStore store, WatchedTokens clients, SlackWebhook webhook, Clock clock, PrintStream log) {
        this.store = store;
        this.clients = clients;
        this.webhook = webhook;
        this.clock = clock;
        this.log = log;
    }

    @Override
    public void handle(HttpExchange x) throws IOException {
        try (x) {
            if (!"POST".equals(x.getRequestMethod())) {
                x.getResponseHeaders().set("Allow", "POST");
                Http.error(x, 405, "POST a request");
                return;
            }
            String client = client(x);
            if (client == null) {
                x.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                Http.error(x, 401, clients == null ? "without a clients file, requests are taken from this machine only"
                        : "no valid client token");
                return;
            }
            byte[] body;
            Map<String, Object> request;
            String id;
            Instant received = clock.instant();
            Instant deadline;
            try {
                body = Http.body(x, ApprovalProtocol.MAX_REQUEST_BYTES);
                request = Http.jsonObject(body);
                id = RequestForm.check(request);
                deadline = RequestForm.deadline(request, received);
            } catch (Http.TooLarge e) {
                Http.error(x, 413, "a request is at most " + (ApprovalProtocol.MAX_REQUEST_BYTES >> 20) + " MiB");
                return;
            } catch (Http.BadJson | RequestForm.Malformed e) {
                Http.error(x, 400, e.getMessage());
                return;
            }
            String sha = ApprovalProtocol.sha256(body);
            ApprovalStore.Submitted s;
            try {
                s = store.submit(id, sha, request, client, deadline);
            } catch (ApprovalStore.Conflict e) {
                Http.error(x, 409, e.getMessage());
                return;
            } catch (ApprovalStore.Full e) {
                Http.error(x, 503, e.getMessage());
                return;
            }
            if (s.isNew()) {
                log.println("cmdgate approvals: request " + id + " from " + client + ": " + ScreenText.of(CommandText.render(argv(request))));
                if (webhook != null && s.seen().state() == Approval.State.PENDING) {
                    webhook.announce(s.seen());
                }
            }
            long hold = Math.min(wait(x), Duration.between(clock.instant(), deadline).toMillis());
            Approval.Seen now;
            try {
                now = hold > 0 ? store.awaitEnd(s.approval(), hold) : s.seen();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                now = s.seen();
            }
            answer(x, now, sha);
        }
    }

    /** The client's name: the holder of its bearer token, or {@code loopback} without a clients file. */
    private String client(HttpExchange x) {
        if (clients == null) {
            return x.getRemoteAddress().getAddress().isLoopbackAddress() ? "loopback" : null;
        }
        String auth = x.getRequestHeaders().getFirst("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return clients.holderOf(auth.substring(7).strip());
    }

    /** The hold the client asked for ({@code Prefer: wait=N}), in milliseconds, at most the protocol's. */
    private static long wait(HttpExchange x) {
        String prefer = x.getRequestHeaders().getFirst("Prefer");
        if (prefer == null) {
            return 0;
        }
        for (String part : prefer.split(",")) {
            String p = part.strip();
            if (p.startsWith("wait=")) {
                try {
                    return Math.min(ApprovalProtocol.MAX_HOLD_SECONDS, Math.max(0, Long.parseLong(p.substring(5)))) * 1000;
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    private static void answer(HttpExchange x, Approval.Seen a, String sha) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", ApprovalProtocol.VERSION);
        m.put("decision_id", a.id());
        m.put("request_sha256", sha);
        switch (a.state()) {
            case PENDING -> {
                m.put("state", "pending");
                m.put("deadline", IsoInstant.format(a.deadline()));
                Http.json(x, 200, m);
            }
            case ANSWERED -> {
                m.put("state", "answered");
                m.put("answer", a.answer());
                m.put("approver", a.approver());
                m.put("channel", a.channel());
                if (a.note() != null) {
                    m.put("note", a.note());
                }
                Http.json(x, 200, m);
            }
            default -> {
                m.put("state", "expired");
                Http.json(x, 410, m);
            }
        }
    }

    private static List<String> argv(Map<String, Object> request) {
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) request.get("argv")) {
            out.add(o.toString());
        }
        return out;
    }
}
