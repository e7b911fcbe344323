package dev.cmdgate.core.shell;

import static dev.cmdgate.core.shell.TestSupport.argv;
import static dev.cmdgate.core.shell.TestSupport.firstCommand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Words: quote removal, static vs dynamic, globs, tilde prefixes. */
class WordTest {

    /** Each of these is the single word "rm" after quote removal. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        "rm", "'r'm", "r\\m", "\"rm\"", "$'\\x72m'", "$'\\162m'", "$'\\u0072m'", "$'\\U00000072m'", "r\"\"m", "r''m",
        "\"r\"'m'", "\\r\\m", "$\"rm\"", "r\\\nm", "\"r\\\nm\"", "'rm'", "$'rm'", "\"r\"m", "r$'m'", "$'\\x72'\"m\"",
    })
    void quoteRemovalGivesRm(String word) {
        assertThat(argv(word)).containsExactly("rm");
    }

    static Stream<Arguments> argvCases() {
        return Stream.of(
                arguments("rm -r\\f ~", List.of("rm", "-rf", "~")),
                arguments("echo a\\ b \"a\\\"b\" 'a'\\''b' $'a\\'b'", List.of("echo", "a b", "a\"b", "a'b", "a'b")),
                arguments("echo \"$\" $ \\$x '$x' \"\\\\\" a\\\\b", List.of("echo", "$", "$", "$x", "$x", "\\", "a\\b")),
                arguments("echo \"\\r\"m \"\\$\" \"\\`\"", List.of("echo", "\\rm", "$", "`")),
                arguments("echo '' \"\" $''", List.of("echo", "", "", "")),
                arguments("echo $'\\0rm' $'r\\0m' $'r\\x00m'", List.of("echo", "", "r", "r")),
                arguments("echo $'\\t' $'\\n' $'\\e' $'\\cA' $'\\a\\b\\f\\r\\v'",
                        List.of("echo", "\t", "\n", "\u001b", "\u0001", "\u0007\b\f\r\u000b")),
                arguments("echo $'\\q' $'\\x' $'\\xZ'", List.of("echo", "\\q", "\\x", "\\xZ")),
                arguments("echo $'\\u00e9' $'\\U0001F600'", List.of("echo", "é", "\uD83D\uDE00")),
                arguments("echo '\\n' \"\\n\"", List.of("echo", "\\n", "\\n")),
                arguments("printf '%s\\n' a", List.of("printf", "%s\\n", "a")),
                arguments("find . -exec rm {} \\;", List.of("find", ".", "-exec", "rm", "{}", ";")),
                arguments("a\\\nb c", List.of("ab", "c")),
                arguments("echo a#b", List.of("echo", "a#b")),
                arguments("/bin/rm", List.of("/bin/rm")),
                arguments("echo \uD800 \uDC00", List.of("echo", "\uD800", "\uDC00")),
                arguments("echo a\u0000b", List.of("echo", "a\u0000b")),
                arguments("echo ~ ~/x ~root/y", List.of("echo", "~", "~/x", "~root/y")),
                arguments("git -c alias.x='!rm -rf ~' x", List.of("git", "-c", "alias.x=!rm -rf ~", "x")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("argvCases")
    void argvAfterQuoteRemoval(String input, List<String> expected) {
        assertThat(argv(input)).isEqualTo(expected);
    }

    /** A part's static text is its value after quote removal; expansions and double quotes have none of their own. */
    @Test
    void staticTextOfEachKindOfPart() {
        List<WordPart> parts = firstCommand("echo ~root/a'b'\\c$'\\x64'*\"e$x\"$y").words().get(1).parts();
        List<String> texts = new java.util.ArrayList<>();
        for (WordPart p : parts) {
            texts.add(p.getClass().getSimpleName() + "=" + WordPart.staticText(p));
        }
        assertThat(texts).containsExactly("Tilde=~root", "Literal=/a", "SingleQuoted=b", "Escaped=c", "AnsiCQuoted=d",
                "PatternChar=*", "DoubleQuoted=null", "ParameterExpansion=null");
    }

    /** Words with an expansion anywhere have no literal value. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        "$x", "${x}", "\"$x\"", "a$(b)", "`b`", "$((1))", "$[1]", "\"a${x:-b}\"", "<(a)", ">(a)", "$1", "$@",
        "\"$*\"", "r\"$(echo m)\"", "${x:-rm}",
    })
    void expansionsAreNotStatic(String word) {
        Word w = firstCommand("cmd " + word).words().get(1);
        assertThat(w.literalValue()).isNull();
        assertThat(w.hasExpansion()).isTrue();
        assertThat(w.isStatic()).isFalse();
    }

    @ParameterizedTest(name = "[{index}] {0} glob={1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "*.txt|true", "a?b|true", "[ab]c|true", "x*|true", "'*'|false", "\\*|false", "\"*\"|false",
        "[|false", "[x|false", "a]|false", "\"[ab]\"|false", "$x|false", "-*|true", "'-'*|true",
    })
    void unquotedGlobs(String word, boolean glob) {
        Word w = firstCommand("cmd " + word).words().get(1);
        assertThat(w.hasGlob()).isEqualTo(glob);
    }

    @ParameterizedTest(name = "[{index}] {0} → {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', nullValues = "NONE", emptyValue = "", value = {
        "~|``", "~/x|``", "~root|root", "~root/.ssh|root", "~+|+", "~-/x|-", "\"~\"|NONE", "\\~|NONE", "a~|NONE",
        "'~'/x|NONE", "~\"x\"|NONE", "~$u|NONE",
    })
    void tildePrefixes(String word, String user) {
        Word w = firstCommand("cmd " + word).words().get(1);
        if (user == null) {
            assertThat(w.tilde()).isNull();
        } else {
            assertThat(w.tilde()).isNotNull();
            assertThat(w.tilde().user()).isEqualTo(user);
            assertThat(w.tilde().text()).isEqualTo("~" + user);
        }
    }

    @Test
    void tildeInAssignmentValues() {
        Assignment a = firstCommand("P=~/bin:~root/bin:x cmd").assignments().get(0);
        long tildes = a.value().parts().stream().filter(p -> p instanceof Tilde).count();
        assertThat(tildes).isEqualTo(2);
        assertThat(a.value().literalValue()).isEqualTo("~/bin:~root/bin:x");
    }

    @Test
    void quotedFlagsAndParts() {
        List<Word> ws = firstCommand("cmd 'a' \"b\" \\c d $'e'").words();
        assertThat(ws.subList(1, 4)).allMatch(Word::isQuoted);
        assertThat(ws.get(4).isQuoted()).isFalse();
        assertThat(ws.get(5).isQuoted()).isTrue();
        assertThat(ws.get(1).parts()).singleElement().isInstanceOf(SingleQuoted.class);
        assertThat(ws.get(2).parts()).singleElement().isInstanceOf(DoubleQuoted.class);
        assertThat(ws.get(3).parts()).singleElement().isInstanceOf(Escaped.class);
        assertThat(ws.get(5).parts()).singleElement().isInstanceOf(AnsiCQuoted.class);
    }

    @Test
    void parameterExpansionDetails() {
        Word w = firstCommand("echo ${x:-$(rm -rf ~)}").words().get(1);
        ParameterExpansion p = (ParameterExpansion) w.parts().get(0);
        assertThat(p.name()).isEqualTo("x");
        assertThat(p.braced()).isTrue();
        assertThat(p.operator()).isEqualTo(":-");
        assertThat(p.arguments()).hasSize(1);
        assertThat(p.arguments().get(0).substitutions()).hasSize(1);

        ParameterExpansion rep = (ParameterExpansion) firstCommand("echo ${path//\\//_}").words().get(1).parts().get(0);
        assertThat(rep.operator()).isEqualTo("//");
        assertThat(rep.arguments()).extracting(Word::literalValue).containsExactly("/", "_");

        ParameterExpansion len = (ParameterExpansion) firstCommand("echo ${#arr[@]}").words().get(1).parts().get(0);
        assertThat(len.length()).isTrue();
        assertThat(len.name()).isEqualTo("arr");
        assertThat(len.subscript().literalValue()).isEqualTo("@");
    }

    @Test
    void simpleCommandAccessors() {
        SimpleCommand c = firstCommand("LANG=C FOO+=x 'g'it -C dir status 2>/dev/null >>log");
        assertThat(c.assignments()).extracting(Assignment::name).containsExactly("LANG", "FOO");
        assertThat(c.assignments().get(1).append()).isTrue();
        assertThat(c.commandName()).isEqualTo("git");
        assertThat(c.commandWord().literalValue()).isEqualTo("git");
        assertThat(c.words()).extracting(Word::literalValue).containsExactly("git", "-C", "dir", "status");
        assertThat(c.redirects()).extracting(Redirect::op).containsExactly(Redirect.Op.OUT, Redirect.Op.APPEND);
        assertThat(c.redirects().get(0).fd()).isEqualTo(2);
        assertThat(c.redirects().get(1).fd()).isEqualTo(-1);
        assertThat(c.redirects().get(0).target().literalValue()).isEqualTo("/dev/null");

        SimpleCommand none = firstCommand("X=1 >f");
        assertThat(none.commandWord()).isNull();
        assertThat(none.commandName()).isNull();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = ';', value = {
        "cmd >f;OUT;-1;f;false", "cmd 2>>f;APPEND;2;f;false", "cmd >|f;CLOBBER;-1;f;false", "cmd <f;IN;-1;f;false",
        "cmd 3<>f;READ_WRITE;3;f;false", "cmd &>f;OUT_ALL;-1;f;false", "cmd &>>f;APPEND_ALL;-1;f;false",
        "cmd 2>&1;DUP_OUT;2;1;true", "cmd >&2;DUP_OUT;-1;2;true", "cmd 0<&3;DUP_IN;0;3;true",
        "cmd 4>&-;DUP_OUT;4;-;true", "cmd 1>&3-;DUP_OUT;1;3-;true", "cmd >&file;DUP_OUT;-1;file;false",
        "cmd <<<word;HERESTRING;-1;word;false", "cmd 10>f;OUT;10;f;false", "cmd > /dev/tcp/h/80;OUT;-1;/dev/tcp/h/80;false",
    })
    void redirections(String input, Redirect.Op op, int fd, String target, boolean dup) {
        Redirect r = firstCommand(input).redirects().get(0);
        assertThat(r.op()).isEqualTo(op);
        assertThat(r.fd()).isEqualTo(fd);
        assertThat(r.target().literalValue()).isEqualTo(target);
        assertThat(r.isFdDuplication()).isEqualTo(dup);
        assertThat(r.isOutput()).isEqualTo(Arrays.asList(Redirect.Op.OUT, Redirect.Op.APPEND, Redirect.Op.CLOBBER,
                Redirect.Op.READ_WRITE, Redirect.Op.OUT_ALL, Redirect.Op.APPEND_ALL, Redirect.Op.DUP_OUT).contains(op));
    }

    @Test
    void namedFdRedirection() {
        Redirect r = firstCommand("exec {fd}>out").redirects().get(0);
        assertThat(r.fdVariable()).isEqualTo("fd");
        assertThat(r.fd()).isEqualTo(-1);
        assertThat(r.target().literalValue()).isEqualTo("out");
    }
}
