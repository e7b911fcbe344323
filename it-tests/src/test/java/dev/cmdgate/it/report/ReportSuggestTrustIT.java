package dev.cmdgate.it.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate report FILE --suggest-trust} on the audit file a gated JVM wrote (a real process on JDK 17
 * and 25, {@code supervised}, every prompt denied): the rows it prints change nothing by themselves — the
 * audit file is byte for byte the same and the same JVM run again is refused the same launches — and, put
 * in a rules file that {@code cmdgate.rules} names, they let exactly those launches run, classified as
 * trusted, while a launch that differs in one word is still asked about.
 */
class ReportSuggestTrustIT {

    @TempDir
    Path tmp;

    private Run gated(Jdk jdk, Path audit, Path rulesOrNull) {
        ForkedJvm jvm = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent("autonomy=supervised,prompt=deny").cmdgate("audit", audit).timeout(Duration.ofSeconds(120))
                .main(Commands.class).args(Spec.attempts()
                        .add("stamp", "touch", "build-stamp")
                        .add("dir", "mkdir", "-p", "out/classes")
                        .add("other", "touch", "other-" + (rulesOrNull == null ? "a" : "b"))
                        .args());
        if (rulesOrNull != null) {
            jvm.cmdgate("rules", rulesOrNull);
        }
        Run run = jvm.run();
        assertThat(run.exit()).as(run.describe()).isZero();
        return run;
    }

    @OnEachJdk
    void the_suggested_rows_let_those_launches_run_only_once_a_rules_file_holds_them(Jdk jdk) throws Exception {
        Path audit = tmp.resolve("audit.jsonl");
        Run first = gated(jdk, audit, null);
        assertThat(first.result("stamp").blocked()).as(first.describe()).isTrue();
        assertThat(first.result("dir").blocked()).as(first.describe()).isTrue();
        byte[] before = Files.readAllBytes(audit);

        Run report = ForkedJvm.on(jdk).in(tmp).timeout(Duration.ofSeconds(120))
                .executableJar(ForkedJvm.AGENT_JAR, "report", audit, "--suggest-trust").run();
        assertThat(report.exit()).as(report.describe()).isZero();
        List<String> rows = report.stdoutLines().stream().filter(l -> l.startsWith("trust ")).toList();
        assertThat(rows).as(report.stdout()).hasSize(3);
        assertThat(report.stdout()).contains("Nothing here is applied");
        String work = tmp.resolve("work").toRealPath().toString();
        assertThat(rows).allMatch(r -> r.contains("cwd=" + work), "each row names the directory")
                .allMatch(r -> r.contains("caller=" + Commands.class.getPackageName()), "and the caller's class");

        // printed, not applied: the file is unchanged and the same launches are refused again
        assertThat(Files.readAllBytes(audit)).isEqualTo(before);
        Path again = tmp.resolve("again.jsonl");
        Run unchanged = gated(jdk, again, null);
        assertThat(unchanged.result("stamp").blocked()).as(unchanged.describe()).isTrue();
        assertThat(unchanged.result("dir").blocked()).as(unchanged.describe()).isTrue();
        assertThat(tmp.resolve("work/build-stamp")).doesNotExist();

        // kept in a rules file: exactly those launches run, as trusted; the one that differs is asked about
        String kept = String.join("\n", rows.stream().filter(r -> !r.contains("other-a")).toList())
                .replace("REVIEW: say why this launch is trusted", "the build's own output");
        Path rules = tmp.resolve("trust.rules");
        Files.writeString(rules, "[@trust]\n" + kept + "\n");
        Path trustedAudit = tmp.resolve("trusted.jsonl");
        Run trusted = gated(jdk, trustedAudit, rules);
        assertThat(trusted.result("stamp").ok()).as(trusted.describe() + "\n" + Files.readString(rules)).isTrue();
        assertThat(trusted.result("dir").ok()).as(trusted.describe()).isTrue();
        assertThat(trusted.result("other").blocked()).as("touch other-b: no row for it\n" + trusted.describe()).isTrue();
        assertThat(tmp.resolve("work/build-stamp")).exists();
        assertThat(tmp.resolve("work/out/classes")).isDirectory();
        Audit lines = Audit.read(trustedAudit);
        for (String word : List.of("build-stamp", "out/classes")) {
            Audit.Line l = lines.forWord(word);
            assertThat(l.commandClass()).isEqualTo("Read");
            assertThat(l.gate()).isEqualTo("allow");
            assertThat(l.raw()).contains("trusted by " + rules);
        }
    }

    /**
     * A line someone added to the audit file (a refused launch, copied from a real one, its chain not recomputed):
     * {@code verify} fails the file, and every report form leaves out the lines from the one before the break on,
     * says so in one line on stderr and exits with 1 — {@code --suggest-trust} suggests no row for the added line or
     * the line before it, only for the launches before them, and its output says what it left out.
     */
    @OnEachJdk
    void no_report_counts_or_suggests_from_the_lines_after_a_break_in_the_chain(Jdk jdk) throws Exception {
        Path audit = tmp.resolve("audit.jsonl");
        gated(jdk, audit, null);
        List<String> lines = Files.readAllLines(audit);
        String stamp = lines.stream().filter(l -> l.contains("build-stamp")).findFirst().orElseThrow();
        String added = stamp.replace("build-stamp", "added-by-someone").replaceFirst("\"decision_id\":\"[^\"]+\"",
                "\"decision_id\":\"added-1\"");
        Files.writeString(audit, added + "\n", java.nio.file.StandardOpenOption.APPEND);
        int brokenAt = lines.size() + 1;

        Run verify = ForkedJvm.on(jdk).in(tmp).executableJar(ForkedJvm.AGENT_JAR, "verify", audit).run();
        assertThat(verify.exit()).as(verify.describe()).isEqualTo(1);
        String warning = "cmdgate report: WARNING: " + audit + " fails its hash chain at line " + brokenAt + ", so its 2 lines"
                + " from line " + (brokenAt - 1) + " on are left out (cmdgate verify lists every problem)";

        Run suggest = ForkedJvm.on(jdk).in(tmp).timeout(Duration.ofSeconds(120))
                .executableJar(ForkedJvm.AGENT_JAR, "report", audit, "--suggest-trust").run();
        assertThat(suggest.exit()).as(suggest.describe()).isEqualTo(1);
        assertThat(suggest.stderr()).as(suggest.describe()).startsWith(warning);
        assertThat(suggest.stdout()).contains("# " + warning).doesNotContain("added-by-someone");
        List<String> rows = suggest.stdoutLines().stream().filter(l -> l.startsWith("trust ")).toList();
        assertThat(rows).as(suggest.stdout()).hasSize(lines.size() - 1).noneMatch(r -> r.contains("other-a"));

        Run text = ForkedJvm.on(jdk).in(tmp).executableJar(ForkedJvm.AGENT_JAR, "report", audit).run();
        assertThat(text.exit()).as(text.describe()).isEqualTo(1);
        assertThat(text.stdout()).startsWith(warning).contains(lines.size() - 1 + " launches in ");
        Run html = ForkedJvm.on(jdk).in(tmp).executableJar(ForkedJvm.AGENT_JAR, "report", audit, "--html",
                tmp.resolve("report.html")).run();
        assertThat(html.exit()).as(html.describe()).isEqualTo(1);
        assertThat(Files.readString(tmp.resolve("report.html"))).contains("id=\"left-out\"").doesNotContain("added-by-someone");
    }
}
