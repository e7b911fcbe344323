package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A {@code uses} word with blanks is a phrase: it fires when its words are identifiers in a row, in any case for a
 * language without case, and not when a word is missing, apart, or only inside a string.
 */
class UsePhrasesTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + HelpRequestTest.SH + """
            [osa]
            is Write high "runs code"
            opt -e =CODE
            code script opt -e

            [@lang script]
            syntax applescript
            is Write high "runs code"
            uses "empty trash" -> Destructive dangerous "empties the trash"
            uses "open location" -> Network high "network"
            uses single -> Network high "network"
            """, "test rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "osa -e 'tell application \"Finder\" to empty trash' => Destructive",
        "osa -e 'Empty Trash' => Destructive",
        "osa -e 'empty  trash' => Destructive",
        "osa -e 'open location \"http://x\"' => Network",
        "osa -e 'single' => Network",
        "osa -e 'empty the bin' => Write",
        "osa -e 'trash empty' => Write",
        "osa -e 'empty' -e 'trash' => Write",
        "osa -e 'display dialog \"please empty trash now\"' => Write",
        "osa -e 'set empty to 1' => Write",
    })
    void aPhraseIsItsWordsInARow(String line, String expected) {
        assertThat(R.classifyShell(line).commandClass()).isEqualTo(CommandClass.parse(expected));
    }
}
