package dev.cmdgate.it.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.it.apps.CheckLines;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.HookHost;
import dev.cmdgate.it.support.InstalledHook;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.StrictJson;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same line gets the same class through the hook as through the agent: lines from core's labelled corpora —
 * compound commands, here-documents, {@code bash -c} chains, pipelines into shells, credential reads — are judged
 * by a JVM under the agent (the application API's pre-check of {@code bash -c LINE}, which launches nothing) and by
 * the installed hook in the same directory, and every class must agree.
 */
class HookAgentParityIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void theHookAndTheAgentGiveEveryLineTheSameClass(Jdk jdk) {
        assumeTrue(jdk.present(), jdk + " is not installed");
        List<String> lines = corpus(70);
        Path home = Dirs.mkdir(tmp, "home");
        Path project = Dirs.mkdir(tmp, "project");
        Path file = tmp.resolve("lines.txt");
        List<String> escaped = new ArrayList<>();
        for (String l : lines) {
            escaped.add(l.replace("\n", "\\n"));
        }
        Dirs.write(file, String.join("\n", escaped) + "\n");

        Run agent = ForkedJvm.on(jdk).in(project).withAgent("autonomy=supervised,prompt=deny").env("HOME", home.toString())
                .main(CheckLines.class, file.toString()).timeout(Duration.ofSeconds(300)).run();
        assertThat(agent.exit()).as(agent.describe()).isZero();
        List<String> byAgent = new ArrayList<>();
        for (String l : agent.stdoutLines()) {
            if (l.startsWith("CLASS ")) {
                String[] p = l.split(" ");
                assertThat(p[3]).as("the agent decided, not an in-process fallback").isEqualTo("true");
                byAgent.add(p[2]);
            }
        }
        assertThat(byAgent).hasSize(lines.size());

        Path audit = tmp.resolve("audit.jsonl");
        Path config = Dirs.write(tmp.resolve("cmdgate.properties"), "autonomy=supervised\naudit=" + audit + "\n");
        InstalledHook hook = new InstalledHook(jdk, home, null);
        String command = hook.install(HookHost.CLAUDE_CODE, project, "--config", config.toString());
        for (String line : lines) {
            String input = "{\"session_id\":\"parity\",\"cwd\":" + dev.cmdgate.core.json.Json.write(project.toString())
                    + ",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":"
                    + dev.cmdgate.core.json.Json.write(line) + "}}";
            InstalledHook.Call c = hook.call(command, input.getBytes(StandardCharsets.UTF_8), project, Duration.ofSeconds(30));
            assertThat(c.exit()).as(line + ": " + c.describe()).isZero();
        }
        List<Map<String, Object>> recorded = HookHostsIT.auditLines(audit);
        assertThat(recorded).hasSize(lines.size());
        List<String> different = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Object byHook = recorded.get(i).get("class");
            // the hook also guards the project's cmdgate configuration, which a gated JVM does not have: a command
            // that may rewrite the work tree is Destructive there for that file alone
            boolean projectConfiguration = String.valueOf(recorded.get(i)).contains("the project's cmdgate configuration");
            if (!byAgent.get(i).equals(byHook) && !projectConfiguration) {
                different.add(lines.get(i) + ": agent " + byAgent.get(i) + ", hook " + byHook);
            }
        }
        assertThat(different).as("lines the hook classed otherwise than the agent").isEmpty();
    }

    /** Every n-th line of core's adversarial and everyday corpora, and the compound ones of each file. */
    static List<String> corpus(int n) {
        Path dir = Path.of(System.getProperty("cmdgate.it.root"), "core/src/test/resources/adversarial");
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            int k = 0;
            for (Path f : files.sorted().toList()) {
                if (!f.toString().endsWith(".jsonl")) {
                    continue;
                }
                for (String raw : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (raw.isBlank() || !raw.startsWith("{")) {
                        continue;
                    }
                    Object command = StrictJson.parseObject(raw).get("command");
                    if (!(command instanceof String s)) {
                        continue;
                    }
                    boolean compound = s.contains("<<") || s.contains("bash -c") || s.contains("&&") || s.contains("| sh");
                    if (k++ % n == 0 || (compound && k % 7 == 0)) {
                        out.add(s);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
