package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@code encrypts} rows: a file a command encrypted and a later command of the line deletes or overwrites is left
 * only as its encrypted copy; the row's verdict is raised at that later write, and only there.
 */
class EncryptedOriginalsTest {

    private static final String ROWS = MechanismTest.RULES + """
            [lock]
            is Write low "encrypts to FILE.locked"
            opt -d --decrypt
            opt -i --in =FILE
            encrypts operands if !--decrypt -> Destructive dangerous "deletes what it encrypted"
            encrypts opt --in if !--decrypt -> Destructive dangerous "deletes what it encrypted"
            [erase]
            is Write medium "deletes files"
            writes operands -> Write medium "deletes files"
            [look]
            is Read minimal "reads"
            """;

    private static CommandClass cls(String line) {
        return RulesClassifier.of(RuleSet.parse(ROWS, "test rules")).classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "lock a.txt && erase a.txt => DESTRUCTIVE",
        "lock a.txt; erase ./a.txt => DESTRUCTIVE",
        "lock --in=a.txt; erase a.txt => DESTRUCTIVE",
        "lock -i a.txt b.txt; erase b.txt => DESTRUCTIVE",
        "lock a.txt; look a.txt > a.txt => DESTRUCTIVE",
        "lock a.txt b.txt => WRITE",
        "lock a.txt && look a.txt > a.txt => DESTRUCTIVE",
        "for f in *; do lock \"$f\" && erase \"$f\"; done => DESTRUCTIVE",
        "lock a.txt => WRITE",
        "lock a.txt && erase b.txt => WRITE",
        "erase a.txt; lock a.txt => WRITE",
        "lock -d a.txt.locked && erase a.txt.locked => WRITE",
        "look a.txt && erase a.txt => WRITE",
        "lock \"$f\" && erase \"$g\" => WRITE",
    })
    void aFileEncryptedThenDeletedOrOverwrittenIsRaised(String line, CommandClass expected) {
        assertThat(cls(line)).isEqualTo(expected);
    }

    @Test
    void onlyPlainTargetsAreAllowed() {
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS
                + "[x]\nopt -o =FILE\nencrypts prefix opt -o -> Destructive dangerous \"r\"\n", "t"))
                .hasMessageContaining("encrypts operands|first|last|opt OPT");
    }

    @Test
    void theBuiltInRulesKnowTheEncryptingTools() {
        RulesClassifier builtin = RulesClassifier.of(RuleSet.builtin());
        assertThat(builtin.classifyShell("gpg -c report.docx && rm report.docx").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // decrypting is a credential read (the keyring's private key opens the file), never the encrypting of an
        // original that the line then deletes
        assertThat(builtin.classifyShell("gpg -d report.docx.gpg > report.docx && rm report.docx.gpg").findings())
                .noneMatch(f -> f.reason().contains("after encrypting it"))
                .anyMatch(f -> f.reason().startsWith("reads a credential store"));
    }
}
