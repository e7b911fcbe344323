package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NullInputGroupTest {

    private static String wrap(String command, String judged) {
        return new String(NullInputGroup.wrap(command.getBytes(StandardCharsets.UTF_8), judged), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ls\\n                       | ls",
            "cd src && make\\n           | cd src && make",
            "cat <<EOF\\nx\\nEOF\\n        | cat <<EOF\\nx\\nEOF",
            "f() {\\n  echo hi\\n}\\n      | f() {\\n  echo hi\\n}",
            "ls # a comment\\n           | ls # a comment",
            "sleep 1 &\\n                | sleep 1 &",
    })
    void aCommandGoesAsAGroupReadingDevNull(String written, String judged) {
        String w = written.replace("\\n", "\n");
        assertThat(wrap(w, judged.replace("\\n", "\n"))).isEqualTo("{ " + w + "} </dev/null\n");
    }

    @Test
    void aLastLineWithoutNewlineGetsOneBeforeTheBrace() {
        assertThat(wrap("echo last", "echo last")).isEqualTo("{ echo last\n} </dev/null\n");
    }

    /** An empty group is a syntax error, which ends a shell reading a script from its input. */
    @ParameterizedTest
    @ValueSource(strings = {"\n", "   \n", "# only a comment\n", "  # two\n# comments\n", "\\\n# continued comment\n"})
    void aCommandWithNoStatementsGoesAsItIs(String written) {
        assertThat(wrap(written, written.strip())).isEqualTo(written);
    }

    @Test
    void theSessionStreamWrapsEachAllowedCommandAndNothingRefused() throws IOException {
        ByteArrayOutputStream shell = new ByteArrayOutputStream();
        List<String> asked = new ArrayList<>();
        StdinGate gate = new StdinGate() {
            @Override
            public void check(String command) {
                asked.add(command);
                if (command.contains("rm")) {
                    throw new SecurityException("cmdgate: blocked " + command);
                }
            }

            @Override
            public void refuse(String text, String why) {
                throw new SecurityException("cmdgate: blocked " + why);
            }
        };
        GatingOutputStream in = GatingOutputStream.withNullInput(shell, gate);
        in.write("ls\n\ncat <<E\nx\nE\n".getBytes(StandardCharsets.UTF_8));
        try {
            in.write("rm -rf x\n".getBytes(StandardCharsets.UTF_8));
        } catch (IOException expected) {
            // refused: nothing of it reaches the shell
        }
        in.write("exit 3".getBytes(StandardCharsets.UTF_8));
        in.close();
        assertThat(shell.toString(StandardCharsets.UTF_8))
                .isEqualTo("{ ls\n} </dev/null\n\n{ cat <<E\nx\nE\n} </dev/null\n{ exit 3\n} </dev/null\n");
        assertThat(asked).containsExactly("ls", "", "cat <<E\nx\nE", "rm -rf x", "exit 3");
    }

    /** In audit mode a refusal does not throw: an undecodable last line still goes to the shell, wrapped. */
    @Test
    void anUndecodableLastLineThatIsOnlyAuditedStillGoes() throws IOException {
        ByteArrayOutputStream shell = new ByteArrayOutputStream();
        StdinGate audit = new StdinGate() {
            @Override
            public void check(String command) {
            }

            @Override
            public void refuse(String text, String why) {
            }
        };
        GatingOutputStream in = GatingOutputStream.withNullInput(shell, audit);
        in.write(new byte[] {'l', 's', (byte) 0xff});
        in.close();
        assertThat(shell.toString(StandardCharsets.ISO_8859_1)).isEqualTo("{ ls\u00ff\n} </dev/null\n");
    }
}
