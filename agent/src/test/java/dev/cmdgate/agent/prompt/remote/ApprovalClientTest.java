package dev.cmdgate.agent.prompt.remote;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the client reads a service's statuses once the service has taken the request: a request the service
 * expires (410, its deadline came first) is the same outcome as the client's own deadline — no answer in
 * time — while a refusal before the service took the request says what the service said.
 */
@Timeout(60)
class ApprovalClientTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A service that answers the first post with {@code first} and every later one with {@code later}. */
    private String service(int first, int later) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        AtomicInteger posts = new AtomicInteger();
        server.createContext("/", x -> {
            byte[] body = x.getRequestBody().readAllBytes();
            int status = posts.getAndIncrement() == 0 ? first : later;
            byte[] out = new byte[0];
            if (status == 200) {
                Map<String, Object> request = JsonParser.parseObject(new String(body, StandardCharsets.UTF_8));
                out = ("{\"version\":1,\"decision_id\":\"" + request.get("decision_id") + "\",\"request_sha256\":\""
                        + ApprovalProtocol.sha256(body) + "\",\"state\":\"pending\"}").getBytes(StandardCharsets.UTF_8);
            }
            x.sendResponseHeaders(status, out.length == 0 ? -1 : out.length);
            x.getResponseBody().write(out);
            x.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** What the resolver records when it asks the service at {@code url} about {@code touch x}. */
    private static PromptRecord ask(String url) throws Exception {
        PromptResolver resolver = new PromptResolver(url, Duration.ofSeconds(30), new AgentConfig.RemotePrompt(URI.create(url),
                new AgentConfig.Transport(null, null, null, null, null), null), "agent-1");
        Classification c = new Classification(CommandClass.WRITE, RiskLevel.MEDIUM, List.of(), List.of());
        Verdict v = new Verdict(c, GateDecision.PROMPT, List.of(new Reason("gate.prompt", "Write command needs approval")), null);
        return resolver.ask("dec-1", Launch.ofArgv(List.of("touch", "x"), "/tmp"), v, "app.Main.main(Main.java:1)", Map.of(), null);
    }

    @Test
    void a_request_the_service_expired_after_taking_it_is_no_answer_in_time() throws Exception {
        PromptRecord r = ask(service(200, 410));
        assertThat(r.answer()).isEqualTo("deny");
        assertThat(PromptResolver.timedOut(r.detail())).as(r.detail()).isTrue();
        assertThat(r.detail()).contains("expired the request");
    }

    @Test
    void a_410_to_the_first_post_is_a_refusal_not_a_timeout() throws Exception {
        PromptRecord r = ask(service(410, 410));
        assertThat(r.answer()).isEqualTo("deny");
        assertThat(PromptResolver.timedOut(r.detail())).as(r.detail()).isFalse();
        assertThat(r.detail()).contains("(410)");
    }
}
