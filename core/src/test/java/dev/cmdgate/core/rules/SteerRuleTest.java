package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The variables a steer row's files name, made once with the row. */
class SteerRuleTest {

    @Test
    void aFileNamesTheVariableItStartsWith() {
        assertThat(SteerRule.variableOf("$GIT_CONFIG_GLOBAL")).isEqualTo("GIT_CONFIG_GLOBAL");
        assertThat(SteerRule.variableOf("$XDG_CONFIG_HOME/git/config")).isEqualTo("XDG_CONFIG_HOME");
        assertThat(SteerRule.variableOf("${GIT_CONFIG_SYSTEM:-/etc/gitconfig}")).isEqualTo("GIT_CONFIG_SYSTEM");
        assertThat(SteerRule.variableOf("${NO_DEFAULT}")).isNull();
        assertThat(SteerRule.variableOf("~/.gitconfig")).isNull();
        assertThat(SteerRule.variableOf("up:.git/config")).isNull();
    }

    @Test
    void aRowsVariablesAreThoseOfItsFilesInOrder() {
        RuleSet rules = RuleSet.withUserText("""
                [prog]
                is Read minimal "reads"
                steer text ~/.progrc $PROG_HOME/rc ${PROG_RC:-/etc/progrc} $PROG_FILE -> Write high "runs its rc file"
                """, "steer test rules", Map.of());
        SteerRule r = rules.program("prog").steers().get(0);
        assertThat(r.variables()).containsExactly("PROG_HOME", "PROG_RC", "PROG_FILE");
    }

    @Test
    void everyBuiltinRowAgreesWithItsFiles() {
        int rows = 0;
        for (Section s : RuleSet.builtin().allSections()) {
            for (SteerRule r : s.steers()) {
                List<String> expected = new ArrayList<>();
                for (String f : r.files()) {
                    if (SteerRule.variableOf(f) != null) {
                        expected.add(SteerRule.variableOf(f));
                    }
                }
                assertThat(r.variables()).as(s.key()).isEqualTo(expected);
                rows++;
            }
        }
        assertThat(rows).isPositive();
    }
}
