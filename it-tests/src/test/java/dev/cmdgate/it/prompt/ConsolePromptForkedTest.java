package dev.cmdgate.it.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.it.promptapps.LaunchEach;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The built-in console handler on a real pseudo-terminal ({@code script} or tmux): a person answers
 * y / n / a. Skipped, saying why, when neither tool is installed.
 */
@Timeout(240)
class ConsolePromptForkedTest {

    private static final String QUESTION = "Allow? [y]es / [n]o / [a]lways";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private String tool;
    private Path audit;

    @BeforeEach
    void needsAPseudoTerminal() {
        tool = Terminal.tool();
        assumeTrue(tool != null, "neither script (util-linux) nor tmux is installed: the console prompt tests need a pseudo-terminal");
        audit = tmp.resolve("audit.jsonl");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void consoleAsksOnTheTerminalAndTakesYesNoAlways(Path jdk) throws Exception {
        List<String> java = Fork.on(jdk).in(tmp).cmdgate("autonomy", "supervised").cmdgate("prompt", "console")
                .cmdgate("audit", audit)
                .main(LaunchEach.class, "y:touch|yes-file", "n:touch|no-file", "a1:touch|always-file",
                        "a2:touch|always-file", "e:echo|finished")
                .command();
        try (Terminal t = Terminal.start(tool, Terminal.quote(java), tmp)) {
            String first = t.await(s -> Terminal.count(s, QUESTION) == 1, WAIT, "the first question");
            assertThat(first).contains("touch yes-file").contains("class ").contains(", level ")
                    .contains("needs approval under autonomy=supervised");
            t.type("y");
            t.await(s -> Terminal.count(s, QUESTION) == 2, WAIT, "the second question");
            t.type("n");
            t.await(s -> Terminal.count(s, QUESTION) == 3, WAIT, "the third question");
            t.type("a");
            assertThat(t.awaitExit(WAIT)).as(t.screen()).isZero();
            String screen = t.screen();
            assertThat(Terminal.count(screen, QUESTION)).as("'always' was remembered: no fourth question\n" + screen)
                    .isEqualTo(3);
            assertThat(screen).contains("RESULT y ok").contains("RESULT n blocked").contains("RESULT a1 ok")
                    .contains("RESULT a2 ok").contains("RESULT e ok");
        }
        assertThat(tmp.resolve("yes-file")).exists();
        assertThat(tmp.resolve("no-file")).doesNotExist();
        assertThat(tmp.resolve("always-file")).exists();
        List<String> answers = new ArrayList<>();
        for (Map<String, Object> line : Fork.audit(audit)) {
            if (line.get("prompt") instanceof Map<?, ?> p) {
                answers.add(p.get("handler") + ":" + p.get("answer"));
            }
        }
        assertThat(answers).containsExactly("console:allow", "console:deny", "console:allow_always",
                "remembered:allow_always");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void autoAsksOnDevTtyAndNeverReadsTheApplicationsStdin(Path jdk) throws Exception {
        // the application's stdin is a file full of "y": cmdgate must ask the terminal, not read it
        Path stdin = Files.writeString(tmp.resolve("stdin.txt"), "y\ny\ny\n");
        List<String> java = Fork.on(jdk).in(tmp).cmdgate("autonomy", "supervised").cmdgate("prompt", "auto")
                .prop("promptapps.readStdin", true).main(LaunchEach.class, "t:touch|tty-file").command();
        try (Terminal t = Terminal.start(tool, Terminal.quote(java) + " < " + Terminal.quote(List.of(stdin.toString())), tmp)) {
            t.await(s -> s.contains(QUESTION), WAIT, "the question on /dev/tty");
            t.type("n");
            assertThat(t.awaitExit(WAIT)).as(t.screen()).isZero();
            String screen = t.screen();
            assertThat(screen).contains("RESULT t blocked").contains("STDIN y y y");
        }
        assertThat(tmp.resolve("tty-file")).doesNotExist();
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void oneQuestionAtATimeWhileReadLaunchesGoOn(Path jdk) throws Exception {
        List<String> java = Fork.on(jdk).in(tmp).cmdgate("autonomy", "supervised").cmdgate("prompt", "console")
                .prop("promptapps.parallel", true)
                .main(LaunchEach.class, "w1:touch|first", "w2:touch|second", "r:echo|read-goes-on").command();
        try (Terminal t = Terminal.start(tool, Terminal.quote(java), tmp)) {
            t.await(s -> s.contains(QUESTION), WAIT, "the first question");
            String meanwhile = t.await(s -> s.contains("RESULT r ok"), WAIT, "the Read launch while a question waits");
            Thread.sleep(1_000);
            assertThat(Terminal.count(t.screen(), QUESTION)).as("the second question waits its turn\n" + meanwhile)
                    .isEqualTo(1);
            t.type("y");
            t.await(s -> Terminal.count(s, QUESTION) == 2, WAIT, "the second question, after the first was answered");
            t.type("n");
            assertThat(t.awaitExit(WAIT)).as(t.screen()).isZero();
            String screen = t.screen();
            assertThat(Terminal.count(screen, "RESULT w")).isEqualTo(2);
            assertThat(screen).contains(" ok ").contains(" blocked ");
        }
        assertThat(Files.exists(tmp.resolve("first")) ^ Files.exists(tmp.resolve("second")))
                .as("exactly one of the two was allowed").isTrue();
    }

    /**
     * What the screen shows is what the shell would run: a zero-width space before {@code #} (bash runs
     * what follows, it is no comment) is shown as {@code \u200b}, and a tail pushed behind 312 spaces is
     * shown, the spaces folded visibly. The argv reach the application through files, never through a
     * shell line; both are answered {@code n} and their markers must not exist.
     */
    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void theScreenShowsInvisibleCharactersAndTheWholeCommand(Path jdk) throws Exception {
        Path zwspMarker = tmp.resolve("pwned-zwsp");
        Path tailMarker = tmp.resolve("pwned-tail");
        Path zwsp = Files.writeString(tmp.resolve("zwsp.argv"),
                String.join("\0", "bash", "-c", "echo hi \u200b# ; touch " + zwspMarker));
        Path spaces = Files.writeString(tmp.resolve("spaces.argv"),
                String.join("\0", "bash", "-c", "echo hi" + " ".repeat(312) + "; touch " + tailMarker));
        List<String> java = Fork.on(jdk).in(tmp).cmdgate("autonomy", "supervised").cmdgate("prompt", "console")
                .cmdgate("audit", audit).main(LaunchEach.class, "zwsp:@" + zwsp, "tail:@" + spaces).command();
        try (Terminal t = Terminal.start(tool, Terminal.quote(java), tmp)) {
            String first = t.await(s -> Terminal.count(s, QUESTION) == 1, WAIT, "the first question");
            assertThat(first).as("the zero-width space is shown as an escape")
                    .contains("bash -c 'echo hi \\u200b# ; touch " + zwspMarker + "'")
                    .contains("written as escapes").doesNotContain("\u200b");
            t.type("n");
            String second = t.await(s -> Terminal.count(s, QUESTION) == 2, WAIT, "the second question");
            assertThat(second).as("the tail behind 312 spaces is on the screen, the spaces folded")
                    .contains("bash -c 'echo hi\u27e8312 spaces\u27e9; touch " + tailMarker + "'")
                    .doesNotContain(" ".repeat(20)).doesNotContain("\u2026");
            t.type("n");
            assertThat(t.awaitExit(WAIT)).as(t.screen()).isZero();
            assertThat(t.screen()).contains("RESULT zwsp blocked").contains("RESULT tail blocked");
        }
        assertThat(zwspMarker).doesNotExist();
        assertThat(tailMarker).doesNotExist();
        assertThat(Fork.audit(audit)).hasSize(2).allSatisfy(l -> assertThat(l.get("outcome")).isEqualTo("blocked"));
    }
}
