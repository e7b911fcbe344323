package dev.cmdgate.it.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.HookHost;
import dev.cmdgate.it.support.HookHost.Verdict;
import dev.cmdgate.it.support.InstalledHook;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fault between a host and cmdgate's answer, for every host, played as the host's documentation says it
 * treats the hook's exit status and output: the host would block the call each time. "Run" only creates a
 * marker file, which must not exist afterwards. A control call of a Read command does create one, so the harness
 * can tell.
 *
 * <p>Faults in the input (none, not JSON, not UTF-8, a member given twice, an event or a tool cmdgate does not
 * know carrying a command, too large, never finished), in the configuration (the user's and a project's), inside
 * the JVM (an exception, out of memory, the deadline) and of the JVM itself (it cannot start, dies after printing an
 * allow, is killed, or ends normally without cmdgate's reply) — the last ones through a stand-in {@code java} first
 * on PATH that wraps or replaces the real one.
 */
class HookFaultsIT {

    private static final Duration HOST_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    /**
     * A fault: what the host sends (null: its own call of {@code touch x}, which the configuration would allow), a
     * stand-in for {@code java} (a shell script's body; null: the real one), an option to install the hook with.
     */
    record Fault(String name, byte[] input, String javaStandIn, String installOption, boolean stalled, String command) {
        Fault(String name, byte[] input, String javaStandIn, String installOption, boolean stalled) {
            this(name, input, javaStandIn, installOption, stalled, "touch x");
        }

        static Fault input(String name, String json) {
            return new Fault(name, json.getBytes(StandardCharsets.UTF_8), null, null, false);
        }

        static Fault bytes(String name, byte[] input) {
            return new Fault(name, input, null, null, false);
        }
    }

    @OnEachJdk
    void noFaultLetsTheCommandRun(Jdk jdk) {
        assumeTrue(jdk.present(), jdk + " is not installed");
        Path home = Dirs.mkdir(tmp, "home");
        Path project = Dirs.mkdir(tmp, "project");
        Path marks = Dirs.mkdir(tmp, "ran");
        Path goodConfig = Dirs.write(tmp.resolve("good.properties"), "autonomy=full\n");
        Path bad = Dirs.write(tmp.resolve("bad.properties"), "autonomy=fullest\n");
        Path strictProject = Dirs.mkdir(tmp, "strict-project");
        Dirs.write(strictProject.resolve(".cmdgate/config.properties"), "autonomy=readonly\nprompt.timeout=5\n");
        String realJava = jdk.java().toString();
        List<Fault> faults = List.of(
                Fault.bytes("no input", new byte[0]),
                Fault.input("not JSON", "rm -rf ~/precious"),
                Fault.input("a JSON array", "[\"rm -rf ~/precious\"]"),
                Fault.bytes("not UTF-8", concat("{\"tool_name\":\"Bash\",\"command\":\"rm \u0000", new byte[] {(byte) 0xC3,
                        (byte) 0x28}, "\"}")),
                Fault.input("a member given twice", duplicate()),
                Fault.input("an event cmdgate does not answer", "{\"hook_event_name\":\"PostToolUseFailure\","
                        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"touch x\"},\"cwd\":\"" + project + "\"}"),
                Fault.input("an unknown tool carrying a command", unknownTool(project)),
                Fault.input("the command in an unexpected member", wrongMember(project)),
                Fault.bytes("input larger than cmdgate reads", large(9 << 20)),
                Fault.input("an internal exception (a directory name with NUL)", nulCwd()),
                new Fault("a broken user configuration", null, null, "--config " + bad, false),
                new Fault("a broken project configuration", null, null, null, false),
                new Fault("the input never finishes (deadline)", null, null, "--deadline 1500", true),
                new Fault("out of memory", null, "exec " + realJava + " -Xmx24m \"$@\"", null, false,
                        "cat > out.txt <<'EOF'\\n" + "x".repeat(7 << 20) + "\\nEOF"),
                new Fault("the JVM cannot start", null, "echo 'Error: could not create the JVM' >&2; exit 1",
                        null, false),
                new Fault("the JVM crashes after printing an allow", null,
                        "printf '%s\\n' '" + allowAll() + "'; kill -SEGV $$", null, false),
                new Fault("the JVM is killed while deciding", null,
                        realJava + " \"$@\" 0<&0 & pid=$!; sleep 0.05; kill -9 $pid; wait $pid", null, false),
                new Fault("the JVM ends normally without cmdgate's reply", null,
                        "cat >/dev/null; printf '%s\\n' '" + allowAll() + "'; exit 0", null, false),
                new Fault("the JVM exits 2 without a reason", null, "cat >/dev/null; exit 2", null, false));

        List<String> ran = new ArrayList<>();
        int n = 0;
        for (HookHost host : HookHost.values()) {
            InstalledHook plain = new InstalledHook(jdk, home, null);
            String good = plain.install(host, Dirs.mkdir(tmp, "install-" + host.id), "--config", goodConfig.toString());
            // the control: a Read command runs, so a marker can appear
            InstalledHook.Call control = plain.call(good, forHost(host, "git status", project), project, HOST_TIMEOUT);
            assertThat(control.verdict(host)).as(host.id + " control: " + control.describe()).isEqualTo(Verdict.RUN);
            for (Fault f : faults) {
                n++;
                InstalledHook hook = plain;
                String command = good;
                if (f.javaStandIn() != null) {
                    // the registered command names the JDK it runs: the stand-in takes its place there
                    Path bin = Dirs.mkdir(tmp, "bin-" + n);
                    InstalledHook.script(bin.resolve("java"), "#!/bin/sh\n" + f.javaStandIn() + "\n");
                    assertThat(command).contains(jdk.home().resolve("bin").toString());
                    command = command.replace(jdk.home().resolve("bin").toString(), bin.toString());
                }
                if (f.installOption() != null) {
                    List<String> opts = new ArrayList<>(List.of("--config", goodConfig.toString()));
                    String[] o = f.installOption().split(" ");
                    if (o[0].equals("--config")) {
                        opts = new ArrayList<>(Arrays.asList(o));
                    } else {
                        opts.addAll(Arrays.asList(o));
                    }
                    command = plain.install(host, Dirs.mkdir(tmp, "install-" + host.id + "-" + n), opts.toArray(new String[0]));
                }
                Path cwd = f.name().contains("project configuration") ? strictProject : project;
                // no input given: the host's own call of a Write command, which autonomy=full would allow
                byte[] input = f.input() != null ? f.input() : forHost(host, f.command(), cwd);
                InstalledHook.Call c = f.stalled() ? hook.callStalled(command, cwd, HOST_TIMEOUT)
                        : hook.call(command, input, cwd, HOST_TIMEOUT);
                Verdict v = c.verdict(host);
                Path marker = marks.resolve("ran-" + n);
                if (v == Verdict.RUN) {
                    Dirs.write(marker, host.id + ": " + f.name());
                }
                if (v != Verdict.BLOCK || Files.exists(marker) || c.timedOut()) {
                    ran.add(host.id + ", " + f.name() + ": the host would " + v + " — " + c.describe());
                }
                if (f.stalled()) {
                    assertThat(c.millis()).as("the deadline answers well before the host's timeout").isLessThan(15_000);
                }
            }
        }
        assertThat(ran).as("faults after which the host would not block the call").isEmpty();
        try (var files = Files.list(marks)) {
            assertThat(files.count()).as("commands run").isZero();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A command in each host's own input. */
    static byte[] forHost(HookHost host, String command, Path cwd) {
        String fixture = switch (host) {
            case CLAUDE_CODE -> "claude-code/pretooluse-2026.json";
            case CODEX -> "codex/pretooluse-current.json";
            case GEMINI -> "gemini/beforetool-shell.json";
            case CURSOR -> "cursor/beforeshell-1.7.json";
            case COPILOT -> "copilot/pretooluse-toolargs-object.json";
            case PI -> "pi/tool-call-bash.json";
        };
        String json = InstalledHook.fixture(fixture, cwd);
        for (String recorded : List.of("npm test", "echo hello", "git status")) {
            json = json.replace(recorded, command);
        }
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static String duplicate() {
        return "{\"tool_name\":\"Bash\",\"toolName\":\"bash\",\"tool_input\":{\"command\":\"ls\",\"command\":\"touch x\"},"
                + "\"toolArgs\":{\"command\":\"ls\",\"command\":\"touch x\"},\"input\":{\"command\":\"ls\",\"command\":\"touch x\"},"
                + "\"command\":\"ls\",\"command\":\"touch x\"}";
    }

    private static String unknownTool(Path cwd) {
        return "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Terminal\",\"tool_input\":{\"command\":\"touch x\"},"
                + "\"toolName\":\"terminal\",\"toolArgs\":{\"command\":\"touch x\"},\"input\":{\"command\":\"touch x\"},"
                + "\"cwd\":\"" + cwd + "\"}";
    }

    /** The shell tool's name with the command where no host puts it. */
    private static String wrongMember(Path cwd) {
        return "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"cmd\":\"touch x\"},"
                + "\"toolName\":\"bash\",\"toolArgs\":{\"cmd\":\"touch x\"},\"input\":{\"cmd\":\"touch x\"},"
                + "\"cmd\":\"touch x\",\"cwd\":\"" + cwd + "\"}";
    }

    private static String nulCwd() {
        return "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"touch x\"},"
                + "\"toolName\":\"bash\",\"toolArgs\":{\"command\":\"touch x\"},\"input\":{\"command\":\"touch x\"},"
                + "\"command\":\"touch x\",\"cwd\":\"/tmp/a\\u0000b\"}";
    }

    private static byte[] large(int size) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) ' ');
        b[0] = '{';
        b[size - 1] = '}';
        return b;
    }

    /** An allow in the forms of every host at once: what a half-dead JVM might have printed. */
    private static String allowAll() {
        return "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"},"
                + "\"decision\":\"allow\",\"permission\":\"allow\",\"permissionDecision\":\"allow\"}";
    }

    private static byte[] concat(String a, byte[] b, String c) {
        byte[] x = a.getBytes(StandardCharsets.UTF_8);
        byte[] z = c.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[x.length + b.length + z.length];
        System.arraycopy(x, 0, out, 0, x.length);
        System.arraycopy(b, 0, out, x.length, b.length);
        System.arraycopy(z, 0, out, x.length + b.length, z.length);
        return out;
    }
}
