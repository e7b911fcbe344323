package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An interpreter running a script file that bears the name of a program the rules know ({@code python manage.py
 * flush}, {@code php artisan migrate:fresh}) is judged again as that program given the words after the script.
 * Nothing is executed.
 */
class ScriptNamesakeTest {

    static final String RULES = MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [py]
            is Write high "python"
            opt -c =CODE
            opt -u
            code python opt -c
            code-file -> Write high "python script"

            [manage.py|tasks]
            is Write medium "project tasks"
            when operand=flush -> Destructive dangerous "deletes the data"
            when operand=serve -> Network high "serves"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "namesake.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "py manage.py flush => Destructive",
        "py ./manage.py flush --noinput => Destructive",
        "py -u /srv/app/manage.py flush => Destructive",
        "py tasks serve => Network",
        "py manage.py migrate => Write",
        // another script given the same words: nothing to judge it by but the interpreter's row
        "py other.py flush => Write",
        // the script's words are its own: an earlier word of the interpreter's is not one of them
        "py -c 'print(1)' flush => Write",
    })
    void judgedAsItsNamesake(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
