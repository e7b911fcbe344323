package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A database client's statements piped in by echo or printf of literal words are as known as a here-string: the
 * {@code code … input} rows read them ({@code echo 'DROP TABLE t' | psql}). What a pipe carries from anything else
 * stays what the run alone knows. Nothing here runs; the lines are only classified.
 */
class PipedStatementsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "echo 'DROP TABLE users;' | psql app => Destructive",
            "printf 'TRUNCATE orders;\\n' | psql -d shop => Destructive",
            "echo \"DELETE FROM accounts\" | mysql bank => Destructive",
            "echo 'DROP DATABASE Sales' | sqlcmd -S db => Destructive",
            "echo 'select count(*) from users' | psql app => Network",
            // the pipe's text is not known: the client's own verdict
            "cat /tmp/q.sql | psql app => Network",
            "echo \"$Q\" | psql app => Network",
    })
    void literalPipedStatementsAreRead(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void theFactsOfPipedStatementsReachTheWhenRows() {
        String rows = "[db]\nis Network high \"talks to a server\"\ncode sql input\n"
                + "when fact:sql.drop -> Destructive dangerous \"drops\"\n";
        CommandClassifier c = RulesClassifier.of(RuleSet.withUserText(rows, "u.rules"));
        assertThat(c.classifyShell("echo 'drop table t' | db").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.classifyShell("echo 'select 1' | db").commandClass()).isEqualTo(CommandClass.NETWORK);
        // not the stage the echo feeds
        assertThat(c.classifyShell("echo 'drop table t' | cat | db").commandClass()).isEqualTo(CommandClass.NETWORK);
        assertThat(c.classifyShell("echo 'drop table t'; db").commandClass()).isEqualTo(CommandClass.NETWORK);
    }
}
