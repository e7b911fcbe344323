package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text {@link PositionalParameters} makes of a function body for one call (nothing is run). */
class PositionalParametersTest {

    private static String bind(String definition, String... args) {
        ParseResult r = ShellParser.parse(definition, 50);
        FunctionDefinition f = (FunctionDefinition) r.script().statements().get(0).pipelines().get(0).commands().get(0);
        List<String> values = new ArrayList<>(Arrays.asList(args));
        int[] n = {0};
        return PositionalParameters.bind(definition, f.body(), values, null, true, () -> "v" + n[0]++);
    }

    @Test
    void aKnownWordIsWrittenAsTheReferenceQuotesIt() {
        assertThat(bind("f() { cat \"$1\" $2; }", "a b", "c*d e")).isEqualTo("{ cat \"a b\" 'c'*'d' 'e'; }");
        assertThat(bind("f() { x=$1; }", "a b")).isEqualTo("{ x=\"a b\"; }");
        assertThat(bind("f() { echo \"$1\"; }", "$(rm) `x` \"q\"")).isEqualTo("{ echo \"\\$(rm) \\`x\\` \\\"q\\\"\"; }");
        assertThat(bind("f() { echo $1; }", "it's")).isEqualTo("{ echo 'it'\\''s'; }");
    }

    @Test
    void listsCountsAndSlices() {
        assertThat(bind("f() { cmd \"$@\"; }", "a", "b c")).isEqualTo("{ cmd \"a\" \"b c\"; }");
        assertThat(bind("f() { cmd \"$*\" $#; }", "a", "b")).isEqualTo("{ cmd \"a b\" 2; }");
        assertThat(bind("f() { cmd \"${@:2}\"; }", "a", "b", "c")).isEqualTo("{ cmd \"b\" \"c\"; }");
        assertThat(bind("f() { cmd \"${@: -2}\"; }", "a", "b", "c")).isEqualTo("{ cmd \"b\" \"c\"; }");
        assertThat(bind("f() { cmd \"${@:(-1)}\"; }", "a", "b", "c")).isEqualTo("{ cmd \"c\"; }");
        assertThat(bind("f() { cmd ${@: -5}; }", "a", "b")).isEqualTo("{ cmd ; }");
        assertThat(bind("f() { cmd $3; }", "a")).isEqualTo("{ cmd ; }");
    }

    @Test
    void anOperatorReadsAVariableGivenTheWord() {
        assertThat(bind("f() { cat ${1%x}; }", "ax")).isEqualTo("v0='ax'\n{ cat ${v0%x}; }");
        assertThat(bind("f() { echo ${#1}; }", "abc")).isEqualTo("v0='abc'\n{ echo ${#v0}; }");
    }

    @Test
    void shiftsMoveThePositionsAndUnsureOnesTakeEveryLaterWord() {
        assertThat(bind("f() { shift; cat \"$1\"; }", "a", "b")).isEqualTo("{ shift; cat \"b\"; }");
        assertThat(bind("f() { while :; do cat \"$1\"; shift; done; }", "a", "b"))
                .isEqualTo("v0='a'\nv0='b'\n{ while :; do cat \"${v0}\"; shift; done; }");
        assertThat(bind("f() { cat \"$2\"; }", null, "b")).isEqualTo("v0='b'\n{ cat \"${v0}\"; }");
        assertThat(bind("f() { cat \"$@\"; }", null, "b")).isEqualTo("{ cat \"b\" \"$@\"; }");
    }

    @Test
    void aPatternAtTheCallStaysAPatternAndMovesTheLaterPositions() {
        assertThat(bind("f() { cat \"$1\"; }", "\u0001/e*/sh*")).isEqualTo("{ cat \"\"'/e'*'/sh'*\"\"; }");
        assertThat(bind("f() { cat \"$2\"; }", "\u0001*.txt", "b")).isEqualTo("v0='*.txt'\nv0='b'\n{ cat \"${v0}\"; }");
    }

    @Test
    void nothingToBindLeavesNoText() {
        assertThat(bind("f() { ls; }", "a")).isNull();
        assertThat(bind("f() { g() { cat \"$1\"; }; }", "a")).isNull();
        assertThat(bind("f() { echo $(( $1 + 1 )); }", "a")).isNull();
    }
}
