package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.Nginx;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate.policy=http://…/policy.json} served as a static file by a real nginx, not by a server
 * written for the test: nginx's own ETag (mtime and size) and its own 304 answer to If-None-Match, the
 * policy in force while the file is unchanged, and a replaced file activated within the poll interval.
 */
class PolicyNginxIT {

    private static final Duration START = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    /** The shape of {@code PolicyServerIT.passport}. */
    private static String passport(String status, String revision) {
        return "{\"passport_id\":\"pp-fleet\",\"status\":\"" + status + "\",\"revision\":\"" + revision + "\","
                + "\"capabilities\":[{\"id\":\"system.command.execute\"}],\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"echo\"],\"max_execution_time\":60}}}";
    }

    /** Replaces the file as a deployment would: nginx never serves a half-written policy. */
    private static void replace(Path file, String text) throws Exception {
        Path next = Files.writeString(file.resolveSibling(file.getFileName() + ".next"), text);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private List<Audit.Line> events(String name) {
        return Audit.read(tmp.resolve("audit.jsonl")).events().stream()
                .filter(l -> name.equals(l.json().get("event"))).toList();
    }

    @OnEachJdk
    void nginx_answers_304_while_the_file_is_unchanged_and_200_once_it_is_replaced(Jdk jdk) throws Exception {
        Path www = Dirs.mkdir(tmp, "www");
        Path policy = www.resolve("policy.json");
        String active = passport("active", "7");
        String suspended = passport("suspended", "8");
        // nginx's ETag is mtime-size; the replacement may land within the same second, so the size must differ
        assertThat(suspended.length()).isNotEqualTo(active.length());
        Files.writeString(policy, active);
        Spec spec = Spec.attempts().add("first", "echo", "first")
                .add("await", "suspended").add("while-suspended", "echo", "x");
        List<String> log;
        try (Nginx nginx = Nginx.serve(www);
                ForkedJvm.Running app = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work"))
                        .withAgent("autonomy=full,prompt=deny,policy.poll=1,policy.wait=20")
                        .cmdgate("policy", nginx.url("policy.json")).cmdgate("audit", tmp.resolve("audit.jsonl"))
                        .main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT suspended", START);
            replace(policy, suspended);
            Thread.sleep(2500);   // polls every 0.5–1 s: the new file is fetched, then confirmed with a 304
            app.send("go\n");
            Run run = app.finish();
            log = nginx.accessLog();
            String seen = run.describe() + "\n--- nginx access log ---\n" + String.join("\n", log);
            assertThat(run.result("first").output()).as("the launch waited for the first policy\n" + seen)
                    .isEqualTo("first\n");
            assertThat(run.result("while-suspended").blocked()).as(seen).isTrue();
            assertThat(run.result("while-suspended").message()).as(seen).contains("suspended");
        }
        List<String> requests = log.stream().filter(l -> l.contains("\"GET /policy.json ")).toList();
        String all = String.join("\n", log);
        assertThat(requests).as(all).anyMatch(l -> l.startsWith("200 "));
        List<String> notModified = requests.stream().filter(l -> l.startsWith("304 ")).toList();
        assertThat(notModified).as("nginx answered conditional requests with 304\n" + all).isNotEmpty()
                .allMatch(l -> !l.endsWith(" inm=-"), "carries If-None-Match");
        assertThat(requests).as("the replaced file answered the old ETag with 200\n" + all)
                .anyMatch(l -> l.startsWith("200 ") && !l.endsWith(" inm=-"));
        assertThat(events("policy_activated")).hasSize(2);
    }
}
