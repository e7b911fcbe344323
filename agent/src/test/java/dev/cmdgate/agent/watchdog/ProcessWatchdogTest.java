package dev.cmdgate.agent.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class ProcessWatchdogTest {

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private Process start(String... argv) throws IOException {
        return startWith(null, argv);
    }

    /** Started with {@code CMDGATE_WATCH=token} in its environment (null: none), as the agent does. */
    private Process startWith(String token, String... argv) throws IOException {
        ProcessBuilder b = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        if (token != null) {
            b.environment().put(ProcessWatchdog.TOKEN_VARIABLE, token);
        }
        Process p = b.start();
        started.add(p);
        return p;
    }

    @TempDir
    Path tmp;

    /** Gone, or a zombie waiting for whoever reaps orphans here (it runs nothing any more). */
    private static boolean dead(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            return state.equals("Z") || state.equals("X");
        } catch (IOException gone) {
            return true;
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, Duration max) throws InterruptedException {
        long end = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }

    @Test
    void aProcessPastItsLimitIsKilledWithinASecondOfIt() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = start("sleep", "30");
        long t0 = System.nanoTime();
        ProcessWatchdog.Watch w = dog.watch(p, Duration.ofSeconds(1), events::add);
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(ms).isBetween(900L, 2000L);
        awaitTrue(() -> !events.isEmpty(), Duration.ofSeconds(2));
        Thread.sleep(1500); // no second call
        assertThat(events).hasSize(1);
        KillEvent e = events.get(0);
        assertThat(e.pid()).isEqualTo(p.pid());
        assertThat(e.limit()).isEqualTo(Duration.ofSeconds(1));
        assertThat(e.ranFor()).isBetween(Duration.ofMillis(950), Duration.ofMillis(2000));
        assertThat(e.command()).contains("sleep");
        assertThat(e.describe()).startsWith("killed process " + p.pid()).contains("execution time limit of 1000 ms");
        assertThat(w.killed()).isTrue();
        assertThat(dog.pending()).isZero();
    }

    @Test
    void descendantsAreKilledToo() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = start("sh", "-c", "sleep 30 & sleep 30; wait");
        awaitTrue(() -> p.descendants().count() >= 2, Duration.ofSeconds(5));
        List<ProcessHandle> children = p.descendants().toList();
        assertThat(children).hasSizeGreaterThanOrEqualTo(2);
        dog.watch(p, Duration.ofSeconds(1), events::add);
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        awaitTrue(() -> !events.isEmpty() && children.stream().allMatch(c -> dead(c.pid())), Duration.ofSeconds(3));
        assertThat(children).allMatch(c -> dead(c.pid()), "all descendants dead");
        assertThat(events).hasSize(1);
        assertThat(events.get(0).descendantPids()).containsAll(children.stream().map(ProcessHandle::pid).toList());
    }

    @Test
    void grandchildrenAreKilledToo() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = start("sh", "-c", "sh -c 'sleep 30 & wait' & wait");
        awaitTrue(() -> p.descendants().anyMatch(h -> h.info().command().orElse("").endsWith("sleep")), Duration.ofSeconds(5));
        List<ProcessHandle> all = p.descendants().toList();
        dog.watch(p, Duration.ofMillis(300), events::add);
        awaitTrue(() -> !events.isEmpty() && all.stream().allMatch(c -> dead(c.pid())), Duration.ofSeconds(3));
        assertThat(all).isNotEmpty().allMatch(c -> dead(c.pid()));
    }

    @Test
    void aProcessThatEndsInTimeIsLeftAloneAndForgotten() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = start("true");
        ProcessWatchdog.Watch w = dog.watch(p, Duration.ofMillis(700), events::add);
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(1200);
        assertThat(events).isEmpty();
        assertThat(w.killed()).isFalse();
        assertThat(dog.pending()).isZero();
    }

    @Test
    void aCancelledWatchDoesNotKill() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = start("sleep", "3");
        dog.watch(p, Duration.ofMillis(300), events::add).cancel();
        Thread.sleep(1000);
        assertThat(p.isAlive()).isTrue();
        assertThat(events).isEmpty();
    }

    @Test
    void oneLazilyCreatedDaemonThreadServesEveryProcess() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        assertThat(dog.thread()).isNull();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Process p = start("sleep", "30");
            ps.add(p);
            dog.watch(p, Duration.ofMillis(500 + 100L * i), events::add);
        }
        Thread t = dog.thread();
        assertThat(t).isNotNull();
        assertThat(t.getName()).isEqualTo("cmdgate-watchdog");
        assertThat(t.isDaemon()).isTrue();
        for (Process p : ps) {
            assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        }
        awaitTrue(() -> events.size() == 8, Duration.ofSeconds(2));
        assertThat(events).hasSize(8);
        assertThat(dog.thread()).isSameAs(t);
        assertThat(Thread.getAllStackTraces().keySet().stream()
                .filter(th -> th.getName().equals("cmdgate-watchdog") && th == t).count()).isEqualTo(1);
        // killed in deadline order
        assertThat(events.stream().map(KillEvent::pid).toList()).isEqualTo(ps.stream().map(Process::pid).toList());
    }

    @Test
    void aFailingCallbackDoesNotStopTheWatchdog() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process a = start("sleep", "30");
        Process b = start("sleep", "30");
        dog.watch(a, Duration.ofMillis(200), e -> {
            throw new IllegalStateException("audit sink broken");
        });
        dog.watch(b, Duration.ofMillis(600), events::add);
        assertThat(a.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(b.waitFor(5, TimeUnit.SECONDS)).isTrue();
        awaitTrue(() -> !events.isEmpty(), Duration.ofSeconds(2));
        assertThat(events).hasSize(1);
    }

    @Test
    void aZeroLimitKillsAtOnce() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        Process p = start("sleep", "30");
        dog.watch(p, Duration.ZERO, e -> { });
        assertThat(p.waitFor(2, TimeUnit.SECONDS)).isTrue();
    }

    /** Waits long enough for a marker written {@code seconds} after a start to appear, had its writer survived. */
    private static void pastMarkerTime(long startedNanos, int seconds) throws InterruptedException {
        long until = startedNanos + TimeUnit.SECONDS.toNanos(seconds) + TimeUnit.MILLISECONDS.toNanos(1500);
        while (System.nanoTime() < until) {
            Thread.sleep(50);
        }
    }

    @Test
    void orphansThatCarryTheTokenAreKilledAlthoughTheLaunchedProcessEndedAtOnce() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Path background = tmp.resolve("background");
        Path detached = tmp.resolve("detached");
        long t0 = System.nanoTime();
        Process p = startWith("tok-orphans", "sh", "-c", "(sleep 3; touch " + background + ") >/dev/null 2>&1 & "
                + "setsid -f sh -c 'sleep 3; touch " + detached + "' >/dev/null 2>&1; exit 0");
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        dog.watch(p, "tok-orphans", Duration.ofMillis(800), new ProcessWatchdog.Listener() {
            @Override
            public void killing(KillEvent event) {
                events.add(event);
            }
        });
        pastMarkerTime(t0, 3);
        assertThat(background).as("the background job of a process that exited").doesNotExist();
        assertThat(detached).as("a setsid -f daemon").doesNotExist();
        assertThat(events).hasSize(1);
        assertThat(events.get(0).descendantPids()).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void theKillIsToldBeforeAnyProcessIsSignalled() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<String> seen = new CopyOnWriteArrayList<>();
        Process p = startWith("tok-order", "sh", "-c", "sleep 30; true");
        awaitTrue(() -> p.descendants().findAny().isPresent(), Duration.ofSeconds(5));
        List<ProcessHandle> children = p.descendants().toList();
        dog.watch(p, "tok-order", Duration.ofMillis(300), new ProcessWatchdog.Listener() {
            @Override
            public void killing(KillEvent event) {
                seen.add("root alive=" + p.isAlive() + ", children alive=" + children.stream().allMatch(ProcessHandle::isAlive));
            }
        });
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("killed, never reached its next command").isEqualTo(137);
        awaitTrue(() -> !seen.isEmpty(), Duration.ofSeconds(2));
        assertThat(seen).containsExactly("root alive=true, children alive=true");
    }

    @Test
    void onlyProcessesCarryingThisVeryTokenAreTaken() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        Path mine = tmp.resolve("mine");
        Path other = tmp.resolve("other");
        long t0 = System.nanoTime();
        // the same token inside a list (a launch inside a watched launch) counts; a longer token does not
        Process a = startWith("outer:tok-x", "sh", "-c", "(sleep 3; touch " + mine + ") >/dev/null 2>&1 &");
        Process b = startWith("tok-xy", "sh", "-c", "(sleep 3; touch " + other + ") >/dev/null 2>&1 &");
        assertThat(a.waitFor(5, TimeUnit.SECONDS) && b.waitFor(5, TimeUnit.SECONDS)).isTrue();
        dog.watch(a, "tok-x", Duration.ofMillis(500), event -> { });
        pastMarkerTime(t0, 3);
        assertThat(mine).doesNotExist();
        assertThat(other).as("another launch's process is left alone").exists();
    }

    @Test
    void aLaunchThatEndedAndLeftNothingBehindIsNotReported() throws Exception {
        ProcessWatchdog dog = new ProcessWatchdog();
        List<KillEvent> events = new CopyOnWriteArrayList<>();
        Process p = startWith("tok-clean", "true");
        ProcessWatchdog.Watch w = dog.watch(p, "tok-clean", Duration.ofMillis(300), events::add);
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(1200);
        assertThat(events).isEmpty();
        assertThat(w.killed()).isFalse();
    }
}
