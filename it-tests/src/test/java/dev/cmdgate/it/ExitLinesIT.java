package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.ExitStatuses;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every allowed process gets one {@code exit} line with the status the application saw, and watching for
 * the exits costs no thread per launch (the JDK's {@code onExit()} starts one per process on a machine with
 * two cores or fewer).
 */
class ExitLinesIT {

    private static final int LAUNCHES = 40;

    @TempDir
    Path tmp;

    @OnEachJdk
    void each_process_has_one_exit_line_with_its_status_and_no_thread_is_started_per_launch(Jdk jdk) {
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full").cmdgate("audit", audit)
                .main(ExitStatuses.class).args(List.of(String.valueOf(LAUNCHES))).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Map<Long, Integer> seen = new HashMap<>();
        for (String l : run.tagged("status")) {
            String[] f = l.split(" ");
            seen.put(Long.parseLong(f[0]), Integer.parseInt(f[1]));
        }
        assertThat(seen).as(run.describe()).hasSize(LAUNCHES);
        assertThat(seen.values()).as("true and false in turn").containsOnly(0, 1);

        Audit log = Audit.read(audit);
        List<Audit.Line> exits = log.events().stream().filter(e -> "exit".equals(e.str("event"))).toList();
        Map<Long, Integer> recorded = new HashMap<>();
        for (Audit.Line e : exits) {
            Integer before = recorded.put(((Number) e.json().get("pid")).longValue(), ((Number) e.json().get("exit")).intValue());
            assertThat(before).as("one exit line per process: " + e.raw()).isNull();
        }
        assertThat(exits).as(log.dump()).hasSize(LAUNCHES + 1);
        assertThat(recorded).as("each line has the status the application saw").containsAllEntriesOf(seen);

        int threads = Integer.parseInt(run.tagged("threads").get(0).trim());
        assertThat(threads).as("threads started during " + LAUNCHES + " launches").isLessThan(LAUNCHES / 4);
    }
}
