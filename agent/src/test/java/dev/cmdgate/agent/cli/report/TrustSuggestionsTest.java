package dev.cmdgate.agent.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.rules.RuleSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --suggest-trust}: the rows it prints are read by the rules reader here, and each launch
 * they claim is judged with them by the classifier — built here from the argv, directory and caller the
 * test wrote, not from the report's own reading — and classifies as trusted; the same launch with another
 * word, directory or caller does not.
 */
class TrustSuggestionsTest {

    @TempDir
    Path dir;

    static final String BUILD = "com.acme.Build.run(Build.java:3)";
    static final List<String> HOSTILE = List.of("touch", "a b", "*", "\"q\"", "#x", "...", "if", "->", "${user.home}",
            "back\\slash", "line\nbreak", "a\u202eb", "tab\there", "\u27e8fold\u27e9", "");

    private String output;
    private List<String> rows;

    private static Map<String, Object> asked(String time, List<String> argv, String cwd, String caller) {
        Map<String, Object> d = AuditFixture.decision(time, argv);
        d.put("cwd", cwd);
        d.put("caller", caller);
        return d;
    }

    @BeforeEach
    void suggest() throws IOException {
        Path f = dir.resolve("audit.jsonl");
        AuditFixture a = new AuditFixture(f, 42, "com.acme.Main");
        a.write(asked("2026-11-30T10:00:00Z", List.of("touch", "build/stamp"), "/srv/app", BUILD));
        a.write(asked("2026-11-30T10:01:00Z", List.of("touch", "build/stamp"), "/srv/app", BUILD));
        a.write(asked("2026-11-30T10:02:00Z", List.of("./gradlew", "build"), "/srv/app", BUILD));
        Map<String, Object> rm = asked("2026-11-30T10:03:00Z", List.of("/usr/bin/rm", "-rf", "target"), "/srv/app",
                "com.acme.Clean.run(Clean.java:9)");
        rm.put("gate", "block");
        rm.put("scheme", "autonomy=readonly");
        rm.remove("prompt");
        a.write(rm);
        a.write(asked("2026-11-30T10:04:00Z", HOSTILE, "/srv/my app", "com.acme.$Weird.run(X.java:1)"));
        Map<String, Object> git = asked("2026-11-30T10:05:00Z", List.of("git", "status"), "/srv/app", BUILD);
        git.put("env", Map.of("changed", List.of("GIT_DIR"), "hooks", Map.of("GIT_DIR", "/tmp/elsewhere")));
        a.write(git);
        Map<String, Object> denied = asked("2026-11-30T10:06:00Z", List.of("touch", "policy"), "/srv/app", BUILD);
        denied.put("oap", Map.of("allow", false));
        a.write(denied);
        Map<String, Object> redirected = asked("2026-11-30T10:07:00Z", List.of("echo", "hi"), "/srv/app", BUILD);
        redirected.put("redirects", List.of(Map.of("path", "/srv/app/out.log", "append", true)));
        a.write(redirected);
        a.write(asked("2026-11-30T10:08:00Z", List.of("we*rd", "x"), "/srv/app", BUILD));
        a.write(asked("2026-11-30T10:09:00Z", List.of("sh", "-c", "rm -rf target"), "/srv/app", BUILD));
        a.write(asked("2026-11-30T10:10:00Z", List.of("touch", "lambda"), "/srv/app",
                "com.acme.Tool$$Lambda/0x000001.run(Unknown Source)"));
        Map<String, Object> allowed = asked("2026-11-30T10:11:00Z", List.of("touch", "fine"), "/srv/app", BUILD);
        allowed.put("gate", "allow");
        a.write(allowed);

        StringWriter out = new StringWriter();
        TrustSuggestions.run(List.of(f), null, null, new PrintWriter(out), 200);
        output = out.toString();
        rows = new ArrayList<>();
        for (String l : output.split("\n", -1)) {
            if (l.startsWith("trust ")) {
                rows.add(l);
            }
        }
    }

    /** The rows, read by the rules reader as a user rules file would be. */
    private RulesClassifier suggested() {
        return RulesClassifier.of(RuleSet.withUserText("[@trust]\n" + String.join("\n", rows) + "\n", "t.rules"));
    }

    private static Verdict judge(RulesClassifier c, List<String> argv, String cwd, String callerClass,
                                 Map<String, String> env, List<Launch.OutputRedirect> redirects) {
        // as a gated JVM sees its caller: the class and the jar its code came from
        LaunchSite site = LaunchSite.of(cwd, callerClass == null ? LaunchSite.NoFrames.NO_FRAMES
                : LaunchSite.frames(List.of(callerClass), List.of("/srv/app/lib/acme.jar")));
        return new Gatekeeper(c, new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null)
                .judge(new Launch(argv, null, cwd, env, redirects, null, null), site);
    }

    private static boolean trusted(Verdict v) {
        boolean row = false;
        for (Finding f : v.classification().findings()) {
            row |= f.reason().startsWith("trusted by t.rules:");
        }
        return row && v.classification().commandClass() == CommandClass.READ;
    }

    private boolean trusted(List<String> argv, String cwd, String callerClass) {
        return trusted(judge(suggested(), argv, cwd, callerClass, Map.of(), List.of()));
    }

    @Test
    void everyRowReadsAndTheLaunchesItClaimsClassifyAsTrusted() {
        assertThat(rows).as(output).hasSize(7);
        assertThat(trusted(List.of("touch", "build/stamp"), "/srv/app", "com.acme.Build")).isTrue();
        assertThat(trusted(List.of("./gradlew", "build"), "/srv/app", "com.acme.Build")).isTrue();
        assertThat(trusted(List.of("/usr/bin/rm", "-rf", "target"), "/srv/app", "com.acme.Clean")).isTrue();
        assertThat(trusted(HOSTILE, "/srv/my app", "com.acme.$Weird")).as(output).isTrue();
        assertThat(trusted(List.of("sh", "-c", "rm -rf target"), "/srv/app", "com.acme.Build")).isTrue();
        assertThat(trusted(List.of("touch", "lambda"), "/srv/app", "anything.Else")).as("no caller= it could name").isTrue();
        assertThat(trusted(judge(suggested(), List.of("echo", "hi"), "/srv/app", "com.acme.Build", Map.of(),
                List.of(new Launch.OutputRedirect("/srv/app/out.log", true))))).as("output= names the redirect").isTrue();
        assertThat(output).contains("# covers 2 launches").contains("trust touch build/stamp if cwd=/srv/app caller=com.acme.Build@/* ");
        // the line keeps the caller's class, not its jar: the row takes the class from anywhere and says so
        assertThat(output).contains("#   wider than the line: its caller's class from any jar or directory (@/*)");
    }

    @Test
    void theRowsAreAsNarrowAsTheLines() {
        assertThat(trusted(List.of("touch", "build/stamp2"), "/srv/app", "com.acme.Build")).as("another word").isFalse();
        assertThat(trusted(List.of("touch", "build/stamp", "x"), "/srv/app", "com.acme.Build")).as("one word more").isFalse();
        assertThat(trusted(List.of("touch", "build/stamp"), "/srv/other", "com.acme.Build")).as("another directory").isFalse();
        assertThat(trusted(List.of("touch", "build/stamp"), "/srv/app", "com.evil.Build")).as("another caller").isFalse();
        assertThat(trusted(List.of("/tmp/rm", "-rf", "target"), "/srv/app", "com.acme.Clean")).as("another rm").isFalse();
        assertThat(trusted(List.of("./gradlew", "build"), "/srv/elsewhere", "com.acme.Build"))
                .as("the relative program is the directory's own").isFalse();
        List<String> other = new ArrayList<>(HOSTILE);
        other.set(2, "anything");
        assertThat(trusted(other, "/srv/my app", "com.acme.$Weird")).as("* is the literal star").isFalse();
        assertThat(trusted(judge(suggested(), List.of("echo", "hi"), "/srv/app", "com.acme.Build", Map.of(),
                List.of(new Launch.OutputRedirect("/home/me/.bashrc", true))))).as("another output file").isFalse();
    }

    @Test
    void launchesNoRowCoversAreListedWithTheReasonAndNothingIsPrintedATerminalWouldNotShow() {
        String notCovered = output.substring(output.indexOf("# Not covered by any row"));
        assertThat(notCovered).contains("audit.jsonl:6").contains("git status").contains("GIT_DIR");
        assertThat(notCovered).contains("audit.jsonl:7").contains("the passport refused it");
        assertThat(notCovered).contains("audit.jsonl:9").contains("its program name cannot be written");
        assertThat(output).doesNotContain("touch fine");
        assertThat(output).contains("? stands for each character a terminal would not show as itself");
        output.codePoints().filter(cp -> cp != '\n').forEach(cp -> {
            int t = Character.getType(cp);
            assertThat(t == Character.CONTROL || t == Character.FORMAT || t == Character.LINE_SEPARATOR
                    || t == Character.PARAGRAPH_SEPARATOR || t == Character.PRIVATE_USE || t == Character.SURROGATE
                    || t == Character.UNASSIGNED || (t == Character.SPACE_SEPARATOR && cp != ' '))
                    .as("U+%04X a terminal would not show", cp).isFalse();
        });
    }

    @Test
    void aLaunchTheUsersRulesAlreadyTrustNeedsNoRow() throws IOException {
        StringWriter out = new StringWriter();
        TrustSuggestions.run(List.of(dir.resolve("audit.jsonl")),
                "[@trust]\ntrust touch build/stamp if cwd=/srv/app -> \"ours\"\n", "mine.rules", new PrintWriter(out), 200);
        assertThat(out.toString()).doesNotContain("trust touch build/stamp").contains("trust /srv/app/gradlew build");
    }
}
