package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Load;
import dev.cmdgate.it.apps.Load.Kind;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load: 32 threads released together make 10,000 launches through the gate with auditing on
 * (after a warm-up of 512), under autonomy=readonly, and again under supervised with every refusal going
 * through the prompt (prompt=deny, answered on cmdgate's prompt threads). Mostly {@code true}, some
 * {@code echo} whose output is checked, {@code Runtime.exec}, allowed and refused {@code startPipeline}
 * pipelines and refused {@code touch}es (see {@link Load#kind}). Checked:
 * <ul>
 * <li>no deadlock: the app finishes (its own watchdog prints a thread dump and exits 3 when no launch has
 *     finished for a minute);</li>
 * <li>every launch ran or was refused as expected, echo output came back intact, no refused file exists;</li>
 * <li>the audit file has exactly one whole, strictly parsed JSON line per decision (a pipeline is one
 * decision), unique decision ids, outcome counts equal to what the app did, each echo word and each
 * touch target in exactly one line, a prompt record on exactly the refusals when prompted; stderr has one
 * whole {@code cmdgate: blocked} line per refusal;</li>
 * <li>no growth between the end of the warm-up and the end of the 10,000: threads other than the JDK's
 * cached "process reaper" threads and cmdgate's (none under readonly; its cached prompt pool at most one
 * per launching thread), heap used after collections (&lt; 8 MiB), classes ever loaded (&lt; 200: nothing
 * is spun per launch) and open file descriptors.</li>
 * </ul>
 * The figures are printed ({@code LOAD JDK n: …}) so they can be quoted; there is no speed assertion.
 */
class LoadIT {

    private static final int THREADS = 32;
    private static final int TOTAL = 10_000;
    private static final int WARMUP = 512;
    /** No launch finished for this long: a deadlock (the app dumps its threads and exits 3). */
    private static final int WATCHDOG_SECONDS = 60;
    /** The whole run, on a machine as busy as CI's can be (about 240 s with 20 processes on 2 cores). */
    private static final int RUN_SECONDS = 1200;
    private static final long MIB = 1024 * 1024;

    @TempDir
    Path tmp;

    @OnEachJdk
    void ten_thousand_launches_from_32_threads_lose_nothing_and_leak_nothing(Jdk jdk) {
        load(jdk, "readonly", false);
    }

    /** The same with every refusal going through the prompt (answered deny on cmdgate's prompt threads). */
    @OnEachJdk
    void ten_thousand_launches_with_prompts_answered_deny(Jdk jdk) {
        load(jdk, "supervised", true);
    }

    private void load(Jdk jdk, String autonomy, boolean prompted) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=" + autonomy + (prompted ? ",prompt=deny" : ""))
                .cmdgate("audit", audit)
                .jvmArg("-Xmx256m")
                .timeout(Duration.ofSeconds(RUN_SECONDS))
                .main(Load.class, files, THREADS, TOTAL, WARMUP, WATCHDOG_SECONDS).run();

        assertThat(run.stdoutLines()).as("no WATCHDOG thread dump: the app finished in time\n" + run.describe())
                .noneMatch(l -> l.startsWith("WATCHDOG"));
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");

        Map<String, Long> metric = numbers(run.tagged("METRIC"));
        Map<String, Long> count = numbers(run.tagged("COUNT"));
        System.out.println(summary(jdk + " autonomy=" + autonomy + (prompted ? ",prompt=deny" : ""), metric, run));

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(run.tagged("ERROR")).as("unexpected launch results").isEmpty();
        soft.assertThat(metric.get("errors")).as("unexpected launch results").isZero();
        soft.assertThat(metric.get("after.deadlocked_threads")).as("deadlocked threads at the end").isZero();

        // what the app must have done, derived from the kind of each launch number
        Map<Kind, Integer> expected = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            expected.put(k, 0);
        }
        for (int total : new int[] {WARMUP, TOTAL}) {
            for (int i = 0; i < THREADS; i++) {
                for (int j = 0; j < Load.share(total, THREADS, i); j++) {
                    expected.merge(Load.kind(j), 1, Integer::sum);
                }
            }
        }
        int allowed = 0;
        int blocked = 0;
        for (Kind k : Kind.values()) {
            int n = expected.get(k);
            assertThat(n).as("the mix has some " + k).isPositive();
            long ok = count.get("warmup." + k + ".ok") + count.get("main." + k + ".ok");
            long refused = count.get("warmup." + k + ".blocked") + count.get("main." + k + ".blocked");
            soft.assertThat(ok).as(k + " ran").isEqualTo(k.blocked ? 0 : n);
            soft.assertThat(refused).as(k + " refused").isEqualTo(k.blocked ? n : 0);
            if (k.blocked) {
                blocked += n;
            } else {
                allowed += n;
            }
        }
        soft.assertThat(allowed + blocked).as("launch decisions").isEqualTo(WARMUP + TOTAL);

        // the audit file: Audit.read parses every line strictly and fails on a partial last line
        Audit log = Audit.read(audit);
        soft.assertThat(log.size()).as("one audit line per launch decision (a pipeline is one)").isEqualTo(WARMUP + TOTAL);
        Set<String> ids = new HashSet<>();
        Map<String, Integer> outcomes = new HashMap<>();
        Map<String, Integer> shapes = new HashMap<>();
        Set<String> words = new HashSet<>();
        List<String> wrong = new ArrayList<>();
        for (Audit.Line l : log.lines()) {
            if (!l.raw().startsWith("{\"") || !l.raw().endsWith("}")) {
                wrong.add("not one whole object: " + l.raw());
            }
            if (!ids.add(l.id())) {
                wrong.add("duplicate decision_id " + l.id());
            }
            if (!("autonomy=" + autonomy).equals(l.str("scheme")) || !"enforce".equals(l.str("mode"))) {
                wrong.add("scheme/mode: " + l.raw());
            }
            Map<String, Object> prompt = l.prompt();
            boolean askedAndDenied = prompt != null && "deny".equals(prompt.get("answer")) && "deny".equals(prompt.get("handler"));
            if ("blocked".equals(l.outcome()) && prompted != askedAndDenied || "allowed".equals(l.outcome()) && prompt != null) {
                wrong.add("prompt record: " + l.raw());
            }
            outcomes.merge(l.outcome(), 1, Integer::sum);
            List<String> argv = l.argv();
            String shape = shape(argv);
            shapes.merge(shape, 1, Integer::sum);
            boolean refusedShape = shape.startsWith("touch") || shape.equals("true | touch W");
            String expectOutcome = refusedShape ? "blocked" : "allowed";
            if (!expectOutcome.equals(l.outcome())) {
                wrong.add("expected " + expectOutcome + ": " + l.raw());
            }
            if (!shape.equals("true") && !words.add(argv.get(argv.size() == 4 && shape.startsWith("echo") ? 1 : argv.size() - 1))) {
                wrong.add("a second line for the same launch: " + l.raw());
            }
        }
        soft.assertThat(wrong.size()).as("audit lines broken, with a wrong outcome, scheme or mode, or recorded twice; the first:\n"
                + String.join("\n", wrong.subList(0, Math.min(20, wrong.size())))).isZero();
        soft.assertThat(outcomes).as("audit outcomes").isEqualTo(Map.of("allowed", allowed, "blocked", blocked));
        soft.assertThat(shapes).as("audit lines by command shape").isEqualTo(Map.of(
                "true", expected.get(Kind.TRUE_PB) + expected.get(Kind.EXEC_STRING_TRUE),
                "echo W", expected.get(Kind.ECHO_PB) + expected.get(Kind.EXEC_ARRAY_ECHO),
                "echo W | cat", expected.get(Kind.PIPE_ECHO_CAT),
                "touch W", expected.get(Kind.TOUCH_PB) + expected.get(Kind.TOUCH_EXEC),
                "true | touch W", expected.get(Kind.PIPE_TRUE_TOUCH)));

        soft.assertThat(list(files)).as("no refused touch created its file").isEmpty();
        List<String> err = run.stderrLines();
        soft.assertThat(err).as("stderr: one whole line per refusal").hasSize(blocked);
        soft.assertThat(err).as("stderr lines").allMatch(l -> l.startsWith("cmdgate: blocked ") && l.contains("[decision "));

        // no growth between the end of the warm-up and the end of the 10,000
        if (prompted) {
            // the prompt pool is a cached pool (60 s keep-alive): bounded by the prompts in flight at once
            soft.assertThat(metric.get("after.threads_cmdgate")).as("cmdgate prompt threads").isLessThanOrEqualTo(THREADS);
        } else {
            soft.assertThat(metric.get("after.threads_cmdgate")).as("threads cmdgate started").isZero();
        }
        soft.assertThat(metric.get("after.threads_other") - metric.get("warm.threads_other"))
                .as("growth of live threads other than the JDK's process reapers\n" + String.join("\n", run.tagged("THREADS")))
                .isLessThanOrEqualTo(2);
        soft.assertThat(metric.get("after.heap_used") - metric.get("warm.heap_used")).as("heap growth after GC, bytes")
                .isLessThan(8 * MIB);
        soft.assertThat(metric.get("after.classes_total_loaded") - metric.get("warm.classes_total_loaded"))
                .as("classes loaded during the 10,000 launches").isLessThan(200);
        soft.assertThat(metric.get("after.open_fds") - metric.get("warm.open_fds")).as("growth of open file descriptors")
                .isLessThanOrEqualTo(4);
        soft.assertAll();
    }

    /** The argv with the launch's unique word replaced by W: {@code echo W}, {@code true | touch W}… */
    private static String shape(List<String> argv) {
        List<String> out = new ArrayList<>();
        for (String w : argv) {
            out.add(w.equals("true") || w.equals("echo") || w.equals("cat") || w.equals("touch") || w.equals("|") ? w : "W");
        }
        return String.join(" ", out);
    }

    private static Map<String, Long> numbers(List<String> tagged) {
        Map<String, Long> out = new HashMap<>();
        for (String s : tagged) {
            String[] p = s.split(" ");
            out.put(p[0], Long.parseLong(p[1]));
        }
        return out;
    }

    private static List<Path> list(Path dir) {
        try (var s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String summary(String jdk, Map<String, Long> m, Run run) {
        return String.format("LOAD %s: %d launches (+%d warm-up) from %d threads in %d ms (%d launches/s; forked JVM %d ms)"
                        + "; threads warm/after: total %d/%d, process reapers %d/%d, cmdgate %d/%d, other %d/%d"
                        + "; heap used after GC %.2f/%.2f MiB (growth %+.2f MiB)"
                        + "; classes total loaded %d/%d, metaspace %.2f/%.2f MiB; open fds %d/%d",
                jdk, TOTAL, WARMUP, THREADS, m.get("main.wall_ms"), m.get("main.launches_per_s"), run.millis(),
                m.get("warm.threads_total"), m.get("after.threads_total"),
                m.get("warm.threads_reaper"), m.get("after.threads_reaper"),
                m.get("warm.threads_cmdgate"), m.get("after.threads_cmdgate"),
                m.get("warm.threads_other"), m.get("after.threads_other"),
                m.get("warm.heap_used") / (double) MIB, m.get("after.heap_used") / (double) MIB,
                (m.get("after.heap_used") - m.get("warm.heap_used")) / (double) MIB,
                m.get("warm.classes_total_loaded"), m.get("after.classes_total_loaded"),
                m.get("warm.metaspace_used") / (double) MIB, m.get("after.metaspace_used") / (double) MIB,
                m.get("warm.open_fds"), m.get("after.open_fds"));
    }
}
