package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code < <(cmd)} whose output is known feeds the builtins' values as a here-string or a pipe does: for
 * {@code mapfile}/{@code readarray} on a simple command, and for the readers inside a compound command the
 * redirection is on ({@code while read l; do …; done < <(echo P)}). Nothing here runs; the lines are only
 * classified.
 */
class ProcessSubstitutionInputTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "mapfile -t a < <(echo /etc/shadow); cat \"${a[0]}\" => Destructive",
            "readarray -t < <(echo /etc/shadow); cat \"${MAPFILE[0]}\" => Destructive",
            "mapfile -t a < <(printf 'x\\n/etc/shadow\\n'); cat \"${a[1]}\" => Destructive",
            "mapfile -t a < <(printf 'x\\n/etc/shadow\\n'); cat \"${a[@]}\" => Destructive",
            "echo /etc/shadow | { mapfile -t a; cat \"${a[0]}\"; } => Destructive",
            "while read -r l; do cat \"$l\"; done < <(echo /etc/shadow) => Destructive",
            "{ read -r p; cat \"$p\"; } < <(echo /etc/shadow) => Destructive",
            "while read -r d; do rm -rf \"$d\"; done < <(echo /) => Destructive",
            "while IFS= read -r l; do head -n1 \"$l\"; done < <(printf '%s\\n' ~/.ssh/id_rsa) => Destructive",
            // everyday loops stay as they were
            "while read -r f; do wc -l \"$f\"; done < <(git ls-files) => Read",
            "mapfile -t a < <(echo src); ls \"${a[0]}\" => Read",
            "mapfile -t files < <(git diff --name-only); printf '%s\\n' \"${files[@]}\" => Read",
            "while read -r l; do echo \"$l\"; done < README.md => Read",
    })
    void aProcessSubstitutionsOutputIsWhatTheBuiltinReads(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
