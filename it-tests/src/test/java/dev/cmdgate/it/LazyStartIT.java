package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.ApiAtStart;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.IdleThenTouch;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up pays only for reading and checking the configuration: the decision machinery (LaunchGuard, the
 * rules, the watchdog) is built on the hook thread once the JVM has run for a
 * second ({@code warmup=on}, the default), or on the first launch ({@code warmup=off}), whichever comes
 * first. A JVM that ends sooner, or never launches under {@code warmup=off}, never loads it. Seen through the
 * JVM's own class-loading log.
 */
class LazyStartIT {

    private static final String[] DECISION_MACHINERY = {"dev.cmdgate.agent.launch.LaunchGuard ",
        "dev.cmdgate.core.rules.RulesParser ", "dev.cmdgate.agent.watchdog.ProcessWatchdog "};

    @TempDir
    Path tmp;

    private String classesLoaded(Path log) throws IOException {
        return Files.readString(log);
    }

    @OnEachJdk
    void a_jvm_that_never_launches_loads_no_decision_machinery(Jdk jdk) throws IOException {
        Path log = tmp.resolve("classes.txt");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .cmdgate("warmup", "off").jvmArg("-Xlog:class+load:file=" + log).main(IdleThenTouch.class, "600", "-").run();

        assertThat(run.exit()).as(run.describe()).isZero();
        String classes = classesLoaded(log);
        assertThat(classes).as("the agent ran").contains("dev.cmdgate.agent.start.ConfigCheck ");
        assertThat(classes).doesNotContain(DECISION_MACHINERY);
        assertThat(tmp.resolve("audit.jsonl")).doesNotExist();
    }

    /**
     * No background work in a JVM that ends before the warm-up: under the default {@code warmup=on}, a JVM that
     * idles briefly and ends without launching loads no decision machinery and starts no JMX publisher.
     */
    @OnEachJdk
    void a_short_jvm_that_never_launches_starts_no_background_work(Jdk jdk) throws IOException {
        Path log = tmp.resolve("classes.txt");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .jvmArg("-Xlog:class+load:file=" + log).main(IdleThenTouch.class, "100", "-").run();

        assertThat(run.exit()).as(run.describe()).isZero();
        String classes = classesLoaded(log);
        assertThat(classes).as("the agent ran").contains("dev.cmdgate.agent.start.ConfigCheck ");
        assertThat(classes).doesNotContain(DECISION_MACHINERY);
        assertThat(classes).doesNotContain("dev.cmdgate.agent.metrics.JmxPublisher ");
        assertThat(tmp.resolve("audit.jsonl")).doesNotExist();
    }

    @OnEachJdk
    void a_jvm_that_runs_a_while_has_it_built_before_its_first_launch_which_is_still_decided(Jdk jdk) throws IOException {
        Path log = tmp.resolve("classes.txt");
        Path target = tmp.resolve("touched");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .jvmArg("-Xlog:class+load:file=" + log).main(IdleThenTouch.class, "1500", target, log, "dev.cmdgate.core.rules.RulesParser ").run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdout()).as(run.describe()).contains("refused");
        assertThat(target).doesNotExist();
        String classes = classesLoaded(log);
        int rules = classes.indexOf("dev.cmdgate.core.rules.RulesParser ");
        assertThat(rules).as("the rules were read").isPositive();
        assertThat(classes.indexOf("dev.cmdgate.it.apps.IdleThenTouch$Launching ")).as("before the launch").isGreaterThan(rules);
        List<String> audit = Files.readAllLines(tmp.resolve("audit.jsonl"));
        assertThat(audit).as("the warm-up decides and records nothing: one line, the launch's").hasSize(1);
        assertThat(audit.get(0)).contains("touch");
    }

    @OnEachJdk
    void the_first_launch_builds_it(Jdk jdk) throws IOException {
        Path log = tmp.resolve("classes.txt");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .jvmArg("-Xlog:class+load:file=" + log).main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "built").args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("built\n");
        assertThat(classesLoaded(log)).contains(DECISION_MACHINERY);
    }

    /**
     * The application API waits for the gate to be announced, not for the warm-up that follows it a second
     * later: when the first answer comes, the start-up thread is still there, waiting to warm the gate.
     */
    @OnEachJdk
    void the_application_api_does_not_wait_for_the_warm_up(Jdk jdk) {
        // the warm-up starts a second after start-up: on a busy machine the answer itself can take longer, so one
        // of three runs must show it (an API that waited for the warm-up never can)
        Run run = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=full").main(ApiAtStart.class).run();
            assertThat(run.exit()).as(run.describe()).isZero();
            assertThat(run.tagged("answer")).as(run.describe()).containsExactly("allowed");
            if (run.tagged("hook-thread").equals(List.of("alive"))) {
                return;
            }
        }
        assertThat(run.tagged("hook-thread")).as("the warm-up had not run yet\n" + run.describe()).containsExactly("alive");
    }
}
