package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What echo, printf and cat print, as the {@code prints} rows read it (the text a script saves in a file). */
class PrintedTest {

    private static List<Arg> words(String... w) {
        List<Arg> out = new ArrayList<>();
        for (String s : w) {
            out.add(Arg.literal(s));
        }
        return out;
    }

    @Test
    void echoJoinsWordsAndInterpretsEscapesUnlessDashCapitalE() {
        assertThat(Printed.output("echo", words("echo", "a", "b"), null)).isEqualTo("a b\n");
        assertThat(Printed.output("echo", words("echo", "-n", "a"), null)).isEqualTo("a");
        assertThat(Printed.output("echo", words("echo", "-e", "a\\nb\\tc"), null)).isEqualTo("a\nb\tc\n");
        assertThat(Printed.output("echo", words("echo", "-E", "a\\nb"), null)).isEqualTo("a\\nb\n");
        assertThat(Printed.output("echo", words("echo", "-e", "\\x72m\\0101"), null)).isEqualTo("rmA\n");
        assertThat(Printed.output("echo", words("echo", "-e", "a\\cb"), null)).isEqualTo("a");
        assertThat(Printed.output("echo", words("echo", "-x"), null)).isEqualTo("-x\n");
    }

    @Test
    void printfAppliesItsFormatWhileArgumentsAreLeft() {
        assertThat(Printed.output("printf", words("printf", "a\\n%s\\n", "rm -rf ~"), null)).isEqualTo("a\nrm -rf ~\n");
        assertThat(Printed.output("printf", words("printf", "%s\\n", "a", "b"), null)).isEqualTo("a\nb\n");
        assertThat(Printed.output("printf", words("printf", "%b", "x\\ny"), null)).isEqualTo("x\ny");
        assertThat(Printed.output("printf", words("printf", "100%%\\101"), null)).isEqualTo("100%A");
        assertThat(Printed.output("printf", words("printf", "%d\\n", "5"), null)).isEqualTo("5\n");
        assertThat(Printed.output("printf", words("printf", "%x\\n", "26"), null)).isEqualTo("1a\n");
        assertThat(Printed.output("printf", words("printf", "%a\\n", "5"), null)).isNull();
        assertThat(Printed.output("printf", words("printf", "-v", "x", "a"), null)).isNull();
    }

    @Test
    void catPrintsOnlyALiteralInput() {
        Analysis.Stdin doc = new Analysis.Stdin(Analysis.StdinKind.HEREDOC, "rm -rf ~\n", true);
        assertThat(Printed.output("input", words("cat"), doc)).isEqualTo("rm -rf ~\n");
        assertThat(Printed.output("input", words("cat", "-"), doc)).isEqualTo("rm -rf ~\n");
        assertThat(Printed.output("input", words("cat", "f"), doc)).isNull();
        assertThat(Printed.output("input", words("cat"), new Analysis.Stdin(Analysis.StdinKind.HEREDOC, "$x", false))).isNull();
        assertThat(Printed.output("input", words("cat"), Analysis.Stdin.PIPE)).isNull();
    }

    @Test
    void aWordOnlyKnownAtRunTimeMakesTheOutputUnknown() {
        List<Arg> w = words("echo");
        w.add(new Arg("$X", true, false, -1, -1));
        assertThat(Printed.output("echo", w, null)).isNull();
    }
}
