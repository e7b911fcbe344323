package dev.cmdgate.agent.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.JsonParser;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service and the JVM's client in one process: a prompt put through {@link PromptResolver} to the
 * service waits, is answered on the page's API, and comes back with the approver, the channel and the
 * note. The page's API refuses what it must: no session (401), a change without the CSRF token or from
 * another origin (403, nothing changed), another host name (421), a body too large (413), a sign-in with a
 * token that is no approver's; a slow sender is cut off.
 */
@Timeout(120)
class ApprovalServiceTest {

    @TempDir
    Path dir;

    private ApprovalService service;
    private String token;
    private String base;
    private final HttpClient http = HttpClient.newHttpClient();
    private final HttpClient bare = HttpClient.newHttpClient();
    /** The session cookie {@link #signIn} got, sent by every call made through {@link #http}. */
    private String cookie;

    @BeforeEach
    void start() throws Exception {
        Path approvers = dir.resolve("approvers");
        token = TokenFile.add(approvers, "alice");
        service = ApprovalService.start(new ApprovalService.Settings(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                approvers, null, dir.resolve("journal"), null, null, null, null, 100), Clock.systemUTC(),
                new PrintStream(java.io.OutputStream.nullOutputStream()));
        base = "http://127.0.0.1:" + service.port();
    }

    @AfterEach
    void stop() throws Exception {
        service.close();
    }

    private HttpResponse<String> send(HttpClient c, String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            b.headers(headers);
        }
        if (c == http && cookie != null) {
            b.header("Cookie", cookie);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return c.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String signIn() throws Exception {
        HttpResponse<String> r = send(http, "POST", "/api/login", "{\"token\":\"" + token + "\"}",
                "Content-Type", "application/json", "Origin", base);
        assertThat(r.statusCode()).isEqualTo(200);
        String set = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(set).contains("HttpOnly").contains("SameSite=Strict");
        cookie = set.substring(0, set.indexOf(';'));
        return (String) JsonParser.parseObject(r.body()).get("csrf");
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> pending() throws Exception {
        HttpResponse<String> r = send(http, "GET", "/api/state", null);
        assertThat(r.statusCode()).isEqualTo(200);
        return (List<Map<String, Object>>) JsonParser.parseObject(r.body()).get("pending");
    }

    private static Verdict verdict() {
        Classification c = new Classification(CommandClass.WRITE, RiskLevel.MEDIUM,
                List.of(new Finding("touch /tmp/x", "argv", CommandClass.WRITE, RiskLevel.MEDIUM, "changes files", "builtin.rules:7")),
                List.of());
        return new Verdict(c, GateDecision.PROMPT, List.of(new Reason("gate.prompt", "Write command needs approval")), null);
    }

    @Test
    void a_prompt_waits_for_the_page_and_returns_with_the_approver_channel_and_note() throws Exception {
        AgentConfig.RemotePrompt remote = new AgentConfig.RemotePrompt(URI.create(base + "/"),
                new AgentConfig.Transport(null, null, null, null, null), "billing");
        PromptResolver resolver = new PromptResolver(base + "/", Duration.ofSeconds(60), remote, "agent-7");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<PromptRecord> asked = pool.submit(() -> resolver.ask("dec-1", Launch.ofArgv(List.of("touch", "/tmp/x"), "/tmp"),
                    verdict(), "app.Main.main(Main.java:3)", Map.of(), null));
            String csrf = signIn();
            List<Map<String, Object>> shown = pending();
            for (int i = 0; i < 100 && shown.isEmpty(); i++) {
                Thread.sleep(50);
                shown = pending();
            }
            assertThat(shown).hasSize(1);
            Map<String, Object> card = shown.get(0);
            assertThat(card).containsEntry("id", "dec-1").containsEntry("command", "touch /tmp/x").containsEntry("class", "Write")
                    .containsEntry("caller", "app.Main.main(Main.java:3)").containsEntry("agent_id", "agent-7");
            assertThat(card.get("jvm").toString()).contains("billing").contains("loopback");
            assertThat(card.get("findings").toString()).contains("builtin.rules:7");

            HttpResponse<String> r = send(http, "POST", "/api/approvals/dec-1/answer", "{\"answer\":\"allow\",\"note\":\"fine\"}",
                    "Content-Type", "application/json", "Origin", base, "X-CSRF-Token", csrf);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            PromptRecord record = asked.get();
            assertThat(record.answer()).isEqualTo("allow");
            assertThat(record.approver()).isEqualTo("alice");
            assertThat(record.channel()).isEqualTo("web");
            assertThat(record.note()).isEqualTo("fine");

            HttpResponse<String> twice = send(http, "POST", "/api/approvals/dec-1/answer", "{\"answer\":\"deny\"}",
                    "Content-Type", "application/json", "Origin", base, "X-CSRF-Token", csrf);
            assertThat(twice.statusCode()).isEqualTo(409);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void the_page_api_refuses_what_it_must_and_changes_nothing() throws Exception {
        assertThat(send(bare, "GET", "/api/state", null).statusCode()).isEqualTo(401);
        assertThat(send(bare, "GET", "/api/session", null).statusCode()).isEqualTo(401);
        assertThat(send(bare, "POST", "/api/login", "{\"token\":\"cgt_not-a-token\"}", "Content-Type", "application/json",
                "Origin", base).statusCode()).isEqualTo(401);
        assertThat(rawStatus("GET / HTTP/1.1\r\nHost: evil.example:" + service.port() + "\r\n\r\n")).isEqualTo("HTTP/1.1 421");

        String request = "{\"version\":1,\"decision_id\":\"d-9\",\"argv\":[\"touch\",\"x\"],\"class\":\"Write\",\"level\":\"medium\","
                + "\"deadline\":\"" + java.time.Instant.now().plusSeconds(60) + "\",\"expires_in_ms\":60000}";
        assertThat(send(bare, "POST", "/api/v1/approvals", request, "Content-Type", "application/json").statusCode()).isEqualTo(200);
        String csrf = signIn();
        String answer = "{\"answer\":\"allow\"}";
        assertThat(send(http, "POST", "/api/approvals/d-9/answer", answer, "Content-Type", "application/json", "Origin", base)
                .statusCode()).isEqualTo(403);
        assertThat(send(http, "POST", "/api/approvals/d-9/answer", answer, "Content-Type", "application/json",
                "Origin", "http://evil.example", "X-CSRF-Token", csrf).statusCode()).isEqualTo(403);
        assertThat(send(http, "POST", "/api/approvals/d-9/answer", answer, "Content-Type", "application/json", "Origin", base,
                "X-CSRF-Token", csrf + "x").statusCode()).isEqualTo(403);
        assertThat(send(http, "POST", "/api/approvals/d-9/answer", answer, "Content-Type", "text/plain", "Origin", base,
                "X-CSRF-Token", csrf).statusCode()).isEqualTo(415);
        assertThat(send(bare, "POST", "/api/approvals/d-9/answer", answer, "Content-Type", "application/json", "Origin", base,
                "X-CSRF-Token", csrf).statusCode()).isEqualTo(401);
        assertThat(pending()).extracting(m -> m.get("id")).containsExactly("d-9");

        assertThat(rawStatus("POST /api/approvals/d-9/answer HTTP/1.1\r\nHost: 127.0.0.1:" + service.port() + "\r\nCookie: "
                + cookie + "\r\nOrigin: " + base + "\r\nX-CSRF-Token: " + csrf + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: 20000\r\n\r\n{\"answer\":\"allow\",\"note\":\"xxxx")).isEqualTo("HTTP/1.1 413");
        assertThat(pending()).hasSize(1);
        HttpResponse<String> page = send(bare, "GET", "/", null);
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("script-src 'self'")
                .contains("require-trusted-types-for 'script'").doesNotContain("unsafe-inline");
        assertThat(page.body()).doesNotContain("<script>").doesNotContain("style=").doesNotContain(" on");
    }

    @Test
    void a_request_larger_than_the_protocol_takes_is_refused_before_it_is_read() throws Exception {
        assertThat(rawStatus("POST /api/v1/approvals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 900000000\r\n\r\n{")).isEqualTo("HTTP/1.1 413");
    }

    /** The status line the service answers to these bytes. */
    private String rawStatus(String request) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), service.port())) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            s.setSoTimeout(10_000);
            return new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
        }
    }
}
