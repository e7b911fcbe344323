package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Concurrent;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * 16 threads released together make 20 launches each (every fifth a refused {@code touch}, the rest
 * {@code echo}): every launch gets exactly one well-formed audit line with a unique decision id and the
 * right outcome, every refusal exactly one whole stderr line, every echo its own output back.
 */
class ConcurrencyIT {

    private static final int THREADS = 16;
    private static final int PER = 20;

    @TempDir
    Path tmp;

    @OnEachJdk
    void concurrent_launches_get_one_audit_line_each(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Concurrent.class, files, THREADS, PER).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Map<String, AppResult> results = run.results();
        assertThat(results).hasSize(THREADS * PER);

        SoftAssertions soft = new SoftAssertions();
        Map<String, String> expectedOutcome = new HashMap<>();
        int blocked = 0;
        for (int i = 0; i < THREADS; i++) {
            for (int j = 0; j < PER; j++) {
                String name = "t" + i + "-" + j;
                AppResult r = results.get(name);
                if (j % 5 == 4) {
                    blocked++;
                    String target = files.resolve(name).toString();
                    expectedOutcome.put(target, "blocked");
                    soft.assertThat(r.status()).as(r.toString()).isEqualTo("blocked");
                    soft.assertThat(files.resolve(name)).doesNotExist();
                } else {
                    expectedOutcome.put("c" + i + "-" + j, "allowed");
                    soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
                    soft.assertThat(r.output()).as(r.toString()).isEqualTo("c" + i + "-" + j + "\n");
                }
            }
        }

        Audit log = Audit.read(audit);
        soft.assertThat(log.size()).as("one audit line per launch").isEqualTo(THREADS * PER);
        Set<String> ids = new HashSet<>();
        Map<String, String> seenOutcome = new HashMap<>();
        for (Audit.Line l : log.lines()) {
            soft.assertThat(ids.add(l.id())).as("decision_id unique: " + l.id()).isTrue();
            List<String> argv = l.argv();
            String key = argv.get(argv.size() - 1);
            soft.assertThat(seenOutcome.put(key, l.outcome())).as("one line for " + key).isNull();
        }
        soft.assertThat(seenOutcome).as("each launch recorded with its outcome").isEqualTo(expectedOutcome);

        List<String> err = run.stderrLines();
        soft.assertThat(err).as("stderr: one whole line per refusal").hasSize(blocked)
                .allMatch(l -> l.startsWith("cmdgate: blocked touch "));
        soft.assertAll();
    }

    @OnEachJdk
    void concurrent_launches_that_prompt_are_each_decided_and_recorded_once(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        // the touches now go through the prompt (answered allow) from 8 threads at once
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=allow").cmdgate("audit", audit)
                .main(Concurrent.class, files, 8, 10).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Map<String, AppResult> results = run.results();
        assertThat(results).hasSize(80);
        SoftAssertions soft = new SoftAssertions();
        int touches = 0;
        for (AppResult r : results.values()) {
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        }
        for (int i = 0; i < 8; i++) {
            for (int j = 4; j < 10; j += 5) {
                touches++;
                soft.assertThat(files.resolve("t" + i + "-" + j)).exists();
            }
        }
        Audit log = Audit.read(audit);
        soft.assertThat(log.size()).isEqualTo(80);
        soft.assertThat(log.lines().stream().filter(l -> l.prompt() != null).count()).as("one prompt per touch").isEqualTo(touches);
        soft.assertThat(log.lines().stream().map(Audit.Line::id).distinct().count()).isEqualTo(80);
        soft.assertAll();
    }

    @OnEachJdk
    void several_jvms_share_one_audit_file_without_losing_or_mixing_lines(Jdk jdk) throws Exception {
        Path audit = tmp.resolve("shared-audit.jsonl");
        List<CompletableFuture<Run>> runs = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            Path files = Dirs.mkdir(tmp, "files" + n);
            dirs.add(files);
            runs.add(CompletableFuture.supplyAsync(() -> ForkedJvm.on(jdk).in(files).withAgent("autonomy=readonly")
                    .cmdgate("audit", audit).main(Concurrent.class, files, 4, 20).run()));
        }
        for (CompletableFuture<Run> f : runs) {
            Run run = f.get();
            assertThat(run.exit()).as(run.describe()).isZero();
            assertThat(run.results()).as(run.describe()).hasSize(80);
        }

        Audit log = Audit.read(audit);
        assertThat(log.size()).as("3 JVMs x 80 launches, every line whole").isEqualTo(240);
        assertThat(log.lines().stream().map(Audit.Line::id).distinct().count()).isEqualTo(240);
        for (Path files : dirs) {
            long blockedHere = log.lines().stream()
                    .filter(l -> l.argv().size() == 2 && l.argv().get(1).startsWith(files + "/")).count();
            assertThat(blockedHere).as("the refused touches of the JVM working in " + files).isEqualTo(16);
        }
    }
}
