package dev.cmdgate.agent.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class ConsoleHandlerTest {

    static final LaunchPrompt REQUEST = new LaunchPrompt(List.of("touch", "/tmp/x"), "Write", "medium",
            List.of("Write command needs approval"), List.of(), "/work", "app.Main.main(Main.java:3)",
            Map.of("tool", "shell"));

    private final StringWriter shown = new StringWriter();

    /** What was typed, then end of input (reported as available, as a closed pipe or file would be read). */
    static InputStream typed(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int available() {
                return Math.max(1, super.available());
            }
        };
    }

    Answer answer(String typed) throws Exception {
        InputStream in = typed(typed);
        return ConsoleHandler.ask(REQUEST, in, StandardCharsets.UTF_8, new PrintWriter(shown, true));
    }

    @Test
    void yesNoAlways() throws Exception {
        assertThat(answer("y\n")).isEqualTo(Answer.ALLOW);
        assertThat(answer("YES\r\n")).isEqualTo(Answer.ALLOW);
        assertThat(answer("n\n")).isEqualTo(Answer.DENY);
        assertThat(answer("\n")).isEqualTo(Answer.DENY);
        assertThat(answer("a\n")).isEqualTo(Answer.ALLOW_ALWAYS);
        assertThat(answer(" always \n")).isEqualTo(Answer.ALLOW_ALWAYS);
    }

    @Test
    void asksAgainOnNonsenseAndDeniesAfterThreeTriesOrAtEndOfInput() throws Exception {
        assertThat(answer("maybe\ny\n")).isEqualTo(Answer.ALLOW);
        assertThat(shown.toString()).contains("Please answer y, n or a.");
        assertThat(answer("x\nx\nx\ny\n")).isEqualTo(Answer.DENY);
        assertThat(answer("")).isEqualTo(Answer.DENY);
    }

    @Test
    void showsCommandClassLevelReasonsContextAndCaller() throws Exception {
        answer("n\n");
        assertThat(shown.toString())
                .contains("touch /tmp/x")
                .contains("class Write, level medium, in /work")
                .contains("- Write command needs approval")
                .contains("context: tool=shell")
                .contains("launched by app.Main.main(Main.java:3)")
                .contains("Allow? [y]es / [n]o / [a]lways");
    }

    @Test
    void controlCharactersCannotRewriteWhatTheUserSees() throws Exception {
        LaunchPrompt evil = new LaunchPrompt(List.of("rm", "-rf", "/\u001b[2K\rls"), "Destructive", "dangerous",
                List.of("r\u202eeason"), List.of(), "/w\nork", null, Map.of());
        ConsoleHandler.ask(evil, typed("n\n"),
                StandardCharsets.UTF_8, new PrintWriter(shown, true));
        String out = shown.toString();
        assertThat(out).doesNotContain("\u001b").doesNotContain("\r").doesNotContain("\u202e").doesNotContain("/w\nork");
        assertThat(out).contains("\\x1b[2K\\x0dls").contains("\\u202e").contains("/w\\x0aork");
    }

    @Test
    void aHiddenCommandAfterAZeroWidthSpaceOrALongRunOfSpacesIsShown() throws Exception {
        String tail = "; touch pwned";
        LaunchPrompt zwsp = new LaunchPrompt(List.of("bash", "-c", "echo hi \u200b#" + tail), "Write", "medium",
                List.of(), List.of(), "/w", null, Map.of());
        ConsoleHandler.ask(zwsp, typed("n\n"), StandardCharsets.UTF_8, new PrintWriter(shown, true));
        assertThat(shown.toString()).contains("bash -c 'echo hi \\u200b#; touch pwned'").doesNotContain("\u200b")
                .contains("written as escapes");

        String spaces = "echo hi" + " ".repeat(400) + tail;
        LaunchPrompt pushed = new LaunchPrompt(List.of("bash", "-c", spaces), "Write", "medium", List.of(), List.of(),
                "/w", null, Map.of());
        StringWriter screen = new StringWriter();
        ConsoleHandler.ask(pushed, typed("n\n"), StandardCharsets.UTF_8, new PrintWriter(screen, true));
        assertThat(screen.toString()).contains("bash -c 'echo hi\u27e8400 spaces\u27e9; touch pwned'")
                .doesNotContain("…");
    }

    @Test
    void theEnvironmentChangesAndRedirectsAreShown() throws Exception {
        LaunchPrompt r = new LaunchPrompt(List.of("bash", "-c", "touch notes.txt"), "Write", "high", List.of(), List.of(),
                "/w", null, Map.of(), Map.of("BASH_ENV", "/tmp/hook.sh", "A", "x y"), List.of(">> /home/u/.bashrc"), null);
        ConsoleHandler.ask(r, typed("n\n"), StandardCharsets.UTF_8, new PrintWriter(shown, true));
        assertThat(shown.toString()).contains("  with environment 'A=x y'\n", "  with environment BASH_ENV=/tmp/hook.sh\n",
                "  output >> /home/u/.bashrc\n").doesNotContain("written as escapes");
    }

    @Test
    void aWaitingQuestionEndsWhenItsThreadIsInterrupted() throws Exception {
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keyboard);   // nothing is ever typed
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread asker = new Thread(() -> {
            try {
                ConsoleHandler.ask(REQUEST, in, StandardCharsets.UTF_8, new PrintWriter(shown, true));
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        asker.start();
        Thread.sleep(200);
        asker.interrupt();
        asker.join(2_000);
        assertThat(asker.isAlive()).isFalse();
        assertThat(ended.get()).isInstanceOf(InterruptedException.class);
        assertThat(shown.toString()).contains("no answer in time: denied");
    }

    @Test
    void readLineTakesOnlyWhatIsThere() throws Exception {
        InputStream in = typed("héllo\r\nrest");
        assertThat(ConsoleHandler.readLine(in, StandardCharsets.UTF_8)).isEqualTo("héllo");
    }
}
