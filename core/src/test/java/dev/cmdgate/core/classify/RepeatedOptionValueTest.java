package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A {@code when} row testing one option's value with a glob and excluding harmless values with negated globs is made
 * of one occurrence at a time: a repeated option whose other value is harmless still raises it (tools take the last).
 */
class RepeatedOptionValueTest {

    private static final String ROWS = "[fmt]\nis Read minimal \"formats\"\n"
            + "opt --loader =NAME\n"
            + "when --loader=* !--loader=plain !--loader=fancy -> Write high \"loads a module\"\n"
            + "opt --mode =MODE\n"
            + "when !--mode=safe -> Write medium \"an unsafe mode\"\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void anyOccurrenceOutsideTheHarmlessValuesRaises() {
        assertThat(line("fmt --mode=safe --loader=./mod.js x")).isEqualTo(CommandClass.WRITE);
        assertThat(line("fmt --mode=safe --loader=plain --loader=./mod.js x")).as("harmless first").isEqualTo(CommandClass.WRITE);
        assertThat(line("fmt --mode=safe --loader ./m.cjs --loader fancy x")).as("harmless last").isEqualTo(CommandClass.WRITE);
        assertThat(line("fmt --mode=safe --loader=\"$L\" --loader=plain x")).as("a run-time value").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void harmlessValuesOnlyStayRead() {
        assertThat(line("fmt --mode=safe x")).isEqualTo(CommandClass.READ);
        assertThat(line("fmt --mode=safe --loader=plain x")).isEqualTo(CommandClass.READ);
        assertThat(line("fmt --mode=safe --loader=plain --loader=fancy x")).isEqualTo(CommandClass.READ);
    }

    @Test
    void aNegatedTestAloneStillMeansNoOccurrenceMatches() {
        assertThat(line("fmt --mode=safe x")).isEqualTo(CommandClass.READ);
        assertThat(line("fmt x")).isEqualTo(CommandClass.WRITE);
        assertThat(line("fmt --mode=fast x")).isEqualTo(CommandClass.WRITE);
    }
}
