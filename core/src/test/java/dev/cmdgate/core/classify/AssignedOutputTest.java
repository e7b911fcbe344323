package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A plain assignment whose value is a command substitution with a computable output ({@code p=$(printf …)}) gives
 * the variable that output, as the same substitution in a command word does. Nothing here runs; the lines are only
 * classified.
 */
class AssignedOutputTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "p=$(printf '%s' /etc/shadow); cat \"$p\" => Destructive",
            "p=$(echo /etc/shadow); cat $p => Destructive",
            "p=\"$(printf '%s' /etc)/shadow\"; cat \"$p\" => Destructive",
            "p=`printf %s ~/.ssh/id_rsa`; head -n1 \"$p\" => Destructive",
            "d=$(printf /); rm -rf \"$d\" => Destructive",
            "p=$(printf '%s' /etc/shadow); q=$p; cat \"$q\" => Destructive",
            // everyday values stay as they were
            "v=$(printf '%s' 1.2.3); echo $v => Read",
            "d=$(printf src); ls \"$d\" => Read",
            "p=$(git rev-parse --show-toplevel); ls \"$p\" => Read",
    })
    void aSubstitutionsOutputIsTheVariablesValue(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
