package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Values builtins compute from literals ({@code read}, {@code mapfile}, {@code printf -v}, {@code declare -l/-u})
 * are the variable's values where a word uses it. Nothing here runs; the lines are only classified.
 */
class BuiltinValuesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "read k <<< ~/.aws/credentials; head -n1 $k => Destructive",
            "read -r k <<< ~/.aws/credentials; head -n1 \"$k\" => Destructive",
            "read a b c <<< 'x y ~/.aws/credentials'; head -n1 $c => Destructive",
            "read a b <<< 'x /etc/shadow trailing'; head -n1 \"$b\" => Read",
            "read a b <<< 'x /etc/shadow'; head -n1 $b => Destructive",
            "read <<< /etc/shadow; head -n1 \"$REPLY\" => Destructive",
            "read k <<< '/etc/sha\\dow'; head -n1 $k => Destructive",
            "read -d : k <<< /etc/shadow:x; head -n1 $k => Destructive",
            "read -a ks <<< 'x /etc/shadow'; head -n1 \"${ks[1]}\" => Destructive",
            "read -a ks <<< '/etc/shadow x'; head -n1 $ks => Destructive",
            "mapfile -t ks <<< /etc/shadow; head -n1 \"${ks[0]}\" => Destructive",
            "readarray -t ks <<< /etc/shadow; head -n1 \"${ks[@]}\" => Destructive",
            "mapfile -t <<< /etc/shadow; head -n1 \"${MAPFILE[0]}\" => Destructive",
            "printf -v k '%s/%s' /etc shadow; head -n1 \"$k\" => Destructive",
            "printf -v k '%.11s' /etc/shadowZZ; head -n1 $k => Destructive",
            "declare -l k=/ETC/SHADOW; head -n1 $k => Destructive",
            "local -u k=abc; head -n1 $k => Read",
            "declare -l k; k=/ETC/SHADOW; head -n1 $k => Destructive",
            "typeset -l k; X=/ETC/SHADOW; k=$X; head -n1 \"$k\" => Destructive",
            "echo /etc/shadow | while read l; do head -n1 \"$l\"; done => Destructive",
            "printf '%s\\n' a /etc/shadow | while read -r l; do head -n1 $l; done => Destructive",
            "echo /etc/shadow | { read l; head -n1 \"$l\"; } => Destructive",
            "echo /etc/shadow | { xargs head -n1; } => Destructive",
            "echo /etc/shadow | ( xargs head -n1 ) => Destructive",
            "echo src | while read d; do ls \"$d\"; done => Read",
            // everyday values stay as they were
            "read -r b <<< main; git log $b => Read",
            "mapfile -t fs <<< README.md; head -n1 \"${fs[@]}\" => Read",
            "printf -v d '%s' src; ls $d => Read",
    })
    void aBuiltinsLiteralValueIsUsed(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // read -n N: at most N characters, up to the delimiter; -N N: exactly N, the delimiter an ordinary one
            "read -n 11 k <<< /etc/shadowXX; head -n1 $k => Destructive",
            "read -rn11 k <<< /etc/shadowXX; head -n1 $k => Destructive",
            "read -N 11 k <<< /etc/shadowXX; head -n1 $k => Destructive",
            "read -n 20 -d : k <<< /etc/shadow:x; head -n1 $k => Destructive",
            "read -n 3 k <<< /etc/shadow; head -n1 $k => Read",
            "read -N 14 k <<< '/etc/shadow'; head -n1 \"$k\" => Read",
            // a backslash without -r is counted as read, not as kept: not computed (a run-time operand)
            "read -n 12 k <<< '/etc/sha\\dowX'; head -n1 $k => Read",
            "read -n 5 b <<< mainX; git log $b => Read",
    })
    void readsCountOfCharactersIsCut(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // mapfile from a pipe or < <(…): its lines, not its words (a line with blanks is one element)
            "mapfile -t a < <(printf '%s\\n' 'x y' ~/.aws/credentials); head -n1 \"${a[1]}\" => Destructive",
            "printf 'a b c\\n/etc/shadow\\n' | { mapfile -t a; head -n1 \"${a[1]}\"; } => Destructive",
            "echo 'p q' | { readarray -t a; head -n1 \"${a[0]}\"; } => Read",
            "mapfile -t a < <(echo x y; echo ~/.aws/credentials); head -n1 \"${a[1]}\" => Read",
            // -d: records up to its delimiter, for mapfile and for read
            "mapfile -d '' -t a < <(printf '%s\\0' 'x y' ~/.aws/credentials); head -n1 \"${a[1]}\" => Destructive",
            "mapfile -d , -t a <<< 'x,/etc/shadow,'; head -n1 \"${a[1]}\" => Destructive",
            "mapfile -d , -t a < <(printf 'x,/etc/shadow,'); head -n1 \"${a[1]}\" => Destructive",
            "read -d '' -a a < <(printf '/etc/shadow\\0P'); head -n1 \"${a[0]}\" => Destructive",
            "read -d '' k < <(printf 'P\\0/etc/shadow'); head -n1 \"$k\" => Destructive",
            "while read -d , f; do head -n1 \"$f\"; done < <(printf 'a,/etc/shadow,') => Destructive",
            "while IFS=: read -r a b; do head -n1 \"$b\"; done <<< 'x:/etc/shadow' => Destructive",
            // a record with words only known at run time, or a changed IFS: no value
            "mapfile -t a < <(printf '%s\\n' \"$x\" README.md); head -n1 \"${a[1]}\" => Read",
            "mapfile -t a < <(printf '%s\\n' src test); ls \"${a[@]}\" => Read",
    })
    void aPipedTextIsCutWhereTheBuiltinCutsIt(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
