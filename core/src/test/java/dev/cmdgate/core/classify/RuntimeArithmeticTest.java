package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.NumericOutput;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * bash evaluates a value used in arithmetic as an expression, and an array subscript in it runs its command
 * substitutions: a value only known at run time there is code cmdgate never judged, unless what produced it prints
 * only numbers (the rules' {@code numeric-output} rows). Nothing here runs; the lines are only classified.
 */
class RuntimeArithmeticTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines: a value that arrives through read, mapfile, a substitution, set --, a parameter
            "read -r x <<< 'a[$(touch PWNED)]'; (( x )) => Destructive",
            "read -r x <<< 'a[$(rm -rf /tmp/v)]'; echo $((x)) => Destructive",
            "mapfile -t m <<< 'a[$(touch PWNED)]'; (( m[0] )) => Destructive",
            "x=$(echo 'a[$(touch PWNED)]'); (( x )) => Destructive",
            "set -- 'a[$(touch PWNED)]'; echo $(( $1 )) => Destructive",
            "f(){ echo $(( $1 )); }; f 'a[$(touch PWNED)]' => Destructive",
            "IFS=, read -r a b <<< '1,a[$(touch PWNED)]'; echo $((b)) => Destructive",
            "x=$(cat f); (( x )) => Destructive",
            "read -r x < f; (( x )) => Destructive",
            "echo $(( $(cat f) )) => Destructive",
            // unseen variants: other producers and other arithmetic places
            "v=$(git config user.name); echo $(( v )) => Destructive",
            "IFS= read -r line < VERSION; if (( line > 2 )); then echo new; fi => Destructive",
            "let \"y = $(cat f)\" => Destructive",
            "echo ${arr[$(cat f)]} => Destructive",
            "read -r o < f; echo ${s:o:2} => Destructive",
            "f(){ (( $1 > 0 )); }; f \"$(cat n)\" => Destructive",
            "for x in $(cat list); do (( x )); done => Destructive",
            "[[ $(cat f) -gt 1 ]] => Destructive",
            "read -r n < f; [[ $n -eq 1 ]] => Destructive",
            "read -r n < f; declare -i k=n => Destructive",
            "read -r n < f; for ((i=0;i<n;i++)); do echo $i; done => Destructive",
            "n=$(grep -c x f | cat); (( n )) => Destructive",
            "n=$(grep -c x $F); (( n )) => Destructive",
            "n=$(grep -e -c f); (( n )) => Destructive",
    })
    void aValueOnlyKnownAtRunTimeInArithmeticIsUnverifiableCode(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "n=$(grep -c TODO f); if (( n > 0 )); then echo todo; fi => Read",
            "for ((i=0;i<10;i++)); do echo $i; done => Read",
            "count=$(ls | wc -l); echo $((count * 2)) => Read",
            "n=$(wc -l < f); echo $((n+1)) => Read",
            "cores=$(nproc); echo $((cores+1)) => Read",
            "echo $(( $(date +%s) - 60 )) => Read",
            "for i in $(seq 1 3); do echo $((i*i)); done => Read",
            "a=(x y z); echo $(( ${#a[@]} + 1 )) => Read",
            "echo $(( $# + $? + RANDOM )) => Read",
            "n=$(git rev-list --count HEAD); echo $((n)) => Read",
            "s=$(stat -c %s f); [[ $s -gt 100 ]] && echo big => Read",
            "x=5; y=$((x+1)); echo $((y*2)) => Read",
            "n=$(grep -ic todo f); echo $((n)) => Read",
            "t0=$SECONDS; echo $(( SECONDS - t0 )) => Read",
            "read -r name < f; echo \"$name\" => Read",
            "while read -r l; do echo \"$l\"; done < f => Read",
            "for f in *.txt; do [[ -s $f ]] && echo $f; done => Read",
    })
    void aValueThatCanOnlyBeANumberKeepsItsClass(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void aNumericOutputRowMatchesItsWordsAndOptionsInABundle() {
        NumericOutput grep = new NumericOutput(List.of("grep"), List.of("-c", "--count"));
        assertThat(grep.matches(List.of("grep", "-c", "x", "f"))).isTrue();
        assertThat(grep.matches(List.of("grep", "-ic", "x"))).isTrue();
        assertThat(grep.matches(List.of("grep", "--count", "x"))).isTrue();
        assertThat(grep.matches(List.of("grep", "-i", "c"))).isFalse();
        // the pattern -c is no option: grep prints the matching lines
        assertThat(grep.matches(List.of("grep", "-e", "-c", "f"), dev.cmdgate.core.rules.RuleSet.builtin().program("grep")))
                .isFalse();
        assertThat(grep.matches(List.of("grep", "--", "-c", "f"))).isFalse();
        assertThat(grep.matches(List.of("git", "-c"))).isFalse();
        NumericOutput nproc = new NumericOutput(List.of("nproc"), List.of());
        assertThat(nproc.matches(List.of("nproc"))).isTrue();
    }
}
