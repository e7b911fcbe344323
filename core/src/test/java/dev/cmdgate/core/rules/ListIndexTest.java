package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The named lists and the harmless devices are matched through an index built once per rule set: it must answer as
 * trying every glob of the list in turn does.
 */
class ListIndexTest {

    /** Texts near every glob (its wildcards filled in several ways, cut short, lengthened) and some far from all. */
    private static List<String> probes(List<String> globs) {
        List<String> out = new ArrayList<>(List.of("", "x", "-", "/", "-rf", "/dev/null", "/dev/fd/3", "/dev/sda1",
                "~/", "/home/u/.ssh", "prod", "FLUSHALL", "a/b/c", "4755", "u+s"));
        for (String g : globs) {
            for (String fill : List.of("", "x", "/", "a/b", ".")) {
                String t = g.replace("\\", "").replace("*", fill).replace("?", fill.isEmpty() ? "q" : fill);
                out.add(t);
                out.add(t + "x");
                out.add("x" + t);
                out.add(t + "/");
                if (t.length() > 1) {
                    out.add(t.substring(0, t.length() - 1));
                    out.add(t.substring(1));
                }
            }
        }
        return out;
    }

    @Test
    void everyBuiltinListAnswersAsEveryGlobInTurn() {
        RuleSet rules = RuleSet.builtin();
        assertThat(rules.lists).isNotEmpty();
        for (Map.Entry<String, List<String>> e : rules.lists.entrySet()) {
            for (String text : probes(e.getValue())) {
                assertThat(rules.inList(e.getKey(), text)).as(e.getKey() + " " + text)
                        .isEqualTo(Glob.anyMatch(e.getValue(), text));
            }
        }
        assertThat(rules.inList("no-such-list", "x")).isFalse();
    }

    @Test
    void aListWithWildcardsEverywhereAnswersAsEveryGlobInTurn() {
        RuleSet rules = RuleSet.withUserText("""
                [@settings]
                list odd *a* ?b a\\*c *.d e* /f/* *g/h*i ""
                """, "list test rules", Map.of());
        List<String> globs = rules.lists.get("odd");
        assertThat(globs).isNotEmpty();
        for (String text : probes(globs)) {
            assertThat(rules.inList("odd", text)).as(text).isEqualTo(Glob.anyMatch(globs, text));
        }
    }

    @Test
    void harmlessDevicesAnswerAsEveryGlobInTurn() {
        RuleSet rules = RuleSet.builtin();
        assertThat(rules.harmlessDevices).contains("/dev/null");
        for (String text : probes(rules.harmlessDevices)) {
            assertThat(rules.isHarmlessDevice(text)).as(text).isEqualTo(Glob.anyMatch(rules.harmlessDevices, text));
        }
        assertThat(rules.isHarmlessDevice("/dev/fd/3")).isTrue();
        assertThat(rules.isHarmlessDevice("/dev/sda")).isFalse();
    }
}
