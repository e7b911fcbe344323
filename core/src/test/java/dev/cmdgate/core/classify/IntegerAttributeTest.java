package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A variable with the integer attribute ({@code declare -i}, {@code typeset -i}, {@code local -i}) has every value
 * assigned to it later evaluated as arithmetic, where an array subscript runs its command substitutions. Nothing here
 * runs; the lines are only classified.
 */
class IntegerAttributeTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines
            "declare -i x; x='a[$(rm -rf ~)]' => Destructive",
            "declare -i n; read n => Destructive",
            // unseen variants: the other builtins, other ways of assigning
            "typeset -i x; x='a[$(touch PWNED)]' => Destructive",
            "f(){ local -i n; n=$1; }; f 'a[$(touch PWNED)]' => Destructive",
            "declare -i n; n=$(cat f) => Destructive",
            "declare -i n; n+='a[$(touch PWNED)]' => Destructive",
            "declare -il n; n='a[$(touch PWNED)]' => Destructive",
            "declare -i a b; b='a[$(touch PWNED)]' => Destructive",
            "declare -i n; x='a[$(rm -rf ~)]'; n=x => Destructive",
            // everyday lines stay as they were
            "declare -i n; n=$(wc -l < f); echo $n => Read",
            "declare -i n=0; n=n+1; echo $n => Read",
            "declare -i count=0; for f in *.txt; do count+=1; done; echo $count => Read",
            "local -i i=5; echo $i => Read",
            "declare x; x='a[$(touch PWNED)]'; echo \"$x\" => Read",
            "declare -i n; m='a[$(touch PWNED)]'; echo \"$m\" => Read",
    })
    void assignmentsToAnIntegerVariableAreArithmetic(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }
}
