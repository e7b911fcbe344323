package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A truncating redirection of a command that prints nothing leaves the file empty: outside the working directory
 * and no scratch place, that is the {@code emptied-file} verdict. Nothing is executed.
 */
class EmptiedFilesTest {

    static final String RULES = MechanismTest.SETTINGS + """
            verdict emptied-file -> Destructive dangerous "empties a file"
            list away-files ~/?* /?*
            list scratch-files /tmp/* /dev/*
            list silent-programs : true

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [:|true]
            is Read minimal "does nothing"

            [cat]
            is Read minimal "prints"
            prints input

            [printf]
            is Read minimal "prints"
            prints printf

            [make]
            is Write medium "builds"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "emptied.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        ": > ~/notes.txt => Destructive",
        "> /srv/data.csv => Destructive",
        "true > ~/a/b => Destructive",
        "cat /dev/null > ~/thesis.tex => Destructive",
        "printf '' > /var/lib/app/state => Destructive",
        "printf '%s' '' > ~/x => Destructive",
        // something is printed, or it is appended, or the place is the project's or a scratch one
        "printf 'x' > ~/x => Write",
        "cat /dev/null >> ~/notes.txt => Write",
        ": > build.log => Write",
        ": > /tmp/out.log => Write",
        "cat notes.md > ~/copy.md => Write",
        // what a program prints is not known: no emptied file
        "make > ~/build.log => Write",
        ": > \"$F\" => Write",
    })
    void emptied(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        ": > ~/notes.txt => Write",
        "cat /dev/null > ~/thesis.tex => Write",
    })
    void withoutTheVerdictNothingIsRaised(String line, String expected) {
        RulesClassifier without = RulesClassifier.of(RuleSet.parse(RULES.replace(
                "verdict emptied-file -> Destructive dangerous \"empties a file\"\n", ""), "plain.rules"));
        Classification c = without.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
