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
            "read k <<< ~/.aws/credentials; head -n1 $k => Network",
            "read -r k <<< ~/.aws/credentials; head -n1 \"$k\" => Network",
            "read a b c <<< 'x y ~/.aws/credentials'; head -n1 $c => Network",
            "read a b <<< 'x /etc/shadow trailing'; head -n1 \"$b\" => Read",
            "read a b <<< 'x /etc/shadow'; head -n1 $b => Network",
            "read <<< /etc/shadow; head -n1 \"$REPLY\" => Network",
            "read k <<< '/etc/sha\\dow'; head -n1 $k => Network",
            "read -d : k <<< /etc/shadow:x; head -n1 $k => Network",
            "read -a ks <<< 'x /etc/shadow'; head -n1 \"${ks[1]}\" => Network",
            "read -a ks <<< '/etc/shadow x'; head -n1 $ks => Network",
            "mapfile -t ks <<< /etc/shadow; head -n1 \"${ks[0]}\" => Network",
            "readarray -t ks <<< /etc/shadow; head -n1 \"${ks[@]}\" => Network",
            "mapfile -t <<< /etc/shadow; head -n1 \"${MAPFILE[0]}\" => Network",
            "printf -v k '%s/%s' /etc shadow; head -n1 \"$k\" => Network",
            "printf -v k '%.11s' /etc/shadowZZ; head -n1 $k => Network",
            "declare -l k=/ETC/SHADOW; head -n1 $k => Network",
            "local -u k=abc; head -n1 $k => Read",
            "declare -l k; k=/ETC/SHADOW; head -n1 $k => Network",
            "typeset -l k; X=/ETC/SHADOW; k=$X; head -n1 \"$k\" => Network",
            "echo /etc/shadow | while read l; do head -n1 \"$l\"; done => Network",
            "printf '%s\\n' a /etc/shadow | while read -r l; do head -n1 $l; done => Network",
            "echo /etc/shadow | { read l; head -n1 \"$l\"; } => Network",
            "echo /etc/shadow | { xargs head -n1; } => Network",
            "echo /etc/shadow | ( xargs head -n1 ) => Network",
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
            "read -n 11 k <<< /etc/shadowXX; head -n1 $k => Network",
            "read -rn11 k <<< /etc/shadowXX; head -n1 $k => Network",
            "read -N 11 k <<< /etc/shadowXX; head -n1 $k => Network",
            "read -n 20 -d : k <<< /etc/shadow:x; head -n1 $k => Network",
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
            "mapfile -t a < <(printf '%s\\n' 'x y' ~/.aws/credentials); head -n1 \"${a[1]}\" => Network",
            "printf 'a b c\\n/etc/shadow\\n' | { mapfile -t a; head -n1 \"${a[1]}\"; } => Network",
            "echo 'p q' | { readarray -t a; head -n1 \"${a[0]}\"; } => Read",
            "mapfile -t a < <(echo x y; echo ~/.aws/credentials); head -n1 \"${a[1]}\" => Read",
            // -d: records up to its delimiter, for mapfile and for read
            "mapfile -d '' -t a < <(printf '%s\\0' 'x y' ~/.aws/credentials); head -n1 \"${a[1]}\" => Network",
            "mapfile -d , -t a <<< 'x,/etc/shadow,'; head -n1 \"${a[1]}\" => Network",
            "mapfile -d , -t a < <(printf 'x,/etc/shadow,'); head -n1 \"${a[1]}\" => Network",
            "read -d '' -a a < <(printf '/etc/shadow\\0P'); head -n1 \"${a[0]}\" => Network",
            "read -d '' k < <(printf 'P\\0/etc/shadow'); head -n1 \"$k\" => Network",
            "while read -d , f; do head -n1 \"$f\"; done < <(printf 'a,/etc/shadow,') => Network",
            "while IFS=: read -r a b; do head -n1 \"$b\"; done <<< 'x:/etc/shadow' => Network",
            // a record with words only known at run time, or a changed IFS: no value
            "mapfile -t a < <(printf '%s\\n' \"$x\" README.md); head -n1 \"${a[1]}\" => Read",
            "mapfile -t a < <(printf '%s\\n' src test); ls \"${a[@]}\" => Read",
    })
    void aPipedTextIsCutWhereTheBuiltinCutsIt(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
