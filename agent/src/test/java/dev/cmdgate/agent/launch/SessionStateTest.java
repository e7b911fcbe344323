package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.stdin.GatedShellProcess;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.classify.ShellState;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gated shell session carries the shell's state: each command written to it is judged after the
 * state-changing commands allowed before it. No shell runs: the session's process is a stand-in whose
 * standard input is a buffer, so what the shell would have read is checked, and nothing is executed.
 */
@Timeout(60)
class SessionStateTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void captureStderr() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(savedErr);
    }

    /** A process that never ran: its standard input is a buffer. */
    static final class StandIn extends Process {
        final ByteArrayOutputStream stdin = new ByteArrayOutputStream();

        @Override
        public OutputStream getOutputStream() {
            return stdin;
        }

        @Override
        public InputStream getInputStream() {
            return new ByteArrayInputStream(new byte[0]);
        }

        @Override
        public InputStream getErrorStream() {
            return new ByteArrayInputStream(new byte[0]);
        }

        @Override
        public int waitFor() {
            return 0;
        }

        @Override
        public int exitValue() {
            return 0;
        }

        @Override
        public void destroy() {
        }

        @Override
        public long pid() {
            return 4242;
        }

        /** A live process that never ends (the gate registers for its exit). */
        @Override
        public ProcessHandle toHandle() {
            return new ProcessHandle() {
                @Override
                public long pid() {
                    return 4242;
                }

                @Override
                public java.util.Optional<ProcessHandle> parent() {
                    return java.util.Optional.empty();
                }

                @Override
                public java.util.stream.Stream<ProcessHandle> children() {
                    return java.util.stream.Stream.empty();
                }

                @Override
                public java.util.stream.Stream<ProcessHandle> descendants() {
                    return java.util.stream.Stream.empty();
                }

                @Override
                public Info info() {
                    return ProcessHandle.current().info();
                }

                @Override
                public java.util.concurrent.CompletableFuture<ProcessHandle> onExit() {
                    return new java.util.concurrent.CompletableFuture<>();
                }

                @Override
                public boolean supportsNormalTermination() {
                    return true;
                }

                @Override
                public boolean destroy() {
                    return false;
                }

                @Override
                public boolean destroyForcibly() {
                    return false;
                }

                @Override
                public boolean isAlive() {
                    return true;
                }

                @Override
                public int compareTo(ProcessHandle other) {
                    return Long.compare(pid(), other.pid());
                }
            };
        }

        String read() {
            return stdin.toString(StandardCharsets.UTF_8);
        }
    }

    private Path audit;

    private JdkHandoff guard(Autonomy autonomy, AgentConfig.Mode mode) {
        return guard(autonomy, mode, new PromptResolver("deny", Duration.ofSeconds(5)));
    }

    private JdkHandoff guard(Autonomy autonomy, AgentConfig.Mode mode, PromptResolver prompts) {
        audit = dir.resolve("audit.jsonl");
        GateScheme scheme = new GateScheme.ByAutonomy(autonomy);
        AgentConfig config = new AgentConfig(scheme, mode, null, "deny", Duration.ofSeconds(5),
                audit, AgentConfig.AuditFailure.BLOCK, null, AgentConfig.StdinMode.GATE, null);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), scheme, null);
        return Handoffs.over(config, gatekeeper, audit, prompts);
    }

    /** Starts a gated bash session on the stand-in process. */
    private static GatedShellProcess session(JdkHandoff g, StandIn shell) {
        g.checkStart(new String[] {"bash"}, null, null, new Redirect[] {Redirect.PIPE, Redirect.PIPE, Redirect.PIPE}, false);
        Process p = g.started(shell);
        assertThat(p).isInstanceOf(GatedShellProcess.class);
        return (GatedShellProcess) p;
    }

    private static void write(Process p, String command) throws IOException {
        p.getOutputStream().write((command + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> auditLineFor(String command) throws IOException {
        Map<String, Object> found = null;
        for (String line : Files.readAllLines(audit)) {
            Map<String, Object> o = JsonParser.parseObject(line);
            if (List.of("sh", "-c", command).equals(o.get("argv"))) {
                found = o;
            }
        }
        assertThat(found).as("audit line for %s", command).isNotNull();
        return found;
    }

    @Test
    void aLaterCommandIsJudgedWithTheStateEarlierOnesLeft() throws IOException {
        JdkHandoff g = guard(Autonomy.FULL, AgentConfig.Mode.ENFORCE);
        StandIn shell = new StandIn();
        GatedShellProcess p = session(g, shell);

        write(p, "printf -v PATH '%s' /tmp/evil");              // Write: allowed under full
        write(p, "ls");                                          // Read alone; after PATH changed, not
        Map<String, Object> ls = auditLineFor("ls");
        assertThat(ls.get("class")).isEqualTo("Write");
        assertThat(ls.get("outcome")).isEqualTo("allowed");
        assertThat(((Map<?, ?>) ls.get("context")).get("shell_state").toString()).contains("earlier commands");

        write(p, "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor");   // Write: a git hook
        // alone this is Write too; after the key it completes git -c core.fsmonitor='rm -rf ~'
        assertThatThrownBy(() -> write(p, "export GIT_CONFIG_VALUE_0='rm -rf ~'"))
                .isInstanceOf(IOException.class).hasMessageStartingWith("cmdgate: blocked sh -c 'export GIT_CONFIG_VALUE_0=").hasMessageContaining("Destructive");
        assertThat(auditLineFor("export GIT_CONFIG_VALUE_0='rm -rf ~'").get("class")).isEqualTo("Destructive");

        // the refused command never reached the shell and left no state: git status is judged without it
        write(p, "git status");
        assertThat(auditLineFor("git status").get("class")).isEqualTo("Write");
        assertThat(shell.read()).isEqualTo(grouped("printf -v PATH '%s' /tmp/evil", "ls",
                "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor", "git status"));
    }

    @Test
    void setKInOneWriteMakesTheAssignmentsOfALaterOneCount() throws IOException {
        JdkHandoff g = guard(Autonomy.READONLY, AgentConfig.Mode.ENFORCE);
        StandIn shell = new StandIn();
        GatedShellProcess p = session(g, shell);
        String gitStatus = "git status GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf ~'";

        // without set -k the NAME=value words are git status's pathspecs: Read
        write(p, gitStatus);
        assertThat(auditLineFor(gitStatus).get("class")).isEqualTo("Read");
        write(p, "set -k");
        assertThatThrownBy(() -> write(p, gitStatus)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("cmdgate: blocked");
        assertThat(shell.read()).isEqualTo(grouped(gitStatus, "set -k"));
        // commands that leave no state do not change how later ones are judged
        write(p, "cd /tmp && ls");
        write(p, "echo still here");
        assertThat(auditLineFor("echo still here").get("class")).isEqualTo("Read");
    }

    @Test
    void stateThatCannotBeTrackedMakesLaterCommandsAtLeastWrite() throws IOException {
        // audit mode lets an unparseable command through: the shell's state after it is unknown
        JdkHandoff g = guard(Autonomy.READONLY, AgentConfig.Mode.AUDIT);
        StandIn shell = new StandIn();
        GatedShellProcess p = session(g, shell);
        write(p, "ls");
        assertThat(auditLineFor("ls").get("class")).isEqualTo("Read");
        write(p, "echo )");
        write(p, "pwd");
        Map<String, Object> pwd = auditLineFor("pwd");
        assertThat(pwd.get("class")).isEqualTo("Write");
        assertThat(((Map<?, ?>) pwd.get("context")).get("shell_state").toString()).contains("unknown script");
        assertThat(pwd.toString()).contains(ShellState.UNTRACKED.substring(2));
    }

    @Test
    @SuppressWarnings("unchecked")
    void allowAlwaysCoversTheCommandOnlyWithTheStateItWasAnsweredFor() throws IOException {
        List<String> asked = new java.util.ArrayList<>();
        PromptResolver prompts = new PromptResolver("auto", Duration.ofSeconds(5));
        prompts.install(request -> {
            synchronized (asked) {
                asked.add(String.join(" ", (List<String>) request.get("argv")));
            }
            return "ALLOW_ALWAYS";
        }, "test handler");
        JdkHandoff g = guard(Autonomy.SUPERVISED, AgentConfig.Mode.ENFORCE, prompts);
        GatedShellProcess p = session(g, new StandIn());
        write(p, "touch notes.txt");
        write(p, "touch notes.txt");                 // remembered: not asked again
        write(p, "cd /tmp");                          // another working directory
        write(p, "touch notes.txt");                 // the same words, another directory: asked again
        assertThat(asked).containsExactly("sh -c touch notes.txt", "sh -c touch notes.txt");
    }

    @Test
    void aSessionWithoutStateChangesJudgesEachCommandAlone() {
        JdkHandoff g = guard(Autonomy.READONLY, AgentConfig.Mode.ENFORCE);
        StandIn shell = new StandIn();
        GatedShellProcess p = session(g, shell);
        assertThatCode(() -> {
            write(p, "ls");
            write(p, "git status");
            write(p, "cat README.md | wc -l");
        }).doesNotThrowAnyException();
        assertThatThrownBy(() -> write(p, "touch x")).isInstanceOf(IOException.class);
        assertThatCode(() -> write(p, "echo ok")).doesNotThrowAnyException();
        assertThat(shell.read()).isEqualTo(grouped("ls", "git status", "cat README.md | wc -l", "echo ok"));
    }

    /** What the shell receives for these commands: each as a group with /dev/null as its input. */
    private static String grouped(String... commands) {
        StringBuilder b = new StringBuilder();
        for (String c : commands) {
            b.append("{ ").append(c).append("\n} </dev/null\n");
        }
        return b.toString();
    }
}
