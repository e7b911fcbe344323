package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A command that takes a word as one variable's whole name (printenv NAME, declare -p NAME) prints a secret only
 * when that name is a secret variable's: an ordinary name that is a piece of a secret glob (USER of *USERPWD*) is not.
 */
class WholeSecretNamesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "declare -p HOME USER | READ",
        "declare -p USER | READ",
        "typeset -p HOME USER SHELL | READ",
        "printenv HOME USER | READ",
        "printenv USER | READ",
        "declare -p HOME GITHUB_TOKEN | DESTRUCTIVE",
        "declare -p db_password | DESTRUCTIVE",
        "printenv MY_USERPWD | DESTRUCTIVE",
        "printenv AWS_SECRET_ACCESS_KEY | DESTRUCTIVE",
    })
    void onlySecretNamesRaise(String line, CommandClass expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line).isEqualTo(expected);
    }
}
