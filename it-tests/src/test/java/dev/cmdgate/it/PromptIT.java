package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.AlwaysOnceThenDeny;
import dev.cmdgate.it.apps.AlwaysPrompt;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.ReentrantPrompt;
import dev.cmdgate.it.apps.SlowPrompt;
import dev.cmdgate.it.apps.ThrowingPrompt;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prompts under supervised: the built-in {@code allow} runs a Write, {@code deny} refuses it, and
 * {@code auto} with no terminal refuses it at once — without reading the application's own standard
 * input. A handler that times out or throws is a refusal; a launch made by a handler while it decides is
 * gated (and cannot prompt), never recursed into. "Allow always" applies to the exact launch only (argv,
 * working directory, environment changes, output redirects).
 */
class PromptIT {

    @TempDir
    Path tmp;

    private Path work;
    private Path files;
    private Path audit;

    @BeforeEach
    void dirs() {
        work = Dirs.mkdir(tmp, "work");
        files = Dirs.mkdir(tmp, "files");
        audit = tmp.resolve("audit.jsonl");
    }

    private ForkedJvm touchUnder(Jdk jdk, String prompt) {
        return ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + prompt).cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("f")).args());
    }

    @OnEachJdk
    void prompt_allow_runs_a_write(Jdk jdk) {
        Run run = touchUnder(jdk, "allow").run();

        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("ok");
        assertThat(files.resolve("f")).exists();
        Audit.Line l = Audit.read(audit).forWord(files.resolve("f").toString());
        assertThat(l.gate()).as(l.raw()).isEqualTo("prompt");
        assertThat(l.outcome()).as(l.raw()).isEqualTo("allowed");
        assertThat(l.prompt()).as(l.raw()).containsEntry("handler", "allow").containsEntry("answer", "allow");
    }

    @OnEachJdk
    void prompt_deny_refuses_a_write(Jdk jdk) {
        Run run = touchUnder(jdk, "deny").run();

        Blocked.assertBlocked(run.result("touch"));
        assertThat(files.resolve("f")).doesNotExist();
        Audit.Line l = Audit.read(audit).forWord(files.resolve("f").toString());
        assertThat(l.gate()).as(l.raw()).isEqualTo("prompt");
        assertThat(l.outcome()).as(l.raw()).isEqualTo("blocked");
        assertThat(l.prompt()).as(l.raw()).containsEntry("handler", "deny").containsEntry("answer", "deny");
        assertThat(run.result("touch").message()).as("the refusal says a prompt denied it").containsIgnoringCase("prompt");
    }

    @OnEachJdk
    void prompt_auto_without_a_terminal_refuses_at_once_and_leaves_stdin_alone(Jdk jdk) {
        // no controlling terminal (new session), stdin a pipe that stays open holding one line for the app
        Run run = ForkedJvm.on(jdk).in(work).withoutTerminal().withAgent("autonomy=supervised,prompt=auto,prompt.timeout=60")
                .cmdgate("audit", audit).stdin("canary line\n")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("f")).add("read-stdin").args())
                .run();

        Blocked.assertBlocked(run.result("touch"));
        assertThat(files.resolve("f")).doesNotExist();
        assertThat(run.tagged("STDIN")).as("the application still reads its own stdin\n" + run.describe())
                .containsExactly("canary line");
        Audit.Line l = Audit.read(audit).forWord(files.resolve("f").toString());
        assertThat(l.outcome()).as(l.raw()).isEqualTo("blocked");
        assertThat(l.prompt()).as(l.raw()).containsEntry("answer", "deny");
        assertThat(((Number) l.prompt().get("millis")).longValue()).as("refused at once, not after the timeout " + l.raw())
                .isLessThan(20_000);
    }

    @OnEachJdk
    void prompt_console_without_a_terminal_refuses_at_once_and_leaves_stdin_alone(Jdk jdk) {
        Run run = ForkedJvm.on(jdk).in(work).withoutTerminal().withAgent("autonomy=supervised,prompt=console,prompt.timeout=60")
                .cmdgate("audit", audit).stdin("canary line\n")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("f")).add("read-stdin").args())
                .run();

        Blocked.assertBlocked(run.result("touch"));
        assertThat(files.resolve("f")).doesNotExist();
        assertThat(run.tagged("STDIN")).as("the application still reads its own stdin\n" + run.describe())
                .containsExactly("canary line");
        Audit.Line l = Audit.read(audit).forWord(files.resolve("f").toString());
        assertThat(l.prompt()).as(l.raw()).containsEntry("answer", "deny");
        // one clear reason, not the JDK's exception for a missing /dev/tty
        assertThat((String) l.prompt().get("detail")).as(l.raw()).startsWith("no terminal to ask on");
        assertThat(run.stderr()).contains("no terminal to ask on").doesNotContain("FileNotFoundException");
        assertThat(((Number) l.prompt().get("millis")).longValue()).as("refused at once, not after the timeout " + l.raw())
                .isLessThan(20_000);
    }

    @OnEachJdk
    void a_handler_that_does_not_answer_in_time_is_a_refusal(Jdk jdk) {
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + SlowPrompt.class.getName()
                        + ",prompt.timeout=1").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("f")).args()).run();

        Blocked.assertBlocked(run.result("touch"));
        assertThat(run.tagged("HANDLER")).as("the handler was asked\n" + run.describe()).hasSize(1);
        assertThat(files.resolve("f")).doesNotExist();
        assertThat(run.exit()).as("the hanging handler does not keep the JVM alive\n" + run.describe()).isZero();
        Map<String, Object> p = Audit.read(audit).forWord(files.resolve("f").toString()).prompt();
        assertThat(p).containsEntry("answer", "deny");
        assertThat(((Number) p.get("millis")).longValue()).isBetween(900L, 30_000L);
    }

    @OnEachJdk
    void a_handler_that_throws_is_a_refusal(Jdk jdk) {
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + ThrowingPrompt.class.getName())
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("f")).add("after", "echo", "still here").args())
                .run();

        Blocked.assertBlocked(run.result("touch"));
        assertThat(run.tagged("HANDLER")).as("the handler was asked\n" + run.describe()).hasSize(1);
        assertThat(files.resolve("f")).doesNotExist();
        assertThat(run.result("after").output()).as("the application goes on").isEqualTo("still here\n");
        assertThat(Audit.read(audit).forWord(files.resolve("f").toString()).prompt()).containsEntry("answer", "deny");
    }

    @OnEachJdk
    void a_launch_made_by_a_handler_while_deciding_is_gated_not_recursed(Jdk jdk) {
        Path outer = files.resolve("outer");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + ReentrantPrompt.class.getName()
                        + ",prompt.timeout=20").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("outer", "touch", outer).args()).run();

        AppResult inner = run.result("inner");
        Blocked.assertBlocked(inner);
        assertThat(files.resolve("outer.inner")).as("the handler's own Write").doesNotExist();
        assertThat(run.result("outer").status()).as("the handler allowed the outer launch\n" + run.describe()).isEqualTo("ok");
        assertThat(outer).exists();
        Audit log = Audit.read(audit);
        assertThat(log.forWord(files.resolve("outer.inner").toString()).outcome()).isEqualTo("blocked");
        assertThat(log.forWord(outer.toString()).outcome()).isEqualTo("allowed");
    }

    @OnEachJdk
    void allow_always_applies_to_the_exact_command_only(Jdk jdk) {
        Path d1 = Dirs.mkdir(files, "d1");
        Path d2 = Dirs.mkdir(files, "d2");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + AlwaysPrompt.class.getName())
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("first", "touch", files.resolve("a"))
                        .add("same_again", "touch", files.resolve("a"))
                        .add("other_file", "touch", files.resolve("b"))
                        .add("other_option", "touch", "-c", files.resolve("a"))
                        .add("relative_in_d1", "@dir=" + d1, "touch", "rel")
                        .add("relative_in_d2", "@dir=" + d2, "touch", "rel")
                        .add("relative_in_d1_again", "@dir=" + d1, "touch", "rel")
                        .args())
                .run();

        for (AppResult r : run.results().values()) {
            assertThat(r.status()).as(r + "\n" + run.describe()).isEqualTo("ok");
        }
        assertThat(run.results()).hasSize(7);
        assertThat(files.resolve("a")).exists();
        assertThat(files.resolve("b")).exists();
        assertThat(d1.resolve("rel")).exists();
        assertThat(d2.resolve("rel")).exists();
        assertThat(run.tagged("HANDLER")).as("asked again for any other argv or working directory\n" + run.describe())
                .containsExactly(
                        work + " touch " + files.resolve("a"),
                        work + " touch " + files.resolve("b"),
                        work + " touch -c " + files.resolve("a"),
                        d1 + " touch rel",
                        d2 + " touch rel");
        assertThat(Audit.read(audit).size()).as("every launch is still recorded").isEqualTo(7);
    }

    /**
     * "Always" for {@code bash -c 'touch notes.txt'} does not cover the same argv with {@code BASH_ENV}
     * pointing at code, nor with its output sent to a shell start-up file: each is asked about again
     * (and refused here), so the hook never runs and the start-up file is never written.
     */
    @OnEachJdk
    void allow_always_does_not_cover_the_same_argv_with_other_environment_or_redirects(Jdk jdk) throws Exception {
        Path home = Dirs.mkdir(tmp, "home");
        Path hooked = files.resolve("hooked");
        Path hook = Files.writeString(files.resolve("hook.sh"), "touch '" + hooked + "'\n");
        Path bashrc = home.resolve(".bashrc");
        Run run = ForkedJvm.on(jdk).in(work).env("HOME", home.toString())
                .withAgent("autonomy=supervised,prompt=" + AlwaysOnceThenDeny.class.getName()).cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("first", "bash", "-c", "touch notes.txt")
                        .add("identical", "bash", "-c", "touch notes.txt")
                        .add("bash_env", "@env=BASH_ENV=" + hook, "bash", "-c", "touch notes.txt")
                        .add("to_bashrc", "@out=" + bashrc, "bash", "-c", "touch notes.txt")
                        .add("appended", "@append=" + bashrc, "bash", "-c", "touch notes.txt")
                        .args())
                .run();

        assertThat(run.result("first").status()).as(run.describe()).isEqualTo("ok");
        assertThat(run.result("identical").status()).as(run.describe()).isEqualTo("ok");
        Blocked.assertBlocked(run.result("bash_env"));
        Blocked.assertBlocked(run.result("to_bashrc"));
        Blocked.assertBlocked(run.result("appended"));
        assertThat(work.resolve("notes.txt")).exists();
        assertThat(hooked).as("the BASH_ENV hook never ran").doesNotExist();
        assertThat(bashrc).as("the start-up file was never opened").doesNotExist();
        assertThat(run.tagged("HANDLER")).as("asked again for every launch that is not identical\n" + run.describe())
                .containsExactly(
                        "bash -c touch notes.txt env={} redirects=[]",
                        "bash -c touch notes.txt env={BASH_ENV=" + hook + "} redirects=[]",
                        "bash -c touch notes.txt env={} redirects=[> " + bashrc + "]",
                        "bash -c touch notes.txt env={} redirects=[>> " + bashrc + "]");
        List<Audit.Line> lines = Audit.read(audit).lines();
        assertThat(lines).hasSize(5);
        List<String> prompts = lines.stream().map(l -> {
            Map<?, ?> p = (Map<?, ?>) l.json().get("prompt");
            return p.get("handler") + ":" + p.get("answer") + ":" + l.outcome();
        }).toList();
        assertThat(prompts).containsExactly(AlwaysOnceThenDeny.class.getName() + ":allow_always:allowed",
                "remembered:allow_always:allowed",
                AlwaysOnceThenDeny.class.getName() + ":deny:blocked",
                AlwaysOnceThenDeny.class.getName() + ":deny:blocked",
                AlwaysOnceThenDeny.class.getName() + ":deny:blocked");
    }
}
