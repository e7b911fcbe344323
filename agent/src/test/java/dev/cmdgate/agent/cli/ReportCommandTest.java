package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report AUDIT}: a week of audit-mode lines judged again under another tier, passport or rules. */
class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    /** The week's lines, chained as cmdgate writes them, without the line a full disk cut short. */
    private String week() throws Exception {
        return week(false);
    }

    /**
     * The week's lines, each given its {@code prev_hash}; with {@code cutLine}, the line a full disk cut short stays
     * (line 6): the chain breaks there.
     */
    private String week(boolean cutLine) throws Exception {
        Path f = dir.resolve("week.jsonl");
        java.util.List<String> chained = new java.util.ArrayList<>();
        String prev = dev.cmdgate.agent.audit.AuditChain.GENESIS;
        try (var in = ReportCommandTest.class.getResourceAsStream("week.jsonl")) {
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                boolean json = line.startsWith("{\"") && line.endsWith("}");
                if (!json && !cutLine) {
                    continue;
                }
                String written = json ? line.substring(0, line.length() - 1) + ",\"prev_hash\":\"" + prev + "\"}" : line;
                chained.add(written);
                byte[] b = written.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                prev = new dev.cmdgate.agent.audit.AuditChain.Hasher().hex(b, 0, b.length);
            }
        }
        Files.write(f, chained);
        return f.toString();
    }

    /**
     * A file whose chain breaks (a line a full disk cut short, at line 6): the report counts the lines before the
     * line before it, says so on stderr and at the top of its output, and exits with 1, as {@code verify} does.
     */
    @Test
    void aBrokenChainLeavesOutTheLinesFromTheBreakOnAndExitsWithOne() throws Exception {
        String week = week(true);
        assertThat(run("report", week, "--autonomy", "full")).isEqualTo(1);
        String warning = "cmdgate report: WARNING: " + week + " fails its hash chain at line 6, so its 4 lines from line 5 on"
                + " are left out (cmdgate verify lists every problem); nothing below counts or comes from them";
        assertThat(err.toString().trim()).isEqualTo(warning);
        assertThat(out.toString()).startsWith(warning + "\n").contains("cmdgate report: 3 launches in ")
                .doesNotContain("curl");
    }

    @Test
    void underFullTheWritesWouldRunAndTheRestStillPrompt() throws Exception {
        assertThat(run("report", week(), "--autonomy", "full")).isZero();
        String o = out.toString();
        assertThat(o).contains("cmdgate report: 5 launches in ").contains("recorded under autonomy=supervised; judged again under autonomy=full");
        assertThat(o).contains("(not counted: 1 pre-check lines, 0 unreadable lines)");
        assertThat(o).containsPattern("Read +1 +1 → 1 +0 → 0 +0 → 0");
        // touch and git status with GIT_DIR set (a hook, judged from its recorded value: Write/high) would run
        assertThat(o).containsPattern("Write +2 +0 → 2 +2 → 0 +0 → 0");
        assertThat(o).containsPattern("all +5 +1 → 3 +4 → 2 +0 → 0");
        assertThat(o).contains("2 launches would be answered differently:")
                .containsPattern("line 3 +prompt → allow +Write/medium  touch notes.txt  \\(in /srv/app\\)")
                .contains("GIT_DIR is set by the launch");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void underReadonlyPromptsBecomeBlocks() throws Exception {
        assertThat(run("report", week(), "--autonomy", "readonly")).isZero();
        assertThat(out.toString()).contains("4 launches would be answered differently:")
                .containsPattern("line 7 +prompt → block +Network/high  curl -s https://example.org/x");
    }

    @Test
    void aTrustRowChangesWhatItTrusts() throws Exception {
        Path rules = Files.writeString(dir.resolve("trust.rules"), """
                [@trust]
                trust rm -rf target if cwd=/srv/app -> "the build's clean-up"
                """);
        assertThat(run("report", week(), "--rules", rules.toString())).isZero();
        assertThat(out.toString()).contains("1 launch would be answered differently:")
                .containsPattern("line 4 +prompt → allow +Read/minimal  rm -rf target")
                .contains("trusted by " + rules + ":2: the build's clean-up");
        // an audit line keeps its caller's class, not where its code came from: only a caller= row that takes the
        // class from anywhere (@/*) holds here, one narrowed to a jar never does
        Path anywhere = Files.writeString(dir.resolve("anywhere.rules"), """
                [@trust]
                trust rm -rf target if cwd=/srv/app caller=com.acme.Build@/* -> "the build's clean-up"
                """);
        out.getBuffer().setLength(0);
        assertThat(run("report", week(), "--rules", anywhere.toString())).isZero();
        assertThat(out.toString()).contains("trusted by " + anywhere + ":2: the build's clean-up");
        Path narrowed = Files.writeString(dir.resolve("narrowed.rules"), """
                [@trust]
                trust rm -rf target if cwd=/srv/app caller=com.acme.Build@/srv/app/lib/* -> "the build's clean-up"
                """);
        out.getBuffer().setLength(0);
        assertThat(run("report", week(), "--rules", narrowed.toString())).isZero();
        assertThat(out.toString()).doesNotContain("trusted by");
    }

    @Test
    void aPassportIsEvaluatedOnEveryLaunch() throws Exception {
        Path passport = Path.of("..", "examples", "passport", "passport.json");
        assertThat(run("report", week(), "--autonomy", "full", "--policy", passport.toString())).isZero();
        assertThat(out.toString()).contains("with the passport ").contains("launches would be answered differently");
    }

    @Test
    void badInputIsOneLine() {
        assertThat(run("report", dir.resolve("none.jsonl").toString())).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("cmdgate: " + dir.resolve("none.jsonl") + " is not a readable audit file");
        err.getBuffer().setLength(0);
        assertThat(run("report")).isEqualTo(2);
        assertThat(err.toString().trim()).doesNotContain("\n").contains("try: cmdgate report --help");
    }
}
