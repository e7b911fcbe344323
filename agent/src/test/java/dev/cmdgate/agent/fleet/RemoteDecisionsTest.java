package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The remote decision point against a JDK HTTP server playing APort's {@code /api/verify/policy/{pack}}:
 * what is sent (context, token, never an environment value), allow and deny, an allow remembered no longer
 * than it says, a local refusal never sent, and a decision point that cannot answer in time refusing the
 * launch — or, when the operator chose so, leaving the local decision standing.
 */
class RemoteDecisionsTest {

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<Map<String, Object>> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final AtomicReference<String> answer = new AtomicReference<>("{\"decision\":{\"allow\":true}}");
    private volatile long delayMillis;

    private static final Classification WRITE = new Classification(CommandClass.WRITE, RiskLevel.MEDIUM, List.of(), List.of());

    private URI start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/api/verify/policy/system.command.execute.v1", ex -> {
            requests.add(JsonParser.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] b = answer.get().getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A decision point that answers in time even on a loaded machine (a first request in a JVM can take a while). */
    private RemoteDecisions decisions(boolean allowOnError, PolicyCheck local) throws IOException {
        return decisions(allowOnError, local, Duration.ofSeconds(20));
    }

    private RemoteDecisions decisions(boolean allowOnError, PolicyCheck local, Duration timeout) throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "s3cret\n");
        return new RemoteDecisions(new AgentConfig.DecisionPoint(start(), "system.command.execute.v1", "agent-7",
                timeout, allowOnError, token, null), local);
    }

    private static Launch touch(String file) {
        return new Launch(List.of("touch", file), null, "/work", Map.of("API_KEY", "do-not-send"), List.of(), null, null);
    }

    @Test
    void asksWithTheLaunchAndTheTokenAndNeverSendsAnEnvironmentValue() throws IOException {
        PolicyCheck.Result r = decisions(false, null).evaluate(touch("a"), WRITE);
        assertThat(r.allows()).isTrue();
        assertThat(requests).hasSize(1);
        @SuppressWarnings("unchecked")
        Map<String, Object> ctx = (Map<String, Object>) requests.get(0).get("context");
        assertThat(ctx).containsEntry("agent_id", "agent-7").containsEntry("policy_id", "system.command.execute.v1")
                .containsEntry("command", "touch").containsEntry("args", List.of("a")).containsEntry("cwd", "/work")
                .containsEntry("env", Map.of("API_KEY", "")).containsEntry("cmdgate_class", "Write");
        assertThat(requests.get(0).toString()).doesNotContain("do-not-send");
        assertThat(authorizations).containsExactly("Bearer s3cret");
        assertThat(r.decision()).containsKey("decision_point");
    }

    @Test
    void aDenyRefusesWithTheDecisionPointsReasons() throws IOException {
        answer.set("{\"allow\":false,\"reasons\":[{\"code\":\"oap.command_not_allowed\",\"message\":\"touch is not allowed\"}]}");
        PolicyCheck.Result r = decisions(false, null).evaluate(touch("a"), WRITE);
        assertThat(r.allows()).isFalse();
        assertThat(r.failures()).extracting(Reason::code).containsExactly("oap.command_not_allowed");
        assertThat(r.failures().get(0).message()).contains("touch is not allowed");
    }

    @Test
    void anAllowIsRememberedForAsLongAsItSaysAndNoLonger() throws Exception {
        answer.set("{\"decision\":{\"allow\":true,\"expires_in\":1}}");
        RemoteDecisions d = decisions(false, null);
        d.evaluate(touch("a"), WRITE);
        d.evaluate(touch("a"), WRITE);
        assertThat(requests).as("the second launch within a second is not asked again").hasSize(1);
        d.evaluate(touch("b"), WRITE);
        assertThat(requests).as("another launch is asked").hasSize(2);
        Thread.sleep(1100);
        d.evaluate(touch("a"), WRITE);
        assertThat(requests).as("asked again once the allow expired").hasSize(3);

        answer.set("{\"allow\":true}");
        d.evaluate(touch("c"), WRITE);
        d.evaluate(touch("c"), WRITE);
        assertThat(requests).as("an allow without expires_in is not remembered").hasSize(5);
    }

    @Test
    void aLaunchTheLocalPolicyRefusesIsNotSent() throws IOException {
        PolicyCheck local = (launch, c) -> new PolicyCheck.Result(List.of(new Reason("oap.command_not_allowed", "local")),
                Map.of("allow", false), null, null);
        PolicyCheck.Result r = decisions(false, local).evaluate(touch("a"), WRITE);
        assertThat(r.allows()).isFalse();
        assertThat(requests).isEmpty();
    }

    @Test
    void noAnswerInTimeRefusesUnlessTheOperatorLetsTheLocalDecisionStand() throws IOException {
        delayMillis = 1500;
        PolicyCheck.Result refused = decisions(false, null, Duration.ofMillis(300)).evaluate(touch("a"), WRITE);
        assertThat(refused.allows()).isFalse();
        assertThat(refused.failures()).extracting(Reason::code).containsExactly("decision_point.unavailable");
        assertThat(refused.failures().get(0).message()).contains("no answer within 300 ms");
        server.stop(0);

        PolicyCheck.Result kept = decisions(true, null, Duration.ofMillis(300)).evaluate(touch("a"), WRITE);
        assertThat(kept.allows()).isTrue();
        assertThat(kept.notice()).contains("decision.on-error=allow");
    }

    @Test
    void anAnswerWithoutABooleanAllowIsNoAnswer() throws IOException {
        answer.set("{\"decision\":{\"allow\":\"yes\"}}");
        PolicyCheck.Result r = decisions(false, null).evaluate(touch("a"), WRITE);
        assertThat(r.failures()).extracting(Reason::code).containsExactly("decision_point.unavailable");
        assertThat(r.failures().get(0).message()).contains("no boolean \"allow\"");
    }
}
