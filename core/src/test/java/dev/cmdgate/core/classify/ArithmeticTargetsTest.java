package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which variables arithmetic assigns, the one reading the classifier and a gated session's state share. The two
 * readings it replaces disagreed: one missed array elements ({@code a[i]=1}) and the other tabs, newlines and
 * {@code ++ i}; both missed a nested subscript and a target written as an expansion. Nothing here runs; the lines
 * are only classified.
 */
class ArithmeticTargetsTest {

    private static String targets(String expr) {
        ArithmeticTargets t = ArithmeticTargets.of(expr);
        return (String.join(" ", t.names()) + " |" + (t.expanded().isEmpty() ? "" : " $" + String.join(" $", t.expanded()))
                + (t.unknown() ? " ?" : "")).strip();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "(( x = 1 )) => x |",
            "(( x == 1 || y != 2 || z <= 3 || w >= 4 )) => |",
            "(( x += 1, y <<= 2, z >>= 1, w ^= 3, v %= 2 )) => x y z w v |",
            "(( i++ + --j )) => i j |",
            "(( ++ i, j -- )) => i j |",
            "(( a[i] = 1 )) => a |",
            "(( a[i++] += 2 )) => a i |",
            "(( a[b[1]] = 2 )) => a |",
            "(( a [1] )) => |",
            "$(( x = 1 )) => x |",
            "$(( ${v=3} + 1 )) => v |",
            "(( 16#ff + 0x1f )) => |",
            "(( $v = 1 )) => | $v",
            "(( ${v}++ )) => | $v",
            "(( ++$v )) => | $v",
            "(( $1 = 1 )) => | ?",
            "(( $(cat f) += 1 )) => | ?",
            "(( ${v:-x} = 1 )) => | ?",
            "(( $v + 1 )) => |",
    })
    void targetsAsBashReadsThem(String expr, String expected) {
        assertThat(targets(expr)).isEqualTo(expected.strip());
    }

    @Test
    void blanksBetweenTheNameAndItsOperatorAreAnyWhitespace() {
        assertThat(targets("(( x\t= 1 ))")).isEqualTo("x |");
        assertThat(targets("(( x\n+= 1 ))")).isEqualTo("x |");
        assertThat(targets("(( ++\tx ))")).isEqualTo("x |");
    }

    @Test
    void pastTheTargetsFollowedAnyVariableMayBeSet() {
        StringBuilder b = new StringBuilder("((");
        for (int i = 0; i <= ArithmeticTargets.MAX; i++) {
            b.append(" v").append(i).append("=1,");
        }
        ArithmeticTargets t = ArithmeticTargets.of(b.append(" PATH=1 ))").toString());
        assertThat(t.names()).hasSize(ArithmeticTargets.MAX);
        assertThat(t.unknown()).isTrue();
        assertThat(ArithmeticTargets.of("(( v = 1 ))")).isEqualTo(new ArithmeticTargets(List.of("v"), List.of(), false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the spellings one reading or the other missed
            "(( PATH = 1 )); ls => Write",
            "(( ++ PATH )); ls => Write",
            "(( PATH[a[1]] = 1 )); ls => Write",
            "echo $(( PATH -= 1 )) => Write",
            "for (( PATH = 0; PATH < 1; PATH++ )); do :; done => Write",
            // a target written as an expansion: its known value, or any variable
            "v=PATH; (( $v = 1 )); ls => Write",
            "v=PATH; (( ${v}++ )); ls => Write",
            "v=count; (( $v += 1 )); echo $count => Read",
            "v=7; (( $v + 1 )) => Read",
            "(( $v = 1 )); ls => Destructive",
            "read -r v; (( $v = 1 )); ls => Destructive",
            // everyday arithmetic stays what it was
            "(( i++ )); ls => Read",
            "for (( i = 0; i < 3; i++ )); do echo $i; done => Read",
            "echo $(( x == 1 )) => Read",
            "n=3; echo $(( n * 2 )) => Read",
    })
    void arithmeticAssignmentsAreJudgedAsBashMakesThem(String line, String expected) {
        ArithmeticNamesTest.check(line, expected);
    }

    @Test
    void aTabOrANewlineBeforeTheOperatorSetsTheVariableToo() {
        ArithmeticNamesTest.check("(( PATH\t= 1 )); ls", "Write");
        ArithmeticNamesTest.check("(( PATH\n= 1 )); ls", "Write");
    }

    @Test
    void aSessionKnowsAnArrayElementArithmeticSetHoldsANumber() {
        assertThat(ShellStateTest.prefix("(( a[k] = 1 ))")).contains("a=$((0))");
        assertThat(ShellStateTest.prefix("(( ++ i ))")).contains("i=$((0))");
        assertThat(ShellStateTest.prefix("(( $v = 1 ))")).doesNotContain("v=$((0))");
    }
}
