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

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a producer given an option its row does not name prints something else than numbers
            "x=$(stat -c %s --printf='1?a[\\044(touch P)]:%s' a); (( x )) => Destructive",
            "x=$(stat --printf='1?a[\\140touch P\\140]:%s' a %s); (( x )) => Destructive",
            "x=$(seq -f 'ab+%g' 1); (( x )) => Destructive",
            "x=$(seq -s 'a[b]' 2); (( x )) => Destructive",
            "x=$(grep -c -H q a); (( x )) => Destructive",
            "x=$(grep -c --label=q -H q); (( x )) => Destructive",
            "x=$(du -sb --time a); (( x )) => Destructive",
            "x=$(wc -l --files0-from=list); (( x )) => Destructive",
            "x=$(wc -c --files0-from list); echo $(( x )) => Destructive",
            // unseen variants: a format with text, names from a walk, more files than the row allows
            "x=$(stat -c 'a%s' f); (( x )) => Destructive",
            "x=$(stat --format=%n f); (( x )) => Destructive",
            "x=$(grep -rc q .); (( x )) => Destructive",
            "x=$(grep -c q a b); (( x )) => Destructive",
            "x=$(du -s --time-style=+%s a); (( x )) => Destructive",
            "x=$(date +%s -f list); (( x )) => Destructive",
            "x=$(id -un); (( x )) => Destructive",
    })
    void aProducerGivenAnOptionItsRowDoesNotNameIsNotNumeric(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "size=$(stat -c %s f); echo $((size/1024)) => Read",
            "x=$(stat -c%Y f); (( x )) => Read",
            "x=$(stat --format=%i f); (( x )) => Read",
            "x=$(seq -w 1 10); (( x )) => Read",
            "x=$(du -sb); (( x )) => Read",
            "x=$(du -sb . | cut -f1); (( x )) => Read",
            "x=$(grep -c -v -i q a); (( x )) => Read",
            "x=$(id -u); (( x )) => Read",
    })
    void aProducerWithOnlyTheOptionsItsRowNamesIsNumeric(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a value used as a variable's name: bash evaluates the subscript in it as arithmetic
            "x=$(cat code); echo ${!x} => Destructive",
            "read -r x < code; echo \"${!x}\" => Destructive",
            "x=$(cat code); echo ${#x} ${!x:-} => Destructive",
            "x=$(cat code); v=${!x} => Destructive",
            "x=$(cat code); [[ -v $x ]] => Destructive",
            "x=$(cat code); test -v \"$x\" => Destructive",
            "x=$(cat code); [ -v \"$x\" ] => Destructive",
            "x=$(cat code); arr=([x]=1) => Destructive",
            "x=$(cat code); arr=([$x]=1) => Destructive",
            "x=$(cat code); declare -a arr=([$x]=1) => Destructive",
            // unseen variants
            "x=$(cat code); echo ${!x@Q} => Destructive",
            "x=$(cat code); [[ -v a[$x] ]] => Destructive",
            "read -r k < f; arr=([1]=a [k]=b) => Destructive",
            "read -r x < f; [ -R \"$x\" ] => Destructive",
            "echo ${!1} => Destructive",
    })
    void aValueOnlyKnownAtRunTimeUsedAsANameIsUnverifiableCode(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "echo ${!prefix@} => Read",
            "echo ${!prefix*} => Read",
            "a=(1 2); echo ${!a[@]} => Read",
            "[[ -v HOME ]] && echo y => Read",
            "n=$(nproc); echo ${!n} => Read",
            "x=$(cat code); [[ -v x ]] => Read",
            "arr=([0]=a [1]=b); echo ${arr[1]} => Read",
            "declare -A m=([k]=v); echo ${m[k]} => Read",
            "read -r k < f; declare -A m; m=([$k]=1) => Read",
    })
    void aNameThatIsKnownOrANumberKeepsItsClass(String line, String expected) {
        assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.parse(expected));
    }

    /**
     * A substitution whose text names no counting program is not parsed again to look for one, so a program named
     * through quotes or a backslash must still count, and one that is no counting program must not.
     */
    @Test
    void aCountingProgramSpelledWithQuotesStillPrintsANumber() {
        for (String line : List.of("n=$('wc' -l < f); echo $((n+1))", "n=$(\\wc -l < f); echo $((n+1))",
                "n=$(w\"c\" -l < f); (( n > 1 ))", "echo $(( `w''c -l < f` + 1 ))", "(( $(\"nproc\") > 2 ))",
                "echo $(( $(( 2 )) + $(wc -l < f) ))", "echo $(( $(w\\c -l) ))")) {
            assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.READ);
        }
        for (String line : List.of("n=$(rm -rf /tmp/v); echo $((n))", "echo $(( `cat f` + 1 ))",
                "n=$('cat' f); (( n ))", "echo $(( $(w c -l) ))", "n=$(cat wc); (( n ))")) {
            assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
    }

    /** A word is walked for arithmetic only when it may hold some; a substring's offset is arithmetic, a default word is not. */
    @Test
    void aSubstringOffsetIsArithmeticAndADefaultWordIsNot() {
        for (String line : List.of("read -r o < f; echo ${s: o}", "read -r o < f; echo \"${s::o}\"",
                "read -r o < f; echo ${s:-x}${t:o:1}")) {
            assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        for (String line : List.of("read -r o < f; echo ${s:-$o} ${s:+x} ${s:=y}", "read -r o < f; echo \"${o:?}\"")) {
            assertThat(of(line)).as(line + " " + C.classifyShell(line).findings()).isEqualTo(CommandClass.READ);
        }
    }

    @Test
    void aNumericOutputRowHoldsOnlyForTheOptionsItNames() {
        NumericOutput stat = new NumericOutput(List.of("stat"), List.of("-c=%s|%i", "--format=%s|%i"), List.of("-L"), 0,
                Integer.MAX_VALUE);
        assertThat(stat.matches(List.of("stat", "-c", "%s", "f"))).isTrue();
        assertThat(stat.matches(List.of("stat", "-Lc%i", "f", "g"))).isTrue();
        assertThat(stat.matches(List.of("stat", "--format=%i", "f"))).isTrue();
        assertThat(stat.matches(List.of("stat", "-c", "%s%n", "f"))).isFalse();
        assertThat(stat.matches(List.of("stat", "-c", "%s", "-t", "f"))).isFalse();
        assertThat(stat.matches(List.of("stat", "-c"))).isFalse();
        assertThat(stat.matches(List.of("stat", "-L", "f"))).isFalse();
        NumericOutput wc = new NumericOutput(List.of("wc"), List.of("-l"), List.of(), 0, 1);
        assertThat(wc.matches(List.of("wc", "-l", "f"))).isTrue();
        assertThat(wc.matches(List.of("wc", "-l", "f", "g"))).isFalse();
        assertThat(wc.matches(List.of("wc", "-l", "--files0-from=f"))).isFalse();
        assertThat(wc.matches(List.of("wc", "-l", "--", "-f"))).isTrue();
    }

    @Test
    void aNumericOutputRowMatchesItsWordsAndOptionsInABundle() {
        NumericOutput grep = new NumericOutput(List.of("grep"), List.of("-c", "--count"), List.of("-i", "-e=*"), 0,
                Integer.MAX_VALUE);
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
