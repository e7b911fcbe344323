package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Arrays whose elements have keys — sparse ({@code a=([5]=P)}), changed by element ({@code a[3]=P}), associative
 * ({@code declare -A m=([k]=P)}) — give each element the values its key was given. Nothing here runs.
 */
class ArrayKeysTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static Map<String, String> keyed(String assignment, boolean associative) {
        SimpleCommand sc = (SimpleCommand) ShellParser.parse(assignment, 50).script().statements().get(0).pipelines()
                .get(0).commands().get(0);
        return ArrayKeys.keyed(sc.assignments().get(0).array(), associative);
    }

    @Test
    void keysAreReadAsBashReadsThem() {
        assertThat(ArrayKeys.key("5", false)).isEqualTo("5");
        assertThat(ArrayKeys.key("05", false)).isNull();   // octal arithmetic
        assertThat(ArrayKeys.key("i", false)).isNull();    // a variable's value
        assertThat(ArrayKeys.key("i", true)).isEqualTo("i");
        assertThat(ArrayKeys.key("@", true)).isNull();
        assertThat(keyed("a=(x [3]=y z)", false)).containsExactly(Map.entry("0", "x"), Map.entry("3", "y"),
                Map.entry("4", "z"));
        assertThat(keyed("a=($v [3]=y z)", false)).containsExactly(Map.entry("3", "y"), Map.entry("4", "z"));
        assertThat(keyed("a=(x $v z [9]=w)", false)).containsExactly(Map.entry("0", "x"), Map.entry("9", "w"));
        assertThat(keyed("a=(x y)", false)).isNull();
        assertThat(keyed("m=([k]='a b' [j]=c)", true)).containsExactly(Map.entry("k", "a b"), Map.entry("j", "c"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "a=([5]=~/.aws/credentials); head -n1 \"${a[5]}\" => Destructive",
            "a=(x [3]=/etc/hosts); : > \"${a[3]}\" => Destructive",
            "a=(x [3]=y /etc/hosts); : > \"${a[4]}\" => Destructive",
            "a=(x y); a[1]=~/.aws/credentials; head -n1 \"${a[1]}\" => Destructive",
            "a=(~/.aws/credentials); if true; then a[0]=x; fi; head -n1 \"${a[0]}\" => Destructive",
            "a=(x); a[7]=/etc/sudoers; chmod 777 ${a[7]} => Destructive",
            "declare -A m=([k]=~/.aws/credentials); head -n1 \"${m[k]}\" => Destructive",
            "declare -A m; m[key]=/etc/hosts; : > \"${m[key]}\" => Destructive",
            "local -A m; m[a]=x; m[b]=/etc/hosts; : > \"${m[b]}\" => Destructive",
            // a key only known at run time, or arithmetic: the element stays only known at run time
            "a=([5]=x); head -n1 \"${a[$i]}\" => Read",
            "a[05]=/etc/shadow; head -n1 \"${a[6]}\" => Read",
            // everyday arrays stay as they were
            "a=(src test); a[2]=docs; ls \"${a[2]}\" => Read",
            "declare -A opts=([verbose]=-v); ls \"${opts[verbose]}\" src => Read",
    })
    void anElementIsJudgedWithTheValuesItsKeyWasGiven(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
