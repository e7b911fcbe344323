package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.Hello;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up pays only for reading and checking the configuration: a JVM that never launches a process
 * never loads the decision machinery (LaunchGuard, the rules, the watchdog, the audit sink), which is
 * built on the first launch. Seen through the JVM's own class-loading log.
 */
class LazyStartIT {

    private static final String[] DECISION_MACHINERY = {"dev.cmdgate.agent.launch.LaunchGuard ",
        "dev.cmdgate.core.rules.RulesParser ", "dev.cmdgate.agent.watchdog.ProcessWatchdog ",
        "dev.cmdgate.agent.audit.AuditSink "};

    @TempDir
    Path tmp;

    private String classesLoaded(Path log) throws IOException {
        return Files.readString(log);
    }

    @OnEachJdk
    void a_jvm_that_never_launches_loads_no_decision_machinery(Jdk jdk) throws IOException {
        Path log = tmp.resolve("classes.txt");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .jvmArg("-Xlog:class+load:file=" + log).main(Hello.class).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        String classes = classesLoaded(log);
        assertThat(classes).as("the agent ran").contains("dev.cmdgate.agent.start.ConfigCheck ");
        assertThat(classes).doesNotContain(DECISION_MACHINERY);
        assertThat(tmp.resolve("audit.jsonl")).doesNotExist();
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
}
