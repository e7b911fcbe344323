package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code parse equals-values}: a Go program's flag parser reads {@code -v=VALUE} as {@code -v VALUE}, so a condition on
 * the value sees VALUE, in the program's section and in its sub-commands' sections; without the row the value is
 * getopt's {@code =VALUE}.
 */
class EqualsOptionValuesTest {

    private static final String ROWS = "[gotool]\nis Read minimal \"lists\"\nparse equals-values\n"
            + "opt -v --volume =VALUE\nwhen --volume=/:* -> Destructive dangerous \"mounts the root\"\n"
            + "[gotool run]\nis Write high \"runs\"\nopt -v --volume =VALUE\nopt -d --detach\n"
            + "when --volume=/:* -> Destructive dangerous \"mounts the root\"\n";

    private static CommandClass classify(String rows, String... argv) {
        RuleSet rules = RuleSet.withUserText(rows, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of(argv), Map.of()).commandClass();
    }

    @Test
    void aShortOptionsValueAfterEqualsIsTheValue() {
        assertThat(classify(ROWS, "gotool", "-v=/:/host")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(ROWS, "gotool", "-v=/srv:/srv")).isEqualTo(CommandClass.READ);
    }

    @Test
    void subCommandsOfTheProgramReadItSoToo() {
        assertThat(classify(ROWS, "gotool", "run", "-v=/:/host", "img")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(ROWS, "gotool", "run", "-dv=/:/host", "img")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(ROWS, "gotool", "run", "-v=/src:/src", "img")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void theOtherSpellingsAreUnchanged() {
        assertThat(classify(ROWS, "gotool", "-v/:/host")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(ROWS, "gotool", "-v", "/:/host")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(ROWS, "gotool", "--volume=/:/host")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void withoutTheRowTheEqualsSignIsPartOfTheValue() {
        String getopt = ROWS.replace("parse equals-values\n", "");
        assertThat(classify(getopt, "gotool", "-v=/:/host")).isEqualTo(CommandClass.READ);
        assertThat(classify(getopt, "gotool", "run", "-v=/:/host", "img")).isEqualTo(CommandClass.WRITE);
    }
}
