package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Where a row is written does not change what the rules say: the built-in rules rearranged (one block
 * per program, chapters by kind of tool) read as the same sections, rows, settings, languages and
 * examples as before. The text before is the test resource {@value #BEFORE}, or the file named by the
 * system property {@code cmdgate.rules.before} (after rows written in the old layout were merged and the
 * file was rearranged again); without either, the comparison is skipped and only the dump's own checks run.
 */
class RulesLayoutTest {

    static final String BEFORE = "/dev/cmdgate/core/rules/builtin-before-layout.rules";

    @Test
    void theRearrangedRulesSayWhatTheRulesSaidBefore() throws IOException {
        String before = beforeText();
        Assumptions.assumeTrue(before != null, "no rules text from before the rearrangement to compare with");
        Map<String, String> was = RuleSetDump.of(RuleSetDump.parse(withOptRows(before)));
        Map<String, String> now = RuleSetDump.of(RuleSet.builtinReadWhole());
        assertThat(now.keySet()).as("programs, languages and settings").isEqualTo(was.keySet());
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : was.entrySet()) {
            if (!e.getValue().equals(now.get(e.getKey()))) {
                changed.add(e.getKey());
            }
        }
        if (!changed.isEmpty()) {
            String first = changed.get(0);
            assertThat(now.get(first)).as("%d changed, among them %s; the first", changed.size(), changed).isEqualTo(was.get(first));
        }
        assertThat(was.size()).isGreaterThan(1000);
    }

    private static String beforeText() throws IOException {
        String file = System.getProperty("cmdgate.rules.before");
        if (file != null && !file.isEmpty()) {
            return Files.readString(Path.of(file), StandardCharsets.US_ASCII);
        }
        try (InputStream in = RulesLayoutTest.class.getResourceAsStream(BEFORE)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    /**
     * The text with each {@code opts GROUP... [=ARG] [-> verdict]} row (the layout before had them) written as
     * the {@code opt} rows it declared: one per group, the group's spellings joined by '/', each with the
     * row's {@code =} words and verdict.
     */
    static String withOptRows(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            List<Boolean> quoted = new ArrayList<>();
            List<String> t = RuleLine.split(line, quoted);
            if (t.isEmpty() || quoted.get(0) || !t.get(0).equals("opts")) {
                out.append(line).append('\n');
                continue;
            }
            int arrow = line.indexOf(" -> ");
            StringBuilder tail = new StringBuilder();
            List<String> groups = new ArrayList<>();
            for (int i = 1; i < t.size(); i++) {
                String w = t.get(i);
                if (!quoted.get(i) && w.equals("->")) {
                    break;
                }
                if (w.startsWith("=")) {
                    tail.append(' ').append(w);
                } else {
                    groups.add(w);
                }
            }
            if (arrow >= 0) {
                tail.append(line.substring(arrow));
            }
            for (String g : groups) {
                out.append("opt ").append(g.replace('/', ' ')).append(tail).append('\n');
            }
        }
        return out.substring(0, out.length() - 1);
    }

    @Test
    void anOptsRowOfTheLayoutBeforeIsTheOptRowsItDeclared() {
        assertThat(withOptRows("[a]\nopts -n/--max-count --color =VALUE -> Write low \"x -> y\"\nopts -q\n"))
                .isEqualTo("[a]\nopt -n --max-count =VALUE -> Write low \"x -> y\"\nopt --color =VALUE -> Write low \"x -> y\"\nopt -q\n");
    }

    private static Map<String, String> dump(String text) {
        return RuleSetDump.of(RuleSetDump.parse(SETTINGS + text));
    }

    private static final String SETTINGS = settingsOfTheBuiltInRules();

    /** The verdict rows of the built-in [@settings] (every required one), so small texts read as whole rule sets. */
    private static String settingsOfTheBuiltInRules() {
        StringBuilder b = new StringBuilder("[@settings]\n");
        for (String line : BuiltinRules.text().split("\n")) {
            if (line.startsWith("verdict ")) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void rowsMovedToAnotherHeaderOfTheSameSectionSayTheSame() {
        String split = "[a|b]\nis Read minimal \"x\"\nopt -f --force\n[a]\nwhen --force -> Write low \"y\"\nexample \"a -f\" -> Write\n"
                + "[b]\nwhen --force -> Write low \"y\"\n[a sub]\nis Write low \"z\"\n";
        String oneBlockEach = "[a]\nis Read minimal \"x\"\nopt -f --force\nwhen --force -> Write low \"y\"\nexample \"a -f\" -> Write\n"
                + "[a sub]\nis Write low \"z\"\n[b]\n# the same rows\nis Read minimal \"x\"\n\nopt -f --force\n"
                + "when --force -> Write low \"y\"\n";
        assertThat(dump(oneBlockEach)).isEqualTo(dump(split));
    }

    @Test
    void theDumpSeesRowOrderModesAndExamples() {
        String base = "[a]\nopt -f --force\nopt -r\nwhen -r -> Write low \"r\"\nwhen --force -> Write high \"f\"\n";
        Map<String, String> was = dump(base);
        assertThat(dump("[a]\nopt -f --force\nopt -r\nwhen --force -> Write high \"f\"\nwhen -r -> Write low \"r\"\n"))
                .as("when rows in another order").isNotEqualTo(was);
        assertThat(dump("[a]\nopt -r\nopt -f --force\nwhen -r -> Write low \"r\"\nwhen --force -> Write high \"f\"\n"))
                .as("options in another order").isNotEqualTo(was);
        assertThat(dump(base + "[a x]\n")).as("a sub-command makes the parent's parsing posix").isNotEqualTo(dump(base + "[a]\n"));
        assertThat(dump(base + "example \"a -r\" -> Write\n")).as("an example").isNotEqualTo(was);
        assertThat(dump(base.replace("\"r\"", "\"R\""))).as("a reason").isNotEqualTo(was);
        assertThat(dump(base.replace("-> Write low", "-> Write medium"))).as("a level").isNotEqualTo(was);
        assertThat(dump("\n\n" + base)).as("the same rows two lines further down").isEqualTo(was);
    }
}
