package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What cut, head, tail and a sed script of s and y commands print from known input; null where not read. */
class LineFiltersTest {

    private static List<Arg> words(String... w) {
        List<Arg> out = new ArrayList<>();
        for (String s : w) {
            out.add(Arg.literal(s));
        }
        return out;
    }

    private static String run(String reading, String input, String... w) {
        return Printed.output(reading, words(w), new Analysis.Stdin(Analysis.StdinKind.HEREDOC, input, true));
    }

    @Test
    void cutSelectsCharactersAndFieldsAsGnuCutDoes() {
        assertThat(run("cut", "xrm\n", "cut", "-c2-")).isEqualTo("rm\n");
        assertThat(run("cut", "abcdef\n", "cut", "-c", "1,3-4,6")).isEqualTo("acdf\n");
        assertThat(run("cut", "abcdef\n", "cut", "--characters=-2")).isEqualTo("ab\n");
        assertThat(run("cut", "abcdef\n", "cut", "-c5-,2")).isEqualTo("bef\n");
        assertThat(run("cut", "x:/etc/shadow:y\n", "cut", "-d:", "-f2")).isEqualTo("/etc/shadow\n");
        assertThat(run("cut", "a b c\n", "cut", "-d", " ", "-f", "2-")).isEqualTo("b c\n");
        assertThat(run("cut", "nodelim\n", "cut", "-d:", "-f2")).isEqualTo("nodelim\n");
        assertThat(run("cut", "nodelim\n", "cut", "-s", "-d:", "-f2")).isEqualTo("");
        assertThat(run("cut", "a\tb\n", "cut", "-f2")).isEqualTo("b\n");
    }

    @Test
    void cutLeavesWhatItDoesNotReadUnknown() {
        assertThat(run("cut", "abc\n", "cut", "--complement", "-c1")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-c1", "file")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-c0")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-c", "-")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-d:", "-c1")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-c1", "-f1")).isNull();
        assertThat(run("cut", "abc\n", "cut", "-d::", "-f1")).isNull();
        assertThat(Printed.output("cut", words("cut", "-c1"), Analysis.Stdin.PIPE)).isNull();
    }

    @Test
    void headAndTailKeepTheLinesOrCharactersAsked() {
        String in = "a\nb\nc\n";
        assertThat(run("lines", in, "head", "-1")).isEqualTo("a\n");
        assertThat(run("lines", in, "head", "-n", "2")).isEqualTo("a\nb\n");
        assertThat(run("lines", in, "head", "-n2")).isEqualTo("a\nb\n");
        assertThat(run("lines", in, "head")).isEqualTo(in);
        assertThat(run("lines", in, "tail", "-n", "1")).isEqualTo("c\n");
        assertThat(run("lines", in, "tail", "-n", "+2")).isEqualTo("b\nc\n");
        assertThat(run("lines", in, "tail", "--lines=2")).isEqualTo("b\nc\n");
        assertThat(run("lines", "rmx\n", "head", "-c2")).isEqualTo("rm");
        assertThat(run("lines", "xrm", "tail", "-c", "2")).isEqualTo("rm");
    }

    @Test
    void headAndTailLeaveWhatTheyDoNotReadUnknown() {
        assertThat(run("lines", "a\n", "head", "-n", "-1")).isNull();
        assertThat(run("lines", "a\n", "head", "-c", "1K")).isNull();
        assertThat(run("lines", "a\n", "head", "f")).isNull();
        assertThat(run("lines", "a\n", "tail", "-f")).isNull();
        assertThat(run("lines", "a\n", "head", "-n")).isNull();
    }

    @Test
    void sedSubstitutesLiteralTextWithAnchorsFlagsAndAmpersand() {
        assertThat(run("substitute", "rX\n", "sed", "s/X/m/")).isEqualTo("rm\n");
        assertThat(run("substitute", "aXbX\n", "sed", "s/X/-/g")).isEqualTo("a-b-\n");
        assertThat(run("substitute", "aXbX\n", "sed", "s/X/-/2")).isEqualTo("aXb-\n");
        assertThat(run("substitute", "m\n", "sed", "s/^/r/")).isEqualTo("rm\n");
        assertThat(run("substitute", "r\n", "sed", "-e", "s/$/m/")).isEqualTo("rm\n");
        assertThat(run("substitute", "sha\n", "sed", "s|a|&dow|")).isEqualTo("shadow\n");
        assertThat(run("substitute", "a/b\n", "sed", "s/\\//_/")).isEqualTo("a_b\n");
        assertThat(run("substitute", "a&b\n", "sed", "s/&/\\&\\&/")).isEqualTo("a&&b\n");
        assertThat(run("substitute", "xyz\n", "sed", "y/xyz/rm /")).isEqualTo("rm \n");
        assertThat(run("substitute", "ab\n", "sed", "s/a/r/; s/b/m/")).isEqualTo("rm\n");
        assertThat(run("substitute", "ab\nab\n", "sed", "s/^ab$/x/")).isEqualTo("x\nx\n");
    }

    @Test
    void sedLeavesPatternsAndCommandsItDoesNotReadUnknown() {
        assertThat(run("substitute", "ab\n", "sed", "s/a.*/x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/[a]/x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/\\(a\\)/\\1/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s//x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/a/x/p")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/a/x/w f")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "1s/a/x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "-n", "s/a/x/p")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "-E", "s/a/x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/a/x/", "file")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/a/x")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "y/ab/x/")).isNull();
        assertThat(run("substitute", "ab\n", "sed", "s/a/\\U&/")).isNull();
    }

    @Test
    void awkBeginBlockOfLiteralPrintsIsEvaluated() {
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{printf \"rm\"}"), null)).isEqualTo("rm");
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN { print \"sha\" \"dow\" }"), null)).isEqualTo("shadow\n");
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print \"a\", \"b\"; printf \"\\162m%%\"}"), null))
                .isEqualTo("a b\nrm%");
    }

    @Test
    void awkProgramsBeyondLiteralPrintsStayUnknown() {
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print x}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{printf \"%s\", \"rm\"}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print \"a\"} {print}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "{print \"a\"}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print \"a\" > \"f\"}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "-v", "x=1", "BEGIN{print \"a\"}"), null)).isNull();
        assertThat(Printed.output("awk-begin", words("awk", "BEGIN{print \"\\x72\"}"), null)).isNull();
    }

    @Test
    void trDeletesTheCharactersOfItsSet() {
        assertThat(run("translate", "sXhXadow\n", "tr", "-d", "X")).isEqualTo("shadow\n");
        assertThat(run("translate", "r1m2\n", "tr", "-d", "0-9\\n")).isEqualTo("rm");
        assertThat(run("translate", "rm\n", "tr", "-d", "[:digit:]")).isNull();
        assertThat(run("translate", "rm\n", "tr", "-cd", "a-z")).isNull();
    }
}
