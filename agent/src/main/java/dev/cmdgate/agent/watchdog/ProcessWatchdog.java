package dev.cmdgate.agent.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Enforces an execution-time limit on launched processes: when a watched process is still alive at
 * its deadline it is destroyed forcibly together with all its descendants, and the callback is told.
 * <p>
 * One daemon thread, {@value #THREAD_NAME}, serves every watched process (a {@link DelayQueue}
 * ordered by deadline); it is created on the first {@link #watch} and never per launch. It wakes at
 * the earliest deadline, so a kill happens within milliseconds of the limit. Entries of processes
 * that ended early are purged every few seconds, so holding a {@link Process} costs nothing for long.
 * <p>
 * The descendants are enumerated before the launched process is killed (afterwards they would be
 * re-parented and out of reach), and each descendant's own descendants are enumerated again just
 * before it is killed, so children forked in the meantime are found too.
 */
public final class ProcessWatchdog {

    public static final String THREAD_NAME = "cmdgate-watchdog";

    private static final long PURGE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final int MAX_KILLS = 10_000;

    private final DelayQueue<Entry> queue = new DelayQueue<>();
    private final Object startLock = new Object();
    private volatile Thread thread;

    /** A watch on one process. */
    public interface Watch {
        /** Stops watching; a kill that already happened stays done. */
        void cancel();

        /** True once the process has been killed for running past its limit. */
        boolean killed();
    }

    /** The agent makes one per JVM (AgentRuntime); its thread starts on the first watch. */
    public ProcessWatchdog() {
    }

    /**
     * Watches a launched process.
     *
     * @param process the process (as returned by ProcessBuilder.start / Runtime.exec)
     * @param limit   how long it may run from now; zero or negative kills it at once
     * @param onKill  called once, on the watchdog thread, if it is killed; exceptions it throws are
     *                reported on stderr and otherwise ignored
     */
    public Watch watch(Process process, Duration limit, Consumer<KillEvent> onKill) {
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(onKill, "onKill");
        long now = System.nanoTime();
        long deadline = now + saturatedNanos(limit);
        Entry e = new Entry(process, limit, onKill, now, deadline);
        ensureStarted();
        queue.add(e);
        return e;
    }

    /** Watches still pending (for tests and diagnostics). */
    public int pending() {
        return queue.size();
    }

    /** The watchdog thread, once started (for tests and diagnostics). */
    Thread thread() {
        return thread;
    }

    private static long saturatedNanos(Duration d) {
        if (d.isNegative() || d.isZero()) {
            return 0;
        }
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE / 4; // ~73 years
        }
    }

    private void ensureStarted() {
        Thread t = thread;
        if (t != null && t.isAlive()) {
            return;
        }
        synchronized (startLock) {
            t = thread;
            if (t == null || !t.isAlive()) {
                // no inherited thread locals, no context class loader: this thread outlives whatever
                // application thread happened to launch the first watched process
                t = new Thread(null, this::run, THREAD_NAME, 0, false);
                t.setDaemon(true);
                t.setContextClassLoader(null);
                t.start();
                thread = t;
            }
        }
    }

    private void run() {
        long nextPurge = System.nanoTime() + PURGE_INTERVAL_NANOS;
        while (true) {
            try {
                Entry due = queue.poll(1, TimeUnit.SECONDS);
                if (due != null && !due.cancelled.get() && due.process.isAlive()) {
                    kill(due);
                }
                long now = System.nanoTime();
                if (now - nextPurge >= 0) {
                    queue.removeIf(e -> e.cancelled.get() || !e.process.isAlive());
                    nextPurge = now + PURGE_INTERVAL_NANOS;
                }
            } catch (InterruptedException e) {
                // a daemon thread: nobody should interrupt it; keep serving
                Thread.interrupted();
            } catch (Throwable t) {
                report("cmdgate: watchdog error (continuing): " + t);
            }
        }
    }

    private static void kill(Entry e) {
        ProcessHandle root = e.process.toHandle();
        Set<Long> seen = new HashSet<>();
        seen.add(root.pid());
        Deque<ProcessHandle> work = new ArrayDeque<>();
        try {
            root.descendants().forEach(h -> {
                if (seen.add(h.pid())) {
                    work.add(h);
                }
            });
        } catch (RuntimeException ignored) {
            // the process table could not be read; still kill the process itself
        }
        String command = command(root);
        // Descendants first, the launched process last: its death wakes the application's waitFor,
        // and by then the kill must already be recorded (the JVM may exit right after).
        List<Long> killed = new ArrayList<>();
        while (!work.isEmpty() && killed.size() < MAX_KILLS) {
            ProcessHandle h = work.poll();
            try {
                h.descendants().forEach(d -> {
                    if (seen.add(d.pid())) {
                        work.add(d);
                    }
                });
                if (h.destroyForcibly() || !h.isAlive()) {
                    killed.add(h.pid());
                }
            } catch (RuntimeException ignored) {
                // gone already, or not ours to kill
            }
        }
        KillEvent event = new KillEvent(root.pid(), command, e.limit,
                Duration.ofNanos(System.nanoTime() - e.startNanos), Instant.now(), killed);
        try {
            e.onKill.accept(event);
        } catch (Throwable t) {
            report("cmdgate: watchdog callback failed after " + event.describe() + ": " + t);
        } finally {
            // Through the handle, not Process.destroyForcibly(): that also closes the streams the
            // application may be reading, which would turn a clean EOF into "Stream closed".
            root.destroyForcibly();
            e.killed.set(true);
        }
    }

    private static String command(ProcessHandle h) {
        try {
            ProcessHandle.Info info = h.info();
            return info.commandLine().or(info::command).orElse("");
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static void report(String line) {
        try {
            System.err.println(line);
        } catch (Throwable ignored) {
            // nothing else to do
        }
    }

    private static final class Entry implements Delayed, Watch {
        final Process process;
        final Duration limit;
        final Consumer<KillEvent> onKill;
        final long startNanos;
        final long deadlineNanos;
        final AtomicBoolean cancelled = new AtomicBoolean();
        final AtomicBoolean killed = new AtomicBoolean();

        Entry(Process process, Duration limit, Consumer<KillEvent> onKill, long startNanos, long deadlineNanos) {
            this.process = process;
            this.limit = limit;
            this.onKill = onKill;
            this.startNanos = startNanos;
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            if (o instanceof Entry other) {
                return Long.compare(deadlineNanos - other.deadlineNanos, 0);
            }
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
        }

        @Override
        public void cancel() {
            cancelled.set(true);
        }

        @Override
        public boolean killed() {
            return killed.get();
        }
    }
}
