package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.HeapExhaustion;
import dev.cmdgate.it.apps.LeakingPrompt;
import dev.cmdgate.it.apps.OomPrompt;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults inside the gate itself, in a real JVM: a prompt handler that leaks threads and never returns,
 * a handler that throws OutOfMemoryError, and a heap really exhausted when a launch is attempted. In
 * every case the launch makes no process (its file is absent), the application goes on and can launch
 * again, and cmdgate's own threads stay bounded.
 */
class GateFaultsIT {

    /** The most handler calls PromptResolver lets run on past their timeout before it stops asking. */
    static final int MAX_HUNG_HANDLERS = 4;
    static final String PROMPT_THREADS = "cmdgate-prompt-";

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
    void a_handler_that_hangs_and_leaks_threads_is_refused_and_costs_a_bounded_number_of_cmdgate_threads(Jdk jdk) {
        int launches = 20;
        Spec spec = Spec.attempts();
        for (int i = 0; i < launches; i++) {
            spec.add("touch" + i, "touch", files.resolve("f" + i));
        }
        // the handler's own leaked threads are not daemons and would keep the JVM alive: the app exits itself
        spec.add("java-threads", PROMPT_THREADS).add("java-threads", "leaked-by-handler-").add("java-exit");

        Run run = ForkedJvm.on(jdk).in(work)
                .withAgent("autonomy=supervised,prompt=" + LeakingPrompt.class.getName() + ",prompt.timeout=1")
                .cmdgate("audit", audit).main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        for (int i = 0; i < launches; i++) {
            Blocked.assertBlocked(run.result("touch" + i));
            assertThat(files.resolve("f" + i)).doesNotExist();
        }
        long cmdgateThreads = threads(run, PROMPT_THREADS);
        long asked = run.tagged("HANDLER").size();
        assertThat(cmdgateThreads).as("cmdgate's prompt threads, each held by a handler that never returns\n"
                + run.describe()).isLessThanOrEqualTo(MAX_HUNG_HANDLERS);
        assertThat(asked).as("the handler is asked until that many calls hang, then no more\n" + run.describe())
                .isEqualTo(MAX_HUNG_HANDLERS);
        assertThat(threads(run, "leaked-by-handler-")).as("the handler's own leak is its business").isEqualTo(asked);

        Audit log = Audit.read(audit);
        assertThat(log.size()).as("every launch recorded").isEqualTo(launches);
        Audit.Line last = log.forWord(files.resolve("f" + (launches - 1)).toString());
        assertThat(last.outcome()).isEqualTo("blocked");
        assertThat(last.prompt()).as(last.raw()).containsEntry("answer", "deny");
        assertThat(String.valueOf(last.prompt().get("detail"))).as(last.raw()).contains("still running");
        assertThat(((Number) last.prompt().get("millis")).longValue()).as("denied without waiting for the timeout " + last.raw())
                .isLessThan(1_000);
    }

    @OnEachJdk
    void a_handler_that_throws_out_of_memory_is_a_refusal_and_the_app_goes_on(Jdk jdk) {
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + OomPrompt.class.getName())
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("touch", "touch", files.resolve("f"))
                        .add("after", "echo", "still here")
                        .add("touch_again", "touch", files.resolve("g"))
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Blocked.assertBlocked(run.result("touch"));
        Blocked.assertBlocked(run.result("touch_again"));
        assertThat(files.resolve("f")).doesNotExist();
        assertThat(files.resolve("g")).doesNotExist();
        assertThat(run.tagged("HANDLER")).as("asked both times\n" + run.describe()).hasSize(2);
        assertThat(run.result("after").output()).as(run.describe()).isEqualTo("still here\n");
        Audit.Line l = Audit.read(audit).forWord(files.resolve("f").toString());
        assertThat(l.prompt()).as(l.raw()).containsEntry("answer", "deny");
        assertThat(String.valueOf(l.prompt().get("detail"))).as(l.raw()).contains("OutOfMemoryError");
    }

    @OnEachJdk
    void an_exhausted_heap_never_lets_a_launch_through_and_the_app_recovers(Jdk jdk) {
        // warm: the application has launched once before, as one that runs out of memory usually has
        // Under full the touch is allowed once decided. What must never happen is a process the gate did not
        // finish deciding: the heap may give way in the gate (refused, nothing ran), or only after the JDK
        // forked (the decision was complete and recorded before the fork, so its line says allowed).
        Path target = files.resolve("oom-touch");
        Run run = heapExhaustion(jdk, "full", "warm", true);

        assertThat(run.result("warm").output()).as(run.describe()).isEqualTo("warm-up\n");
        AppResult touch = run.result("touch");
        if (Files.exists(target)) {
            assertThat(Audit.read(audit).forWord(target.toString()).outcome())
                    .as("a process ran: its decision was complete\n" + run.describe()).isEqualTo("allowed");
        } else {
            assertThat(touch.status()).as("refused, or the OutOfMemoryError reached the app before any fork\n" + run.describe())
                    .isIn("blocked", "error");
        }
        if (touch.status().equals("error")) {
            assertThat(touch.exceptionClass()).as(run.describe()).isEqualTo("java.lang.OutOfMemoryError");
        }
        assertThat(run.result("after").output()).as("the gate works again once memory is free\n" + run.describe())
                .isEqualTo("after-oom\n");
        assertThat(Audit.read(audit).forWord("after-oom").outcome()).isEqualTo("allowed");
    }

    @OnEachJdk
    void the_launcher_class_loaded_on_an_exhausted_heap_is_still_hooked(Jdk jdk) {
        // The JVM offers a class to transformers only if it can first copy its bytes into a new array: a
        // ProcessImpl first loaded with the heap exhausted would be defined without the hook, and every
        // later launch ungated (the touch under readonly would create its file). cmdgate loads and hooks
        // it right after start-up instead (LauncherHooks).
        Run run = heapExhaustion(jdk, "readonly", "load-only", false);

        assertThat(run.tagged("LOADED")).as(run.describe()).containsExactly("ok");
        Blocked.assertBlocked(run.result("touch"));
        assertThat(run.result("after").output()).as(run.describe()).isEqualTo("after-oom\n");
        assertThat(Audit.read(audit).forWord(files.resolve("oom-touch").toString()).outcome()).isEqualTo("blocked");
    }

    /**
     * Runs HeapExhaustion in 32 MB under this autonomy; the app ended normally and, unless {@code mayRun}
     * (a tier that allows the touch once decided), the touch made no file.
     */
    private Run heapExhaustion(Jdk jdk, String autonomy, String mode, boolean mayRun) {
        Path target = files.resolve("oom-touch");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=" + autonomy).cmdgate("audit", audit)
                .jvmArg("-Xmx32m").jvmArg("-XX:+UseSerialGC").main(HeapExhaustion.class, target, mode).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        if (!mayRun) {
            assertThat(target).as("no process ran\n" + run.describe()).doesNotExist();
        }
        return run;
    }

    private static long threads(Run run, String prefix) {
        return run.tagged("THREADS").stream().filter(l -> l.startsWith(prefix + " "))
                .mapToLong(l -> Long.parseLong(l.substring(prefix.length() + 1).trim())).findFirst().orElse(-1);
    }
}
