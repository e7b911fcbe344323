package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A known value is split at the characters the line gave IFS as well as at blanks. Nothing here runs. */
class FieldSeparatorsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "IFS=:; p=x:/etc/shadow; head -n1 $p => Destructive",
            "IFS=,; p=/etc/shadow,x; head -n1 $p => Destructive",
            "IFS=:; p=x:/etc; head -n1 $p/shadow => Destructive",
            "IFS=,; o=-rf,/x; rm $o => Destructive",
            "IFS=:; p=x:/etc/shadow; head -n1 \"$p\" => Write",
            "p=x:/etc/shadow; head -n1 $p => Read",
    })
    void aValueIsSplitAtTheLinesIfs(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
