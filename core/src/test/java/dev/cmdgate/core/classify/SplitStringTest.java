package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** GNU env's {@code -S} splitting, on its own. */
class SplitStringTest {

    private static List<String> split(String s) {
        return Analysis.texts(SplitString.split(s, Arg.literal(s)));
    }

    private static boolean refused(String s) {
        return SplitString.split(s, Arg.literal(s)) == null;
    }

    @Test
    void blanksAndBackslashUnderscoreSeparateWordsOutsideDoubleQuotes() {
        assertThat(split("rm\\_-rf\\_/x")).containsExactly("rm", "-rf", "/x");
        assertThat(split("chmod\\_777 /etc/shadow")).containsExactly("chmod", "777", "/etc/shadow");
        assertThat(split("a \t\n\u000b\f\rb")).containsExactly("a", "b");
        assertThat(split("'a\\_b'")).containsExactly("a\\_b");
    }

    @Test
    void insideDoubleQuotesBackslashUnderscoreIsABlank() {
        assertThat(split("sh\\_-c\\_\"rm -rf /x\"")).containsExactly("sh", "-c", "rm -rf /x");
        assertThat(split("echo \"a\\_b\"")).containsExactly("echo", "a b");
    }

    @Test
    void escapesWriteTheirCharacterAndSingleQuotesKeepOthers() {
        assertThat(split("a\\tb")).containsExactly("a\tb");
        assertThat(split("a\\\"b \\#c \\$d")).containsExactly("a\"b", "#c", "$d");
        assertThat(split("'a\\nb' 'it\\'s'")).containsExactly("a\\nb", "it's");
        assertThat(split("sha''dow \"\"")).containsExactly("shadow", "");
    }

    @Test
    void backslashCAndACommentEndTheString() {
        assertThat(split("cat /etc/sha\\cdow")).containsExactly("cat", "/etc/sha");
        assertThat(split("cat /etc/shadow #x y")).containsExactly("cat", "/etc/shadow");
        assertThat(split("cat a#b")).containsExactly("cat", "a#b");
    }

    @Test
    void aBracedVariableIsKeptAndKnownOnlyAtRunTimeExceptHome() {
        List<Arg> out = SplitString.split("cp\\_evil\\_${HOME}/.bashrc", Arg.literal("x"));
        assertThat(Analysis.texts(out)).containsExactly("cp", "evil", "${HOME}/.bashrc");
        assertThat(out.get(2).dynamic).isTrue();
        assertThat(out.get(2).unresolved()).isFalse();
        assertThat(SplitString.split("cat ${X}", Arg.literal("x")).get(1).unresolved()).isTrue();
        assertThat(split("'${X}'")).containsExactly("${X}");
    }

    @Test
    void aStringOnlyKnownAtRunTimeIsNeverTakenForARefusal() {
        Arg dynamic = new Arg("$X", true, false, 0, 2);
        List<Arg> out = SplitString.split("rm $X", dynamic);
        assertThat(out).hasSize(1);
        assertThat(out.get(0).unresolved()).isTrue();
    }

    @Test
    void whatEnvRefusesSplitsIntoNothing() {
        assertThat(refused("cat \\x2fetc")).isTrue();
        assertThat(refused("cat 'open")).isTrue();
        assertThat(refused("cat $HOME")).isTrue();
        assertThat(refused("\"a\\cb\"")).isTrue();
        assertThat(refused("trailing\\")).isTrue();
        assertThat(refused("rm -rf \\q ~")).isTrue();
        assertThat(refused("ls -l")).isFalse();
        assertThat(refused("cat ${HOME}")).isFalse();
    }
}
