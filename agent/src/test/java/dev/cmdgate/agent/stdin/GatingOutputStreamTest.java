package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.rules.RuleSet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatingOutputStreamTest {

    /** Refuses any command containing "rm"; records what it was asked. */
    static final class Gate implements StdinGate {
        final List<String> asked = new ArrayList<>();
        final List<String> refused = new ArrayList<>();

        @Override
        public void check(String command) {
            asked.add(command);
            if (command.contains("rm")) {
                throw new SecurityException("cmdgate: blocked sh -c '" + command.strip() + "' (Destructive, dangerous): test");
            }
        }

        @Override
        public void refuse(String text, String why) {
            refused.add(why);
            throw new SecurityException("cmdgate: blocked: " + why);
        }
    }

    private final ByteArrayOutputStream shell = new ByteArrayOutputStream();
    private final Gate gate = new Gate();
    private final GatingOutputStream in = new GatingOutputStream(shell, gate);

    private String shellGot() {
        return shell.toString(StandardCharsets.UTF_8);
    }

    private void write(String s) throws IOException {
        in.write(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void allowedCommandsPassInOrderAndIncompleteOnesWait() throws IOException {
        write("ls\necho 'a");
        assertThat(shellGot()).isEqualTo("ls\n");
        write("b'\n");
        assertThat(shellGot()).isEqualTo("ls\necho 'a\nb'\n".replace("a\nb", "ab"));
        assertThat(gate.asked).containsExactly("ls", "echo 'ab'");
    }

    @Test
    void byteByByteWritesFrameTheSame() throws IOException {
        for (byte b : "cat <<E\nrmx\nE\npwd\n".getBytes(StandardCharsets.UTF_8)) {
            try {
                in.write(b);
            } catch (IOException e) {
                assertThat(e).hasMessageStartingWith("cmdgate: blocked");
            }
        }
        assertThat(gate.asked).containsExactly("cat <<E\nrmx\nE", "pwd");
        assertThat(shellGot()).isEqualTo("pwd\n");
    }

    @Test
    void aRefusedCommandNeverReachesTheShellAndTheStreamGoesOn() throws IOException {
        write("ls\n");
        assertThatThrownBy(() -> write("echo ok\nrm -rf x\necho dropped\n"))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cmdgate: blocked")
                .hasCauseInstanceOf(SecurityException.class);
        assertThat(shellGot()).isEqualTo("ls\necho ok\n");
        write("pwd\n");
        assertThat(shellGot()).isEqualTo("ls\necho ok\npwd\n");
    }

    @Test
    void aWriterOnTopSeesTheRefusalWhenItFlushes() throws IOException {
        Writer w = new OutputStreamWriter(in, StandardCharsets.UTF_8);
        w.write("rm -rf /\n");
        assertThatThrownBy(w::flush).isInstanceOf(IOException.class).hasMessageStartingWith("cmdgate: blocked");
        assertThat(shellGot()).isEmpty();
    }

    @Test
    void theLastLineWithoutNewlineIsDecidedAtClose() throws IOException {
        write("echo a\nrm -rf x");
        assertThatThrownBy(in::close).isInstanceOf(IOException.class).hasMessageStartingWith("cmdgate: blocked");
        assertThat(shellGot()).isEqualTo("echo a\n");
        ByteArrayOutputStream other = new ByteArrayOutputStream();
        GatingOutputStream ok = new GatingOutputStream(other, gate);
        ok.write("echo last".getBytes(StandardCharsets.UTF_8));
        ok.close();
        assertThat(other.toString(StandardCharsets.UTF_8)).isEqualTo("echo last");
    }

    @Test
    void textThatIsNotUtf8IsRefused() {
        assertThatThrownBy(() -> in.write(new byte[] {'l', 's', (byte) 0xff, '\n'}))
                .isInstanceOf(IOException.class).hasMessageStartingWith("cmdgate: blocked");
        assertThatThrownBy(() -> in.write(new byte[] {'l', 0, 's', '\n'})).isInstanceOf(IOException.class);
        assertThat(shellGot()).isEmpty();
        assertThat(gate.refused).hasSize(2);
    }

    @Test
    void aCommandThatNeverEndsIsRefusedPastTheLimit() throws IOException {
        write("cat <<NEVER\n");
        byte[] line = ("x".repeat(1023) + "\n").getBytes(StandardCharsets.UTF_8);
        IOException failure = null;
        for (int i = 0; i < 1100 && failure == null; i++) {
            try {
                in.write(line);
            } catch (IOException e) {
                failure = e;
            }
        }
        assertThat(failure).isNotNull().hasMessageStartingWith("cmdgate: blocked");
        assertThat(shellGot()).isEmpty();
        write("pwd\n");
        assertThat(shellGot()).isEqualTo("pwd\n");
    }

    /**
     * A here-document whose delimiter cmdgate cannot compute as bash does has no end line the framing could wait
     * for: the line opening it is decided at once, so the refusal reaches the writer then, not at close.
     */
    @ParameterizedTest
    @ValueSource(strings = {"cat <<$'E\\x4fF'\n", "cat <<E$'\\x4f'F\n", "cat <<$\"EOF\"\n", "cat <<-$'\\105OF' >x\n",
            "cat <<$'E\\x4fF'\nx\nEOF\nrm -rf victim\nE\\x4fF\n", "echo a; cat <<'E\\F' | wc\n"})
    void anUnsureDelimiterIsRefusedOnItsOwnLine(String written) throws IOException {
        GatingOutputStream session = new GatingOutputStream(shell, new SessionInput(gate, RuleSet.builtin(), false));
        assertThatThrownBy(() -> session.write(written.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class).hasMessageContaining("here-document delimiter");
        assertThat(shellGot()).isEmpty();
        // what follows is framed afresh: the shell never saw the line that opened the document
        session.write("echo x\nls\n".getBytes(StandardCharsets.UTF_8));
        assertThat(shellGot()).isEqualTo("echo x\nls\n");
        assertThat(gate.asked).endsWith("echo x", "ls");
    }

    @Test
    void anOrdinaryHereDocumentIsStillHeldForItsEnd() throws IOException {
        GatingOutputStream session = new GatingOutputStream(shell, new SessionInput(gate, RuleSet.builtin(), false));
        session.write("cat <<'EOF'\n$'x'\n".getBytes(StandardCharsets.UTF_8));
        assertThat(shellGot()).isEmpty();
        session.write("EOF\n".getBytes(StandardCharsets.UTF_8));
        assertThat(shellGot()).isEqualTo("cat <<'EOF'\n$'x'\nEOF\n");
    }
}
