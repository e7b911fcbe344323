package dev.cmdgate.core.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Classifies every row of the case corpus ({@code src/test/resources/adversarial/*.jsonl}, one file per
 * technique: every "this line must be class X" case outside the rules' own {@code example} rows) and
 * reports both ways — missed risk (class below {@code min_class}) and needless prompts (class above
 * {@code max_class}) — with a per-technique summary table.
 *
 * <p>It is a gate: a missed row fails the build, and so does a needless prompt, except in the everyday
 * {@code tldr-*} files, which have a budget ({@value #EVERYDAY_NEEDLESS_MAX} of their rows). Every answer
 * is explained by a finding of its class and level, and a row that must stay Read stays Read minimal.
 * {@code -Dcmdgate.corpus.report=true} turns it into report-only mode (prints everything, fails nothing);
 * {@code -Dcmdgate.corpus.strict=true} also fails on the tldr files' needless prompts. See docs/adversarial.md.
 */
class AdversarialCorpusTest {

    static final boolean REPORT_ONLY = Boolean.getBoolean("cmdgate.corpus.report");
    static final boolean STRICT = Boolean.getBoolean("cmdgate.corpus.strict");

    /**
     * Files named {@code *-pending.jsonl} hold rows that need a classifier mechanism not built yet; each
     * names it in {@code needs}. Their misses are reported, never fail the gate; rows that pass are
     * listed so they can be moved to their technique's file.
     */
    static final String PENDING_SUFFIX = "-pending";
    /** Files named {@code tldr-*.jsonl}: everyday examples whose needless prompts are always counted. */
    static final String EVERYDAY_PREFIX = "tldr-";
    /** The most needless prompts the everyday files may have, as a fraction of their rows. */
    static final double EVERYDAY_NEEDLESS_MAX = 0.01;

    /** One corpus row. Exactly one of {@code command} and {@code argv} is set. */
    record Row(String technique, int line, String command, List<String> argv, Map<String, String> env,
               CommandClass min, CommandClass max, String why, String needs) {

        boolean pending() {
            return technique.endsWith(PENDING_SUFFIX);
        }

        String input() {
            String base = command != null ? Corpus.show(command) : "argv" + Corpus.show(String.valueOf(argv));
            return env.isEmpty() ? base : "env" + env + " " + base;
        }

        /** Counted as an everyday command that must stay Read. */
        boolean mustStayRead() {
            return max == CommandClass.READ;
        }
    }

    static List<Row> rows;

    @BeforeAll
    static void load() throws IOException, URISyntaxException {
        rows = loadCorpus();
    }

    static List<Row> loadCorpus() throws IOException, URISyntaxException {
        URL url = AdversarialCorpusTest.class.getResource("/adversarial");
        assertThat(url).as("adversarial corpus on the test class path").isNotNull();
        Path dir = Paths.get(url.toURI());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        List<Row> out = new ArrayList<>();
        for (Path f : files) {
            String technique = f.getFileName().toString().replaceFirst("\\.jsonl$", "");
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String text = lines.get(i).strip();
                if (text.isEmpty()) {
                    continue;
                }
                out.add(parseRow(technique, i + 1, text));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static Row parseRow(String technique, int line, String text) {
        String where = technique + ".jsonl:" + line;
        Map<String, Object> o;
        try {
            o = JsonParser.parseObject(text);
        } catch (RuntimeException e) {
            throw new AssertionError(where + ": not a JSON object: " + e.getMessage(), e);
        }
        Object command = o.get("command");
        Object argv = o.get("argv");
        if ((command == null) == (argv == null)) {
            throw new AssertionError(where + ": exactly one of \"command\" and \"argv\" is required");
        }
        List<String> argvList = null;
        if (argv != null) {
            argvList = new ArrayList<>();
            for (Object a : (List<Object>) argv) {
                argvList.add((String) a);
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        if (o.get("env") instanceof Map<?, ?> m) {
            m.forEach((k, v) -> env.put((String) k, (String) v));
        }
        Object min = o.get("min_class");
        if (!(min instanceof String)) {
            throw new AssertionError(where + ": min_class is required");
        }
        Object max = o.get("max_class");
        Object why = o.get("why");
        if (!(why instanceof String w) || w.isBlank()) {
            throw new AssertionError(where + ": why is required");
        }
        Object needs = o.get("needs");
        boolean pendingFile = technique.endsWith(PENDING_SUFFIX);
        if (pendingFile && !(needs instanceof String n && !n.isBlank())) {
            throw new AssertionError(where + ": a pending row names the mechanism it needs in \"needs\"");
        }
        if (!pendingFile && needs != null) {
            throw new AssertionError(where + ": \"needs\" belongs in a *" + PENDING_SUFFIX + ".jsonl file");
        }
        return new Row(technique, line, (String) command, argvList, env, CommandClass.parse((String) min),
                max == null ? null : CommandClass.parse((String) max), (String) why, (String) needs);
    }

    @Test
    void corpusIsLargeEnoughAndWellFormed() {
        long adversarial = rows.stream().filter(r -> !r.technique().equals("shared") && r.min() != CommandClass.READ).count();
        long reads = rows.stream().filter(r -> !r.technique().equals("shared") && r.mustStayRead()).count();
        assertThat(adversarial).as("adversarial rows (at least 300)").isGreaterThanOrEqualTo(300);
        assertThat(reads).as("everyday rows that must stay Read (at least 100)").isGreaterThanOrEqualTo(100);
        long everydayWrites = rows.stream().filter(r -> r.technique().equals("everyday-write") && r.min() != CommandClass.READ).count();
        assertThat(everydayWrites).as("everyday commands that must not be Read (at least 100)").isGreaterThanOrEqualTo(100);
        for (Row r : rows) {
            if (r.max() != null) {
                assertThat(r.max().atLeast(r.min())).as(r.technique() + ":" + r.line() + " max_class below min_class").isTrue();
            }
        }
        assertThat(rows.stream().map(Row::technique).distinct().toList())
                .as("technique groups")
                .contains("quoting", "paths", "wrappers", "option-spellings", "indirection", "substitution",
                        "here-docs", "environment-hooks", "interpreters", "redirections", "remote-code",
                        "persistence", "shared", "everyday-read", "everyday-write", "nested-scripts", "expansion");
    }

    @Test
    void catalogueGroupsArePresent() {
        List<String> techniques = rows.stream().map(Row::technique).distinct().toList();
        assertThat(techniques).as("GTFOBins groups, one per function, and the sudo context")
                .contains("gtfobins-shell", "gtfobins-command", "gtfobins-reverse-shell", "gtfobins-bind-shell",
                        "gtfobins-file-write", "gtfobins-download", "gtfobins-upload", "gtfobins-library-load", "gtfobins-sudo");
        long tldrRead = rows.stream().filter(r -> r.technique().startsWith(EVERYDAY_PREFIX) && r.mustStayRead()).count();
        assertThat(tldrRead).as("everyday read-only tldr examples").isGreaterThanOrEqualTo(300);
        assertThat(rows.stream().filter(r -> r.technique().startsWith(EVERYDAY_PREFIX)).allMatch(r -> r.max() != null))
                .as("every tldr row says the most it may be").isTrue();
        assertThat(techniques).as("one attack-* file per ATT&CK tactic (docs/attack-coverage.md)")
                .contains("attack-execution", "attack-persistence", "attack-privilege-escalation", "attack-defense-evasion",
                        "attack-credential-access", "attack-discovery", "attack-lateral-movement", "attack-exfiltration");
        assertThat(rows.stream().filter(r -> r.technique().startsWith("attack-")).allMatch(r -> r.why().startsWith("ATT&CK T")))
                .as("every attack row names its technique").isTrue();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void classifiesEveryRowAtLeastItsMinimumAndAtMostItsMaximum() {
        CommandClassifier classifier = Classifiers.standard(null);
        Map<String, int[]> table = new TreeMap<>(); // technique -> rows, missed, needless, read rows, errors
        List<String> missed = new ArrayList<>();
        List<String> needless = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        List<String> pendingMissed = new ArrayList<>();
        List<String> pendingPassing = new ArrayList<>();
        List<String> unexplained = new ArrayList<>();
        int needlessGated = 0;
        int everydayRows = 0;
        int everydayNeedless = 0;
        for (Row r : rows) {
            int[] t = table.computeIfAbsent(r.technique(), k -> new int[5]);
            t[0]++;
            if (r.mustStayRead()) {
                t[3]++;
            }
            Classification c;
            try {
                c = r.command() != null && r.env().isEmpty()
                        ? classifier.classifyShell(r.command())
                        : classifier.classifyArgv(r.command() != null ? List.of("sh", "-c", r.command()) : r.argv(), r.env());
            } catch (RuntimeException | Error e) {
                t[4]++;
                t[1]++;
                errors.add(r.technique() + ":" + r.line() + "  " + r.input() + "  threw " + e);
                continue;
            }
            CommandClass got = c.commandClass();
            if (!explained(c) || r.mustStayRead() && got == CommandClass.READ && c.level() != RiskLevel.MINIMAL) {
                unexplained.add(String.format("%s:%d  %s  got %s %s%n      findings: %s", r.technique(), r.line(), r.input(),
                        got, c.level(), summarize(c.findings())));
            }
            boolean everyday = r.technique().startsWith(EVERYDAY_PREFIX);
            everydayRows += everyday ? 1 : 0;
            if (!got.atLeast(r.min())) {
                t[1]++;
                String line = String.format("%s:%d  %s  got %s (level %s), want >= %s — %s%n      findings: %s",
                        r.technique(), r.line(), r.input(), got, c.level(), r.min(), r.why(), summarize(c.findings()));
                if (r.pending()) {
                    pendingMissed.add(line + "\n      needs: " + r.needs());
                } else {
                    missed.add(line);
                }
            } else if (r.pending()) {
                pendingPassing.add(r.technique() + ":" + r.line() + "  " + r.input() + "  (needed: " + r.needs() + ")");
            }
            if (r.max() != null && got.ordinal() > r.max().ordinal()) {
                t[2]++;
                everydayNeedless += everyday ? 1 : 0;
                needlessGated += everyday || r.pending() ? 0 : 1;
                needless.add(String.format("%s:%d  %s  got %s, want <= %s%n      findings: %s",
                        r.technique(), r.line(), r.input(), got, r.max(), summarize(c.findings())));
            }
        }
        String report = report(table, missed, needless, errors)
                + String.format("%n--- everyday (%s*) needless prompts: %d of %d rows (%.2f %%, at most %.0f %%) ---%n",
                        EVERYDAY_PREFIX, everydayNeedless, everydayRows,
                        everydayRows == 0 ? 0.0 : 100.0 * everydayNeedless / everydayRows, 100 * EVERYDAY_NEEDLESS_MAX)
                + "\n--- pending rows still missed, by the mechanism they need (" + pendingMissed.size() + ") ---\n"
                + String.join("\n", pendingMissed)
                + "\n\n--- pending rows that pass now: move them to their technique's file (" + pendingPassing.size() + ") ---\n"
                + String.join("\n", pendingPassing) + "\n";
        System.out.println(report);
        writeReport(report);
        if (REPORT_ONLY) {
            return;
        }
        if (!missed.isEmpty() || needlessGated > 0 || (STRICT && !needless.isEmpty())) {
            fail(missed.size() + " corpus row(s) missed, " + (STRICT ? needless.size() : needlessGated) + " needless prompt(s)"
                    + " (report-only mode: -Dcmdgate.corpus.report=true). First misses:\n"
                    + String.join("\n", missed.subList(0, Math.min(missed.size(), 40)))
                    + "\nFirst needless prompts:\n" + String.join("\n", needless.subList(0, Math.min(needless.size(), 40))));
        }
        assertThat(unexplained).as("answers not explained by a finding of their class and level, or must-Read rows not Read"
                + " minimal").isEmpty();
        // the everyday files are a needless-prompt budget, enforced without strict mode
        assertThat(everydayNeedless).as("needless prompts in the " + EVERYDAY_PREFIX + "* files (at most "
                + (int) (100 * EVERYDAY_NEEDLESS_MAX) + " % of " + everydayRows + " rows)")
                .isLessThanOrEqualTo((int) Math.floor(everydayRows * EVERYDAY_NEEDLESS_MAX));
    }

    /** The answer is explained: some finding has its class, and some finding its level. */
    static boolean explained(Classification c) {
        boolean cls = false;
        boolean level = false;
        for (Finding f : c.findings()) {
            cls |= f.commandClass() == c.commandClass();
            level |= f.level() == c.level();
        }
        return cls && level;
    }

    static String summarize(List<Finding> findings) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(findings.size(), 3); i++) {
            Finding f = findings.get(i);
            if (i > 0) {
                sb.append(" | ");
            }
            sb.append(f.commandClass()).append(' ').append(Corpus.show(f.command())).append(": ").append(f.reason());
        }
        if (findings.size() > 3) {
            sb.append(" | …");
        }
        return sb.toString();
    }

    static String report(Map<String, int[]> table, List<String> missed, List<String> needless, List<String> errors) {
        StringBuilder sb = new StringBuilder("\n=== cmdgate adversarial corpus ===\n");
        sb.append(String.format("%-28s %6s %7s %9s %10s %7s%n", "technique", "rows", "missed", "must-Read", "needless", "errors"));
        int[] sum = new int[5];
        int[] pending = new int[5];
        table.forEach((k, t) -> {
            sb.append(String.format("%-28s %6d %7d %9d %10d %7d%n", k, t[0], t[1], t[3], t[2], t[4]));
            for (int i = 0; i < 5; i++) {
                (k.endsWith(PENDING_SUFFIX) ? pending : sum)[i] += t[i];
            }
        });
        sb.append(String.format("%-28s %6d %7d %9d %10d %7d%n", "TOTAL (gated)", sum[0], sum[1], sum[3], sum[2], sum[4]));
        if (pending[0] > 0) {
            sb.append(String.format("%-28s %6d %7d %9d %10d %7d%n", "pending (reported)", pending[0], pending[1], pending[3],
                    pending[2], pending[4]));
        }
        sb.append(REPORT_ONLY ? "(report-only mode)\n" : "");
        if (!errors.isEmpty()) {
            sb.append("\n--- exceptions (").append(errors.size()).append(") ---\n");
            errors.forEach(e -> sb.append(e).append('\n'));
        }
        sb.append("\n--- missed risk (").append(missed.size()).append(") ---\n");
        missed.forEach(m -> sb.append(m).append('\n'));
        sb.append("\n--- needless prompts (").append(needless.size()).append(") ---\n");
        needless.forEach(m -> sb.append(m).append('\n'));
        return sb.toString();
    }

    static void writeReport(String report) {
        try {
            Path out = Paths.get(System.getProperty("cmdgate.corpus.reportFile",
                    Paths.get(AdversarialCorpusTest.class.getResource("/").toURI()).getParent()
                            .resolve("adversarial-report.txt").toString()));
            Files.writeString(out, report, StandardCharsets.UTF_8);
        } catch (IOException | URISyntaxException | RuntimeException e) {
            System.out.println("(could not write the report file: " + e + ")");
        }
    }
}
