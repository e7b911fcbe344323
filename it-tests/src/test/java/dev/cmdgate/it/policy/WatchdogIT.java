package dev.cmdgate.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;

/**
 * The passport's {@code max_execution_time} (2 s here) stops everything of a launch at its deadline.
 * Each launch would {@code touch} its own marker 4 s after it started, from a process that tries to get
 * away: a background subshell whose parent exits at once, a double fork, {@code nohup … &},
 * {@code setsid -f}, a child that cleared its environment, a pipeline stage's background job, a chain of
 * processes each of which forks the next and exits (faster than one sweep of /proc), and a shell whose
 * next command would run as soon as its child is killed. The JVM stays alive past every marker's time; no marker may exist afterwards, and
 * each kill is audited. A second JVM exits right after {@code waitFor()} returns: its kill is audited all
 * the same, and the orphan it left is still killed.
 */
class WatchdogIT {

    @TempDir
    Path tmp;

    private Path passport() throws Exception {
        Path p = tmp.resolve("passport.json");
        Files.writeString(p, """
                {"passport_id":"pp-watchdog","owner_id":"it","assurance_level":"L1","status":"active",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["*"],"blocked_patterns":[],
                   "max_execution_time":2,"allowed_working_directories":["%s"],"blocked_env_vars":[]}}}
                """.formatted(tmp.toRealPath()));
        return p;
    }

    private ForkedJvm jvm(Jdk jdk, Path audit) throws Exception {
        return ForkedJvm.on(jdk).in(tmp.toRealPath()).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent("autonomy=full,prompt=allow").cmdgate("policy", passport()).cmdgate("audit", audit)
                .main(Commands.class);
    }

    @OnEachJdk
    void nothing_of_a_launch_keeps_running_after_its_deadline(Jdk jdk) throws Exception {
        Map<String, Path> markers = new LinkedHashMap<>();
        for (String name : List.of("background", "double_fork", "nohup", "setsid", "sequential", "env_cleared",
                "pipeline", "hopper")) {
            markers.put(name, tmp.resolve("marker-" + name));
        }
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts()
                .add("background", "sh", "-c", "(sleep 4; touch " + markers.get("background") + ") &")
                .add("double_fork", "sh", "-c", "sh -c '(sleep 4; touch " + markers.get("double_fork") + ") &' &")
                .add("nohup", "sh", "-c", "nohup sh -c 'sleep 4; touch " + markers.get("nohup") + "' >/dev/null 2>&1 &")
                .add("setsid", "sh", "-c", "setsid -f sh -c 'sleep 4; touch " + markers.get("setsid") + "' >/dev/null 2>&1")
                .add("sequential", "sh", "-c", "sleep 4; touch " + markers.get("sequential"))
                .add("env_cleared", "sh", "-c", "env -i /bin/sh -c 'sleep 4; touch " + markers.get("env_cleared") + "'")
                // a startPipeline whose stages both end at once, leaving a background job behind
                .add("pipeline", "sh", "-c", "(sleep 4; touch " + markers.get("pipeline") + ") >/dev/null 2>&1 &", "|", "cat")
                // each process forks the next and exits at once; the chain ends by itself 4 to 5 s after it began
                .add("hopper", "bash", "-c", "end=$((EPOCHSECONDS+5)); hop() { if ((EPOCHSECONDS >= end)); then touch "
                        + markers.get("hopper") + "; else hop & fi; }; hop")
                // past every marker's time (the last launch started at most a few seconds ago)
                .add("java-sleep", "7000");
        Run run = jvm(jdk, audit).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        for (Map.Entry<String, Path> m : markers.entrySet()) {
            assertThat(m.getValue()).as(m.getKey() + " ran after the deadline\n" + run.describe()).doesNotExist();
        }
        Audit log = Audit.read(audit);
        for (String name : markers.keySet()) {
            Audit.Line decision = log.only(l -> !l.json().containsKey("event")
                    && String.join(" ", l.argv()).contains(markers.get(name).toString()), "the " + name + " decision");
            List<Audit.Line> kills = log.events().stream().filter(l -> "watchdog_kill".equals(l.json().get("event"))
                    && decision.id().equals(l.json().get("decision_id"))).toList();
            assertThat(kills).as(name + " killed at its deadline and audited\n" + log.dump()).hasSize(1);
        }
        assertThat(log.events().stream().filter(l -> "watchdog_sweep".equals(l.json().get("event")))
                .filter(l -> !((List<?>) l.json().get("survivors")).isEmpty()).toList())
                .as("nothing survived a sweep\n" + log.dump()).isEmpty();
    }

    @OnEachJdk
    void an_application_that_exits_right_after_waitFor_still_gets_the_kill_audited_and_the_orphan_killed(Jdk jdk)
            throws Exception {
        Path orphan = tmp.resolve("marker-orphan");
        Path audit = tmp.resolve("audit.jsonl");
        long started = System.nanoTime();
        Run run = jvm(jdk, audit).args(Spec.attempts()
                        .add("exits", "sh", "-c", "(sleep 4; touch " + orphan + ") >/dev/null 2>&1 & sleep 30; true")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("exits").detail()).as("killed by SIGKILL\n" + run.describe()).contains("exit=137");
        Audit log = Audit.read(audit);
        List<Audit.Line> kills = log.events().stream().filter(l -> "watchdog_kill".equals(l.json().get("event"))).toList();
        assertThat(kills).as("the kill is in the file although the JVM exited as soon as it saw the end\n" + log.dump())
                .hasSize(1);
        assertThat(kills.get(0).json().get("decision_id")).isEqualTo(log.only(l -> !l.json().containsKey("event"),
                "the decision").id());
        // wait past the orphan's time: it must have been killed before the JVM was gone
        while (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(7)) {
            Thread.sleep(100);
        }
        assertThat(orphan).as("the orphan was killed before the JVM exited").doesNotExist();
    }
}
