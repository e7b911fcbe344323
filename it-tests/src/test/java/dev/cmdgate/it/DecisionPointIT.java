package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate.decision.url}: gated JVMs ask an APort-compatible decision point (a JDK HTTP server in the
 * test) about each launch under {@code autonomy=full}. What it denies is refused — the file is not created —
 * and what it allows runs; when it cannot be reached every launch is refused, unless
 * {@code decision.on-error=allow} lets the local decision stand.
 */
class DecisionPointIT {

    @TempDir
    Path tmp;

    private HttpServer server;

    /** Denies every launch whose body mentions touch, allows the rest. */
    private String start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/verify/policy/system.command.execute.v1", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            byte[] b = (body.contains("\"command\":\"touch\"")
                    ? "{\"decision\":{\"allow\":false,\"reasons\":[{\"code\":\"oap.command_not_allowed\",\"message\":\"touch is not on the passport\"}]}}"
                    : "{\"decision\":{\"allow\":true}}").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private Run run(Jdk jdk, String url, String extra, Path file) {
        return ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full,decision.agent=agent-7" + extra)
                .cmdgate("decision.url", url).cmdgate("audit", tmp.resolve("audit.jsonl")).main(Commands.class)
                .args(Spec.attempts().add("touch", "touch", file).add("echo", "echo", "hi").args()).run();
    }

    @OnEachJdk
    void what_the_decision_point_denies_is_refused_and_what_it_allows_runs(Jdk jdk) throws IOException {
        Path file = tmp.resolve("denied.txt");
        Run run = run(jdk, start(), "", file);
        assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("touch").message()).contains("touch is not on the passport");
        assertThat(file).doesNotExist();
        assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("hi\n");
        Audit.Line touch = Audit.read(tmp.resolve("audit.jsonl")).forWord(file.toString());
        assertThat(touch.outcome()).isEqualTo("blocked");
        assertThat(touch.map("oap")).containsKey("decision_point");
    }

    @OnEachJdk
    void an_unreachable_decision_point_refuses_unless_the_operator_lets_the_local_decision_stand(Jdk jdk) {
        Path refused = tmp.resolve("refused.txt");
        Run closed = run(jdk, "http://127.0.0.1:9", "", refused);   // nothing listens there
        assertThat(closed.result("touch").blocked()).as(closed.describe()).isTrue();
        assertThat(closed.result("echo").blocked()).isTrue();
        assertThat(closed.result("echo").message()).contains("cannot be asked");
        assertThat(refused).doesNotExist();

        Path kept = tmp.resolve("kept.txt");
        Run open = run(jdk, "http://127.0.0.1:9", ",decision.on-error=allow", kept);
        assertThat(open.result("touch").ok()).as(open.describe()).isTrue();
        assertThat(kept).exists();
    }
}
