package dev.cmdgate.it.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.HookHost;
import dev.cmdgate.it.support.HookHost.Verdict;
import dev.cmdgate.it.support.InstalledHook;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.StrictJson;
import dev.cmdgate.it.support.OnEachJdk;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each host's recorded input (it-tests/src/test/resources/hooks, one per host and per difference between its
 * versions) through the installed command, run as the host runs it and judged as the host's documentation says it
 * treats the answer: what the host then does — run the command, ask the user, or block it. "Run" only creates a
 * marker file. The same calls leave one audit line each, with the host, session and tool call, that {@code verify}
 * and {@code report} read.
 */
class HookHostsIT {

    private static final Duration HOST_TIMEOUT = Duration.ofSeconds(30);
    private static final String DESTRUCTIVE = "rm -rf ~/precious";

    /** One recorded input, the command it carries, and what the host does with it under the default tier. */
    record Sample(HookHost host, String fixture, String command, Verdict recorded, Verdict destructive) {
    }

    static final List<Sample> SAMPLES = List.of(
            new Sample(HookHost.CLAUDE_CODE, "claude-code/pretooluse-2026.json", "npm test", Verdict.ASK, Verdict.ASK),
            new Sample(HookHost.CLAUDE_CODE, "claude-code/pretooluse-2025.json", "npm test", Verdict.ASK, Verdict.ASK),
            new Sample(HookHost.CLAUDE_CODE, "claude-code/pretooluse-subagent.json", "npm test", Verdict.ASK, Verdict.ASK),
            new Sample(HookHost.CLAUDE_CODE, "claude-code/pretooluse-background.json", "npm test", Verdict.ASK, Verdict.ASK),
            new Sample(HookHost.CLAUDE_CODE, "claude-code/pretooluse-read.json", null, Verdict.RUN, null),
            new Sample(HookHost.CODEX, "codex/pretooluse-0118.json", "echo hello", Verdict.RUN, Verdict.BLOCK),
            new Sample(HookHost.CODEX, "codex/pretooluse-current.json", "echo hello", Verdict.RUN, Verdict.BLOCK),
            new Sample(HookHost.CODEX, "codex/pretooluse-subagent.json", "echo hello", Verdict.RUN, Verdict.BLOCK),
            new Sample(HookHost.CODEX, "codex/pretooluse-apply-patch.json", null, Verdict.RUN, null),
            new Sample(HookHost.GEMINI, "gemini/beforetool-shell.json", "git status", Verdict.RUN, Verdict.BLOCK),
            new Sample(HookHost.GEMINI, "gemini/beforetool-read-file.json", null, Verdict.RUN, null),
            new Sample(HookHost.GEMINI, "gemini/beforetool-mcp.json", null, Verdict.RUN, null),
            new Sample(HookHost.CURSOR, "cursor/beforeshell-1.7.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.CURSOR, "cursor/beforeshell-2.0.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.CURSOR, "cursor/pretooluse-shell.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.CURSOR, "cursor/beforemcp.json", null, Verdict.RUN, null),
            new Sample(HookHost.COPILOT, "copilot/pretooluse-toolargs-string.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.COPILOT, "copilot/pretooluse-toolargs-object.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.COPILOT, "copilot/pretooluse-claude-style.json", "git status", Verdict.RUN, Verdict.ASK),
            new Sample(HookHost.COPILOT, "copilot/pretooluse-view.json", null, Verdict.RUN, null),
            new Sample(HookHost.PI, "pi/tool-call-bash.json", "git status", Verdict.RUN, Verdict.BLOCK));

    @TempDir
    Path tmp;

    @OnEachJdk
    void eachRecordedInputIsDecidedAsTheHostExpectsAndAudited(Jdk jdk) {
        assumeTrue(jdk.present(), jdk + " is not installed");
        Path home = Dirs.mkdir(tmp, "home");
        Path project = Dirs.mkdir(tmp, "project");
        Path marks = Dirs.mkdir(tmp, "ran");
        Path audit = tmp.resolve("audit.jsonl");
        Path config = Dirs.write(tmp.resolve("cmdgate.properties"), "autonomy=supervised\naudit=" + audit + "\n");
        Path readonly = Dirs.write(tmp.resolve("readonly.properties"), "autonomy=readonly\n");
        InstalledHook hook = new InstalledHook(jdk, home, null);
        Map<HookHost, String> registered = new EnumMap<>(HookHost.class);
        for (HookHost h : HookHost.values()) {
            registered.put(h, hook.install(h, project, "--config", config.toString()));
        }
        List<String> wrong = new ArrayList<>();
        int decisions = 0;
        int n = 0;
        for (Sample s : SAMPLES) {
            String recorded = InstalledHook.fixture(s.fixture(), project);
            wrong.addAll(check(hook, registered.get(s.host()), s.host(), s.fixture(), recorded, project, marks, ++n,
                    s.recorded()));
            decisions += s.command() == null ? 0 : 1;
            if (s.command() != null) {
                wrong.addAll(check(hook, registered.get(s.host()), s.host(), s.fixture() + " with " + DESTRUCTIVE,
                        recorded.replace(s.command(), DESTRUCTIVE), project, marks, ++n, s.destructive()));
                decisions++;
            }
        }
        assertThat(wrong).as("calls the host would treat otherwise than expected").isEmpty();

        // one audit line per decision, naming the host, the session, the tool call and the directory
        List<Map<String, Object>> lines = auditLines(audit);
        assertThat(lines).hasSize(decisions);
        for (Map<String, Object> line : lines) {
            @SuppressWarnings("unchecked")
            Map<String, Object> context = (Map<String, Object>) line.get("context");
            assertThat(context).containsKey("hook");
            assertThat(line.get("cwd")).isEqualTo(project.toString());
        }
        assertThat(lines).anySatisfy(l -> assertThat(l.toString()).contains("toolu_01ABC123", "abc123"))
                .anySatisfy(l -> assertThat(l.toString()).contains("agent-7f3a"))
                .anySatisfy(l -> assertThat(l.toString()).contains("turn-4", "agent-2"))
                .anySatisfy(l -> assertThat(l.get("outcome")).isEqualTo("asked"));
        InstalledHook.Call verify = hook.call(InstalledHook.LAUNCHER + " verify " + audit, new byte[0], project,
                Duration.ofSeconds(120));
        assertThat(verify.exit()).as(verify.describe()).isZero();
        InstalledHook.Call report = hook.call(InstalledHook.LAUNCHER + " report " + audit + " --autonomy readonly",
                new byte[0], project, Duration.ofSeconds(120));
        assertThat(report.exit()).as(report.describe()).isZero();
        assertThat(report.stdout()).contains(decisions + " launches");

        // a stricter tier from another configuration: what asked now blocks, what ran still runs
        for (HookHost h : HookHost.values()) {
            String strict = hook.install(h, Dirs.mkdir(tmp, "strict-" + h.id), "--config", readonly.toString());
            Sample s = first(h);
            String recorded = InstalledHook.fixture(s.fixture(), project);
            wrong.addAll(check(hook, strict, h, s.fixture() + " with git status (readonly)",
                    recorded.replace(s.command(), "git status"), project, marks, ++n, Verdict.RUN));
            wrong.addAll(check(hook, strict, h, s.fixture() + " with " + DESTRUCTIVE + " (readonly)",
                    recorded.replace(s.command(), DESTRUCTIVE), project, marks, ++n, Verdict.BLOCK));
        }
        assertThat(wrong).as("calls the host would treat otherwise than expected").isEmpty();
    }

    /** A call, judged as the host would; "run" creates the marker {@code n}. The problems found, if any. */
    static List<String> check(InstalledHook hook, String command, HookHost host, String what, String input, Path cwd,
                              Path marks, int n, Verdict expected) {
        InstalledHook.Call c = hook.call(command, input.getBytes(StandardCharsets.UTF_8), cwd, HOST_TIMEOUT);
        Verdict v = c.verdict(host);
        Path marker = marks.resolve("ran-" + n);
        if (v == Verdict.RUN) {
            Dirs.write(marker, what);
        }
        List<String> wrong = new ArrayList<>();
        if (v != expected || Files.exists(marker) != (expected == Verdict.RUN)) {
            wrong.add(host.id + " " + what + ": expected " + expected + ", the host would " + v + " — " + c.describe());
        }
        return wrong;
    }

    private static Sample first(HookHost h) {
        for (Sample s : SAMPLES) {
            if (s.host() == h && s.command() != null) {
                return s;
            }
        }
        throw new AssertionError(h.id);
    }

    static List<Map<String, Object>> auditLines(Path audit) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String l : Dirs.read(audit).split("\n")) {
            if (!l.isBlank()) {
                lines.add(StrictJson.parseObject(l));
            }
        }
        return lines;
    }
}
