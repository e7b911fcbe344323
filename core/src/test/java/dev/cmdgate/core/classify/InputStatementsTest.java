package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A database client without a {@code stdin-code} row reads a literal here-document or here-string as its
 * statements through an unmarked {@code code … input} row, and its {@code when fact:} rows judge them as they
 * judge its {@code -c} statements. Nothing is executed.
 */
class InputStatementsTest {

    static final String RULES = MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [db]
            is Network high "database"
            opt -c =SQL
            code sql opt -c
            code sql input
            when fact:sql.drop -> Destructive dangerous "drops"
            when fact:sql.delete-all -> Destructive dangerous "deletes every row"

            [nodb]
            is Network high "database without input statements"
            opt -c =SQL
            code sql opt -c
            when fact:sql.drop -> Destructive dangerous "drops"

            [echo]
            is Read minimal "prints"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "input.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        "db -c 'DROP TABLE t' => Destructive",
        "db app <<< 'DROP TABLE t' => Destructive",
        "db app <<< 'delete from users;' => Destructive",
        "db app <<'EOF'\\nselect 1;\\ndrop table t;\\nEOF => Destructive",
        "db app <<< 'select * from users' => Network",
        "db app <<< 'delete from users where id = 1' => Network",
        // without the row, the input is not its statements
        "nodb app <<< 'DROP TABLE t' => Network",
    })
    void statementsOnTheInput(String line, String expected) {
        Classification c = R.classifyShell(line.replace("\\n", "\n"));
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
