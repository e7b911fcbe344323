package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A parameter expansion with a default ({@code ${X:-w}}, {@code :=}, {@code :+}, {@code -},
 * {@code =}, {@code +}) can give its word, which may be an option or a path: the command is judged
 * as written (the expansion unknown) and again with every default word in place.
 */
class DefaultWordsTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [find]
            is Read minimal "finds"
            parse none
            when operand=-delete -> Write medium "deletes what it finds"

            [rmx]
            is Write medium "deletes"
            opt -r --recursive
            opt -f --force
            when --recursive --force -> Destructive dangerous "rf"
            when operand=/ -> Destructive dangerous "root"
            """, "defaults.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "find . ${X:--delete} => Write",
        "find . \"${X:--delete}\" => Write",
        "find . ${X:-\"-delete\"} => Write",
        "find . ${X:+-delete} => Write",
        "find . ${X-'-delete'} => Write",
        "find . ${X:=-delete} => Write",
        "find . ${X:-${Y:--delete}} => Write",
        "find . ${X#-delete} => Read",
        "find . ${X:-$Y} => Read",
        "find . ${X} => Read",
        "find . ${X:--name} => Read",
        "rmx ${X:--rf} a => Destructive",
        "rmx -r ${X:--f} a => Destructive",
        "rmx ${X:--r} a => Write",
        "rmx -r ${D:-/} => Destructive",
        "rmx -r ${D:-build} => Write",
    })
    void defaults(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "x ${A:--rf} => -rf",
        "x \"${A:-\"-delete\"}\" => -delete",
        "x pre${A:+mid}post => premidpost",
        "x ${A:-${B:--f}} => -f",
        "x ${A:-$B} => $B",
        "x /proc/$P/${A:-environ} => /proc/$P/environ",
        "x /proc/$P/${A+environ} => /proc/$P/environ",
        "x ${A%b} => null",
        "x $A => null",
    })
    void alternativeWord(String line, String expected) {
        SimpleCommand sc = (SimpleCommand) ShellParser.parse(line, 100).script().statements().get(0).pipelines().get(0)
                .commands().get(0);
        assertThat(String.valueOf(DefaultWords.alternative(sc.words().get(1).parts(), 0, new boolean[1]))).isEqualTo(expected);
    }
}
