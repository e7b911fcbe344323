package dev.cmdgate.agent.approvals;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.cmdgate.agent.prompt.remote.ApprovalProtocol;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The page and what it calls: the static page ({@code /}, {@code /app.js}, {@code /app.css}), sign-in and
 * sign-out, the state (long-polled: held until something changes or 25 s), and the answers.
 *
 * <p>Every call but the page's own files and sign-in needs the session cookie; every change also needs the
 * session's CSRF token in {@code X-CSRF-Token}, an {@code Origin} that is this service's, and a JSON body
 * (which a cross-site form cannot send). Requests naming another host (a DNS rebinding) are refused.
 */
final class PageEndpoints implements HttpHandler {

    static final String CHANNEL = "web";
    private static final int MAX_BODY = 16 << 10;
    private static final long HOLD_MILLIS = 25_000;
    private static final int HISTORY_SHOWN = 100;

    private final ApprovalStore store;
    private final WatchedTokens approvers;
    private final Sessions sessions = new Sessions();
    private final Set<String> hosts;
    private final boolean tls;
    private final Clock clock;
    private final PrintStream log;
    private final Map<String, byte[]> assets = new LinkedHashMap<>();

    PageEndpoints(ApprovalStore store, WatchedTokens approvers, Set<String> hosts, boolean tls, Clock clock, PrintStream log)
            throws IOException {
        this.store = store;
        this.approvers = approvers;
        this.hosts = hosts;
        this.tls = tls;
        this.clock = clock;
        this.log = log;
        for (String name : new String[] {"index.html", "app.js", "app.css"}) {
            try (InputStream in = PageEndpoints.class.getResourceAsStream("page/" + name)) {
                if (in == null) {
                    throw new IOException("the page's " + name + " is missing from the jar");
                }
                assets.put(name, in.readAllBytes());
            }
        }
    }

    private String cookieName() {
        return tls ? "__Host-cmdgate" : "cmdgate_session";
    }

    @Override
    public void handle(HttpExchange x) throws IOException {
        try {
            route(x);
        } catch (Http.TooLarge e) {
            Http.error(x, 413, "body too large");
        } catch (Http.BadJson e) {
            Http.error(x, 400, e.getMessage());
        } finally {
            x.close();
        }
    }

    private void route(HttpExchange x) throws IOException {
        String host = x.getRequestHeaders().getFirst("Host");
        if (host == null || !hosts.contains(host.toLowerCase(java.util.Locale.ROOT))) {
            Http.error(x, 421, "this service does not answer for that host name");
            return;
        }
        String path = x.getRequestURI().getRawPath();
        String method = x.getRequestMethod();
        if ("GET".equals(method)) {
            switch (path) {
                case "/", "/index.html" -> Http.send(x, 200, "text/html; charset=utf-8", assets.get("index.html"));
                case "/app.js" -> Http.send(x, 200, "text/javascript; charset=utf-8", assets.get("app.js"));
                case "/app.css" -> Http.send(x, 200, "text/css; charset=utf-8", assets.get("app.css"));
                case "/api/session" -> session(x);
                case "/api/state" -> state(x);
                default -> Http.error(x, 404, "no such page");
            }
            return;
        }
        if (!"POST".equals(method)) {
            Http.error(x, 405, "GET or POST");
            return;
        }
        if (!sameOrigin(x, host)) {
            Http.error(x, 403, "a change must come from this service's own page (Origin)");
            return;
        }
        String type = x.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            Http.error(x, 415, "a change is a JSON body");
            return;
        }
        if (path.equals("/api/login")) {
            login(x);
            return;
        }
        Sessions.Session s = signedIn(x);
        if (s == null) {
            Http.error(x, 401, "sign in first");
            return;
        }
        if (!s.csrfMatches(x.getRequestHeaders().getFirst("X-CSRF-Token"))) {
            Http.error(x, 403, "missing or wrong CSRF token");
            return;
        }
        if (path.equals("/api/logout")) {
            sessions.remove(s.id());
            x.getResponseHeaders().add("Set-Cookie", cookieName() + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
                    + (tls ? "; Secure" : ""));
            Http.json(x, 200, Map.of("signed_out", true));
        } else if (path.startsWith("/api/approvals/") && path.endsWith("/answer")) {
            answer(x, s, path.substring("/api/approvals/".length(), path.length() - "/answer".length()));
        } else {
            Http.error(x, 404, "no such call");
        }
    }

    /** The {@code Origin} of a change must be this service's own: the scheme it serves and the host asked for. */
    private boolean sameOrigin(HttpExchange x, String host) {
        String origin = x.getRequestHeaders().getFirst("Origin");
        return origin != null && origin.equalsIgnoreCase((tls ? "https://" : "http://") + host);
    }

    private Sessions.Session signedIn(HttpExchange x) {
        Sessions.Session s = sessions.find(Http.cookie(x, cookieName()));
        if (s != null && !approvers.has(s.approver())) {
            sessions.remove(s.id());   // taken out of the approvers file: signed out
            return null;
        }
        return s;
    }

    private void login(HttpExchange x) throws IOException {
        Map<String, Object> body = Http.jsonObject(Http.body(x, MAX_BODY));
        String approver = body.get("token") instanceof String t ? approvers.holderOf(t.strip()) : null;
        if (approver == null) {
            Http.error(x, 401, "this token is not an approver's");
            return;
        }
        Sessions.Session s = sessions.create(approver);
        x.getResponseHeaders().add("Set-Cookie", cookieName() + "=" + s.id() + "; Path=/; HttpOnly; SameSite=Strict"
                + (tls ? "; Secure" : "") + "; Max-Age=" + Sessions.LIFETIME.toSeconds());
        log.println("cmdgate approvals: " + approver + " signed in");
        Http.json(x, 200, Map.of("approver", approver, "csrf", s.csrf()));
    }

    private void session(HttpExchange x) throws IOException {
        Sessions.Session s = signedIn(x);
        if (s == null) {
            Http.error(x, 401, "sign in first");
            return;
        }
        Http.json(x, 200, Map.of("approver", s.approver(), "csrf", s.csrf()));
    }

    /** The pending requests, oldest first, and the latest answers; held until something changes. */
    private void state(HttpExchange x) throws IOException {
        if (signedIn(x) == null) {
            Http.error(x, 401, "sign in first");
            return;
        }
        Map<String, String> q = query(x.getRequestURI().getRawQuery());
        long after = -1;
        try {
            after = q.containsKey("after") ? Long.parseLong(q.get("after")) : -1;
        } catch (NumberFormatException e) {
            after = -1;
        }
        ApprovalStore.Snapshot snap;
        try {
            snap = store.await(q.get("epoch"), after, q.containsKey("after") ? HOLD_MILLIS : 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("epoch", snap.epoch());
        m.put("version", snap.version());
        m.put("now", dev.cmdgate.core.json.IsoInstant.format(clock.instant()));
        List<Object> pending = new ArrayList<>();
        for (Approval.Seen a : snap.pending()) {
            pending.add(Screen.of(a));
        }
        m.put("pending", pending);
        List<Object> history = new ArrayList<>();
        for (Approval.Seen a : snap.history()) {
            if (history.size() == HISTORY_SHOWN) {
                break;
            }
            history.add(Screen.of(a));
        }
        m.put("history", history);
        Http.json(x, 200, m);
    }

    private void answer(HttpExchange x, Sessions.Session s, String id) throws IOException {
        Map<String, Object> body = Http.jsonObject(Http.body(x, MAX_BODY));
        Object answer = body.get("answer");
        if (!"allow".equals(answer) && !"deny".equals(answer) && !"always".equals(answer)) {
            Http.error(x, 400, "answer must be allow, deny or always");
            return;
        }
        String note = null;
        if (body.get("note") instanceof String n && !n.isBlank()) {
            note = n.strip();
            if (note.length() > ApprovalProtocol.MAX_NOTE || hasControl(note)) {
                Http.error(x, 400, "a note is at most " + ApprovalProtocol.MAX_NOTE + " characters, without control characters");
                return;
            }
        }
        switch (store.answer(id, (String) answer, s.approver(), CHANNEL, note)) {
            case ANSWERED -> {
                log.println("cmdgate approvals: " + id + " answered " + answer + " by " + s.approver());
                Http.json(x, 200, Map.of("answered", answer));
            }
            case ALREADY_ANSWERED -> Http.error(x, 409, "someone answered it already");
            case EXPIRED -> Http.error(x, 410, "its deadline has passed: it was denied");
            default -> Http.error(x, 404, "no such request");
        }
    }

    private static boolean hasControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) && c != '\n') {
                return true;
            }
        }
        return false;
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> m = new LinkedHashMap<>();
        if (raw == null) {
            return m;
        }
        for (String part : raw.split("&")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                m.put(part.substring(0, eq), java.net.URLDecoder.decode(part.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return m;
    }
}
