package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code parse bsd-values LETTERS}: in a dashless word of BSD options, a letter that takes a value takes the rest of
 * the word or the next argument, so a letter inside that value is never an option of its own — and a letter before
 * it still is.
 */
class BsdOptionValuesTest {

    private static final String ROWS = "[bsdtool]\nis Read minimal \"lists\"\nparse bsd-values ko\n"
            + "when operand=*e* -> Network high \"prints environments\"\n";

    private static CommandClass classify(String... argv) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of(argv), Map.of()).commandClass();
    }

    @Test
    void aValueInTheNextArgumentIsNoOperand() {
        assertThat(classify("bsdtool", "k", "size")).isEqualTo(CommandClass.READ);
        assertThat(classify("bsdtool", "axo", "pid,user")).isEqualTo(CommandClass.READ);
    }

    @Test
    void aValueAttachedToItsLetterIsNoOperand() {
        assertThat(classify("bsdtool", "opid,user")).isEqualTo(CommandClass.READ);
    }

    @Test
    void lettersBeforeTheValueAndWordsAfterItStillCount() {
        assertThat(classify("bsdtool", "ek", "size")).isEqualTo(CommandClass.NETWORK);
        assertThat(classify("bsdtool", "k", "size", "e")).isEqualTo(CommandClass.NETWORK);
        assertThat(classify("bsdtool", "e")).isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void withoutTheRowEveryDashlessWordIsAnOperand() {
        RuleSet rules = RuleSet.withUserText(ROWS.replace("parse bsd-values ko\n", ""), "u.rules");
        assertThat(RulesClassifier.of(rules).classifyArgv(List.of("bsdtool", "k", "size"), Map.of()).commandClass())
                .isEqualTo(CommandClass.NETWORK);
    }
}
