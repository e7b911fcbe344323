package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The persistent bash session (examples/shell-session): {@code bash} started once, commands written to
 * its standard input. With {@code stdin=gate} each command is decided on its own (audit line, prompt,
 * autonomy) before bash reads it; a refused one never reaches bash and the application's write fails
 * with an IOException "cmdgate: blocked …"; the session goes on.
 */
class ShellSessionIT {

    static final String MAIN = "dev.cmdgate.examples.shellsession.PersistentShell";
    static final String HEREDOC = "cat > plan.txt <<'EOF'\nstep 1: look around\nstep 2: do nothing rash\nEOF";
    static final List<String> COMMANDS = List.of("ls", "cat README.md", "touch notes.txt", HEREDOC, "rm -rf scratch",
            "sudo -n true", "echo still here");

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    private static String shown(String command) {
        return command.replace("\n", "⏎");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void supervisedWithAReviewerEveryCommandIsDecidedOnItsOwn(ExampleRun.Jdk jdk) {
        Path ws = Workspaces.create("shell");
        ExampleRun.Result r = ExampleRun.of(jdk, "shell-session", MAIN).withTestClasses()
                .agent("autonomy", "supervised").agent("stdin", "gate").agent("prompt", ReviewerPrompt.class.getName())
                .run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.out()).as(r.describe()).contains("(dev.cmdgate.agent.stdin.GatedShellProcess)");
        for (String c : List.of("ls", "cat README.md", "touch notes.txt", HEREDOC, "echo still here")) {
            assertThat(r.lines("RAN     " + shown(c) + " (exit 0)")).as(r.describe()).hasSize(1);
        }
        for (String c : List.of("rm -rf scratch", "sudo -n true")) {
            assertThat(r.lines("REFUSED " + shown(c) + " — java.io.IOException: cmdgate: blocked sh -c "))
                    .as(r.describe()).hasSize(1);
        }
        // effects on disk: the allowed commands ran in the one session, the refused ones never reached it
        assertThat(ws.resolve("notes.txt")).exists();
        assertThat(ws.resolve("plan.txt")).hasContent("step 1: look around\nstep 2: do nothing rash");
        assertThat(ws.resolve("scratch/keep.txt")).exists();
        assertThat(r.out()).contains("bash exited: true, status 0");

        Audit audit = Audit.read(r.audit());
        List<Audit.Line> session = audit.where(l -> l.argv().equals(List.of("bash")));
        assertThat(session).hasSize(1);
        assertThat(session.get(0).map("context")).containsKey("stdin");
        assertThat(session.get(0).get("outcome")).isEqualTo("allowed");
        // the launch is judged as `sh -c ''` (the shell runs nothing by itself), whatever the rules say of that
        assertThat(session.get(0).get("class")).isEqualTo(Expected.shell("supervised", List.of("")).get("").commandClass());
        Map<String, Expected.Verdict> expected = Expected.shell("supervised", COMMANDS);
        for (String c : COMMANDS) {
            List<Audit.Line> lines = audit.shellCommand(c);
            assertThat(lines).as("audit lines for %s in %s", c, audit).hasSize(1);
            Audit.Line line = lines.get(0);
            assertThat(line.get("class")).isEqualTo(expected.get(c).commandClass());
            assertThat(line.get("decision") == null ? line.get("gate") : line.get("decision")).isEqualTo(expected.get(c).decision());
            assertThat(line.get("outcome")).isEqualTo(c.startsWith("rm") || c.startsWith("sudo") ? "blocked" : "allowed");
            assertThat((String) line.map("context").get("stdin_of")).startsWith("bash (pid ");
            assertThat((String) line.get("caller")).startsWith(MAIN + ".send(");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void readonlyRunsWhatTheRulesCallReadAndNothingElse(ExampleRun.Jdk jdk) {
        Path ws = Workspaces.create("shell-ro");
        ExampleRun.Result r = ExampleRun.of(jdk, "shell-session", MAIN)
                .agent("autonomy", "readonly").agent("stdin", "gate").agent("prompt", "deny").run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();
        Expected.Verdict launch = Expected.shell("readonly", List.of("")).get("");
        if (!launch.allowed()) {
            assertThat(r.lines("REFUSED-START bash — java.lang.SecurityException: cmdgate: blocked bash ")).as(r.describe()).hasSize(1);
            assertThat(ws.resolve("scratch/keep.txt")).exists();
            return;
        }
        Map<String, Expected.Verdict> expected = Expected.shell("readonly", COMMANDS);
        for (String c : COMMANDS) {
            String prefix = expected.get(c).allowed() ? "RAN     " + shown(c) : "REFUSED " + shown(c) + " — java.io.IOException: cmdgate: blocked";
            assertThat(r.lines(prefix)).as(c + "\n" + r.describe()).hasSize(1);
        }
        assertThat(Files.exists(ws.resolve("notes.txt"))).isEqualTo(expected.get("touch notes.txt").allowed());
        assertThat(ws.resolve("scratch/keep.txt")).exists();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void withoutStdinGatingTheSessionIsOneLaunchOfAnUnseenShell(ExampleRun.Jdk jdk) {
        Path ws = Workspaces.create("shell-off");
        ExampleRun.Result r = ExampleRun.of(jdk, "shell-session", MAIN)
                .agent("autonomy", "readonly").agent("prompt", "deny").run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(Expected.argv("readonly", List.of(List.of("bash"))).get("bash").allowed()).isFalse();
        assertThat(r.lines("REFUSED-START bash — java.lang.SecurityException: cmdgate: blocked bash ")).as(r.describe()).hasSize(1);
        assertThat(Audit.read(r.audit()).lines()).singleElement()
                .satisfies(l -> assertThat(l.map("context")).doesNotContainKey("stdin"));
    }
}
