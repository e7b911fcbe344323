package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.PolicyServer;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate.policy=http://127.0.0.1:PORT/…} against a JDK HTTP server in the test: fail closed with
 * nothing activated, the first policy waited for at start, ETag/304, a new policy in force within the
 * poll interval, a bad or older update rejected as an audit event while the policy in force stays, the
 * last good policy kept in the state directory and used (verified again) when the server is down, and
 * a stale policy refusing launches ({@code on-stale=block}) or kept ({@code keep}).
 */
class PolicyServerIT {

    private static final Duration START = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private PolicyServer server;

    private String passport(String status, String revision) {
        return "{\"passport_id\":\"pp-fleet\",\"status\":\"" + status + "\",\"revision\":\"" + revision + "\","
                + "\"capabilities\":[{\"id\":\"system.command.execute\"}],\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"echo\"],\"max_execution_time\":60}}}";
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private ForkedJvm jvm(Jdk jdk, String url, String extra) {
        return ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full,prompt=deny," + extra)
                .cmdgate("policy", url).cmdgate("audit", tmp.resolve("audit.jsonl"));
    }

    private List<Audit.Line> events(String name) {
        return Audit.read(tmp.resolve("audit.jsonl")).events().stream()
                .filter(l -> name.equals(l.json().get("event"))).toList();
    }

    @OnEachJdk
    void with_no_policy_ever_activated_every_launch_is_refused(Jdk jdk) {
        // nothing listens on this port: the server is down, and nothing was kept
        Run run = jvm(jdk, "http://127.0.0.1:9/policy.json", "policy.poll=1").main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "hi").args()).run();
        assertThat(run.result("echo").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("echo").message()).contains("no policy has been activated from http://127.0.0.1:9/policy.json");
    }

    @OnEachJdk
    void a_policy_is_waited_for_then_updated_and_bad_or_older_updates_are_rejected(Jdk jdk) throws Exception {
        server = PolicyServer.serving("/policy.json", bytes(passport("active", "7")));
        String url = server.url();
        Spec spec = Spec.attempts().add("first", "echo", "first")
                .add("await", "suspended").add("while-suspended", "echo", "x")
                .add("await", "broken").add("after-broken", "echo", "x")
                .add("await", "older").add("after-older", "echo", "x");
        try (ForkedJvm.Running app = jvm(jdk, url, "policy.poll=1,policy.wait=20").main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT suspended", START);
            server.serve(bytes(passport("suspended", "8")));
            Thread.sleep(2500);
            app.send("go\n");
            app.awaitLine("AWAIT broken", START);
            server.serve(bytes(passport("active", "9").substring(5)));   // not JSON
            Thread.sleep(2500);
            app.send("go\n");
            app.awaitLine("AWAIT older", START);
            server.serve(bytes(passport("active", "3")));
            Thread.sleep(2500);
            app.send("go\n");
            Run run = app.finish();
            assertThat(run.result("first").output()).as("the launch waited for the first policy\n" + run.describe())
                    .isEqualTo("first\n");
            assertThat(run.result("while-suspended").blocked()).as(run.describe()).isTrue();
            assertThat(run.result("while-suspended").message()).contains("suspended");
            assertThat(run.result("after-broken").blocked()).as("the suspended policy stays\n" + run.describe()).isTrue();
            assertThat(run.result("after-older").blocked()).as("revision 3 is older than 8\n" + run.describe()).isTrue();
        }
        assertThat(server.notModifiedAnswers()).as("conditional requests answered 304").isGreaterThan(0);
        assertThat(events("policy_activated")).hasSize(2);
        List<Audit.Line> rejected = events("policy_rejected");
        assertThat(rejected).hasSize(2);
        assertThat((String) rejected.get(0).json().get("reason")).contains("not valid JSON");
        assertThat((String) rejected.get(1).json().get("reason")).isEqualTo("revision 3 is older than the revision in force, 8");
        assertThat(rejected.get(1).json()).containsEntry("revision", "3").containsEntry("source", url);
    }

    @OnEachJdk
    void the_last_good_policy_is_kept_and_verified_again_at_start(Jdk jdk) throws Exception {
        Path state = Dirs.mkdir(tmp, "state");
        server = PolicyServer.serving("/policy.json", bytes(passport("active", "1")));
        String url = server.url();
        Run first = jvm(jdk, url, "policy.wait=20").cmdgate("policy.state", state).main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "one").args()).run();
        assertThat(first.result("echo").output()).as(first.describe()).isEqualTo("one\n");
        assertThat(state.resolve("policy.body")).exists();
        server.close();
        server = null;

        Run kept = jvm(jdk, url, "policy.wait=20").cmdgate("policy.state", state).main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "two").args()).run();
        assertThat(kept.result("echo").output()).as("the server is down: the kept policy is used\n" + kept.describe())
                .isEqualTo("two\n");
        assertThat(events("policy_activated").get(1).json()).containsEntry("from", "state");

        Files.writeString(state.resolve("policy.body"), passport("active", "2"));   // edited on disk
        Run tampered = jvm(jdk, url, "").cmdgate("policy.state", state).main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "three").args()).run();
        assertThat(tampered.result("echo").blocked()).as(tampered.describe()).isTrue();
        assertThat(events("policy_rejected").get(0).json().get("reason").toString()).contains("does not match the digest");
    }

    @OnEachJdk
    void a_stale_policy_blocks_or_is_kept_as_the_operator_chose(Jdk jdk) throws Exception {
        server = PolicyServer.serving("/policy.json", bytes(passport("active", "1")));
        String url = server.url();
        Spec spec = Spec.attempts().add("fresh", "echo", "fresh").add("await", "down").add("stale", "echo", "stale");
        for (String onStale : List.of("block", "keep")) {
            if (server == null) {
                server = PolicyServer.serving("/policy.json", bytes(passport("active", "1")));
                url = server.url();
            }
            try (ForkedJvm.Running app = jvm(jdk, url, "policy.poll=1,policy.stale=2,policy.wait=20,policy.on-stale=" + onStale)
                    .main(Commands.class).args(spec.args()).start()) {
                app.awaitLine("AWAIT down", START);
                server.close();
                server = null;
                Thread.sleep(3500);
                app.send("go\n");
                Run run = app.finish();
                assertThat(run.result("fresh").output()).as(run.describe()).isEqualTo("fresh\n");
                if (onStale.equals("block")) {
                    assertThat(run.result("stale").blocked()).as(run.describe()).isTrue();
                    assertThat(run.result("stale").message()).contains("is stale");
                } else {
                    assertThat(run.result("stale").output()).as(run.describe()).isEqualTo("stale\n");
                }
            }
        }
        assertThat(events("policy_check_failed")).hasSizeGreaterThanOrEqualTo(2);
    }
}
