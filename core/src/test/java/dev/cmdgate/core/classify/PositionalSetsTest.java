package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code set -- WORDS} gives the statements after it in the same list WORDS as their positional parameters, split
 * as the line splits words. Nothing here runs; the lines are only classified.
 */
class PositionalSetsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the words, literal or a value split at the blanks or at a changed IFS
            "set -- ~/.aws credentials; head -n1 \"$1/$2\" => Destructive",
            "set ~/.aws credentials; head -n1 \"$1/$2\" => Destructive",
            "IFS=x; a=~/.awsxcredentials; set -- $a; head -n1 \"$1/$2\" => Destructive",
            "IFS=:; p=~/.aws:credentials; set -- $p; head -n1 \"$1/$2\" => Destructive",
            "a='~/.aws /credentials'; set -- $a; head -n1 \"$1$2\" => Destructive",
            // each kind of reference, shifts, the implied loop list
            "set -- x /etc/hosts; shift; : > \"$1\" => Destructive",
            "set -- a b /etc/sudoers; chmod 777 \"${@: -1}\" => Destructive",
            "set -- a b /etc/sudoers; chmod 777 \"${@:(-1)}\" => Destructive",
            "set -- /etc/hosts; for f; do : > \"$f\"; done => Destructive",
            "set -- /etc/hosts; n=$#; : > \"$*\" => Destructive",
            // inside a function body and a branch: the statements after it there
            "f() { set -- /etc/hosts; : > \"$1\"; }; f => Destructive",
            "if true; then set -- /etc/hosts; : > \"$1\"; fi => Destructive",
            // a later set starts its own list
            "set -- /etc/hosts; set -- x; : > \"$1\" => Write",
            // everyday lines stay as they were
            "set -- src test; ls \"$@\" => Read",
            "set -e; set -- build; ls \"$1\" => Read",
            "set -- *.md; wc -l \"$@\" => Read",
            "set -o pipefail; git log | head => Read",
    })
    void theStatementsAfterSetReadItsWords(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
