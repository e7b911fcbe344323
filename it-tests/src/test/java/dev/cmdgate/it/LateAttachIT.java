package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.tools.attach.AgentInitializationException;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Attach;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The late-attach path ({@code Premain.agentmain}, {@code LauncherHooks.hookLoaded}): an application
 * started without the agent launches processes — so the JDK's launcher classes ({@code ProcessBuilder},
 * {@code ProcessImpl}) are loaded and used — then waits; the test attaches cmdgate to it with the JDK's
 * Attach API and lets it go on. The launcher classes loaded before the attach must be retransformed at
 * once, before {@code loadAgent} returns: the next {@code touch} is refused and makes no file. A bad
 * configuration fails the attach and leaves the application running ungated, as it was; a second attach
 * cannot replace the gate (once cmdgate gates a JVM, no agent is loaded into it).
 *
 * <p>On JDK 21 and later the application runs with {@code -XX:+EnableDynamicAgentLoading}, as an
 * application meant to be attached to should: otherwise the JVM prints a four-line {@code WARNING: A Java
 * agent has been loaded dynamically …} on its stderr at each attach (it changes nothing else).
 */
class LateAttachIT {

    /** Generous bounds for a loaded machine; a normal case takes 1 to 3 s in all. */
    static final Duration START = Duration.ofSeconds(15);
    static final Duration ATTACH = Duration.ofSeconds(15);
    static final Duration WHOLE = Duration.ofSeconds(30);

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

    @OnEachJdk
    void a_late_attach_hooks_the_launcher_the_application_has_already_used(Jdk jdk) {
        Path before = files.resolve("before-attach");
        Path victimPb = files.resolve("victim-pb");
        Path victimExec = files.resolve("victim-exec");
        Spec spec = Spec.attempts()
                .add("echo_before", "echo", "before")
                .add("touch_before", "touch", before)
                .add("await", "attached")
                .add("touch_pb", "touch", victimPb)
                .add("touch_exec", "@exec", "touch", victimExec)
                .add("echo_after", "echo", "after");

        Run run;
        Exception attach;
        try (ForkedJvm.Running app = app(jdk, spec).start()) {
            app.awaitLine("AWAIT attached", START);
            assertThat(before).as("no agent yet: the touch ran, through the launcher classes now loaded\n"
                    + app.snapshot().describe()).exists();

            attach = Attach.loadAgent(app.pid(), "autonomy=readonly,audit=" + audit, ATTACH);

            app.send("go\n");
            run = app.finish();
        }

        assertThat(attach).as("the attach succeeds\n" + run.describe()).isNull();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("GO attached go", "DONE");
        assertThat(run.result("echo_before").output()).as(run.describe()).isEqualTo("before\n");
        assertThat(run.result("touch_before").ok()).as(run.describe()).isTrue();

        assertThat(victimPb).as("ProcessBuilder.start after the attach made no process\n" + run.describe()).doesNotExist();
        assertThat(victimExec).as("Runtime.exec after the attach made no process\n" + run.describe()).doesNotExist();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        Blocked.check(soft, run.result("touch_pb"), "touch " + victimPb, log.forWord(victimPb.toString()));
        Blocked.check(soft, run.result("touch_exec"), "touch " + victimExec, log.forWord(victimExec.toString()));
        soft.assertThat(run.result("echo_after").output()).as("a Read command still runs\n" + run.describe())
                .isEqualTo("after\n");
        soft.assertThat(log.forWord("after").outcome()).isEqualTo("allowed");
        soft.assertThat(log.size()).as("one line per launch after the attach, none for those before it\n" + log.dump())
                .isEqualTo(3);
        // hookLoaded retransforms both classes before loadAgent returns; had it not, the cmdgate-hook thread
        // would find them unhooked and say so ("… was loaded without its hook (out of memory?)")
        soft.assertThat(run.stderrLines()).as("one line per refusal and nothing else\n" + run.describe())
                .hasSize(2).allMatch(l -> l.startsWith("cmdgate: blocked touch "));
        soft.assertAll();
    }

    @OnEachJdk
    void a_late_attach_with_a_bad_configuration_fails_and_leaves_the_application_running_as_it_was(Jdk jdk) {
        Path ungated = files.resolve("after-bad-attach");
        Path victim = files.resolve("victim");
        Spec spec = Spec.attempts()
                .add("echo_before", "echo", "before")
                .add("await", "bad")
                .add("touch_after_bad", "touch", ungated)
                .add("await", "good")
                .add("touch_after_good", "touch", victim)
                .add("echo_after", "echo", "after");

        Run run;
        Exception bad;
        Exception good;
        boolean aliveAfterBad;
        try (ForkedJvm.Running app = app(jdk, spec).start()) {
            app.awaitLine("AWAIT bad", START);

            bad = Attach.loadAgent(app.pid(), "autonomy=bogus,audit=" + audit, ATTACH);
            aliveAfterBad = app.alive();

            app.send("go\n");
            app.awaitLine("AWAIT good", START);
            // nothing of the failed attach is left behind that would stop a correct one
            good = Attach.loadAgent(app.pid(), "autonomy=readonly,audit=" + audit, ATTACH);

            app.send("go\n");
            run = app.finish();
        }

        assertThat(bad).as("agentmain threw, so the attach fails\n" + run.describe())
                .isInstanceOf(AgentInitializationException.class);
        assertThat(aliveAfterBad).as("the failed attach did not stop the application\n" + run.describe()).isTrue();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("GO bad go", "GO good go", "DONE");
        // the reason reaches only the application's stderr, inside the stack trace the JDK prints for an
        // agentmain that threw (the attaching tool gets "Agent JAR loaded but agent failed to initialize")
        assertThat(run.stderr()).as(run.describe())
                .contains("cmdgate: configuration error: bad value for cmdgate.autonomy: unknown autonomy 'bogus'");

        assertThat(run.result("touch_after_bad").ok()).as("no gate after a failed attach\n" + run.describe()).isTrue();
        assertThat(ungated).exists();

        assertThat(good).as("a later attach with a good configuration succeeds\n" + run.describe()).isNull();
        assertThat(victim).as("gated after the good attach\n" + run.describe()).doesNotExist();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        Blocked.check(soft, run.result("touch_after_good"), "touch " + victim, log.forWord(victim.toString()));
        soft.assertThat(run.result("echo_after").output()).as(run.describe()).isEqualTo("after\n");
        soft.assertThat(log.size()).as("only the launches after the good attach are audited\n" + log.dump()).isEqualTo(2);
        soft.assertAll();
    }

    @OnEachJdk
    void a_second_attach_cannot_replace_the_gate(Jdk jdk) {
        Path victim = files.resolve("victim");
        Path looser = tmp.resolve("looser-audit.jsonl");
        Spec spec = Spec.attempts()
                .add("echo_before", "echo", "before")
                .add("await", "attached")
                .add("touch", "touch", victim);

        Run run;
        Exception first;
        Exception second;
        try (ForkedJvm.Running app = app(jdk, spec).start()) {
            app.awaitLine("AWAIT attached", START);

            first = Attach.loadAgent(app.pid(), "autonomy=readonly,audit=" + audit, ATTACH);
            second = Attach.loadAgent(app.pid(), "autonomy=full,audit=" + looser, ATTACH);

            app.send("go\n");
            run = app.finish();
        }

        assertThat(first).as(run.describe()).isNull();
        assertThat(second).as("the gate is installed once; the second attach fails\n" + run.describe())
                .isInstanceOf(AgentInitializationException.class);
        assertThat(run.stderr()).as(run.describe()).contains("cmdgate: refused to load the agent dev.cmdgate.b");
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(victim).as(run.describe()).doesNotExist();
        Blocked.assertBlocked(run.result("touch"));
        assertThat(run.result("touch").message()).as("still the first configuration").contains("readonly");
        assertThat(Audit.read(audit).forWord(victim.toString()).outcome()).isEqualTo("blocked");
        assertThat(looser).as("the second configuration was never used").doesNotExist();
    }

    /** The Commands app on this JDK, without the agent, ready to be attached to. */
    private ForkedJvm app(Jdk jdk, Spec spec) {
        ForkedJvm jvm = ForkedJvm.on(jdk).in(work).main(Commands.class).args(spec.args()).timeout(WHOLE);
        if (jdk.feature() >= 21) {
            jvm.jvmArg("-XX:+EnableDynamicAgentLoading");
        }
        return jvm;
    }
}
