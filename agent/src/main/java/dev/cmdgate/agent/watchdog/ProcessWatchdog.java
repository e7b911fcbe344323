package dev.cmdgate.agent.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Enforces an execution-time limit on launched processes: at its deadline everything of a watched
 * launch is killed at once — the launched process, its descendants, and every process that carries
 * the launch's token in its environment (orphans and daemonised descendants: a background subshell
 * whose parent exited, a double fork, {@code nohup … &}, {@code setsid -f}) — and the listener is
 * told <em>before</em> any of them is signalled (see {@link Sweep}).
 * <p>
 * The agent marks every watched launch with the token: it adds {@link #TOKEN_VARIABLE}{@code =TOKEN}
 * (appended, ':'-separated, to a value it inherited) to the environment it hands to the JDK, so
 * every process of the launch inherits it whatever it does. Where /proc cannot be read, or for a
 * watch without a token, only the process and its descendants are found.
 * <p>
 * One daemon thread, {@value #THREAD_NAME}, serves every watched process (a {@link DelayQueue}
 * ordered by deadline); it is created on the first {@link #watch} and never per launch. It wakes at
 * the earliest deadline and handles every entry due then together: one census of /proc tells which
 * launches whose processes have ended left others behind; a kill then follows within the time a
 * read of /proc takes (tens of milliseconds on a busy machine). A launch whose process ended early
 * is still looked at at its deadline when it carries a token (what it left behind in the background
 * is the point); one without a token is forgotten within a few seconds. A watch holds
 * {@link ProcessHandle}s, never the {@link Process} and its streams.
 * <p>
 * When the JVM shuts down while a sweep runs (the application saw its process end and exited), a
 * shutdown hook waits for that sweep to finish, up to its own bound.
 */
public final class ProcessWatchdog {

    public static final String THREAD_NAME = "cmdgate-watchdog";
    /** The environment variable that marks the processes of a watched launch. */
    public static final String TOKEN_VARIABLE = ProcTable.VARIABLE;

    private static final long PURGE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Whether processes' environments can be read here (Linux /proc). */
    private static final boolean PROC = ProcTable.available();

    private final DelayQueue<Entry> queue = new DelayQueue<>();
    private final Object startLock = new Object();
    private volatile Thread thread;
    /** Sweeps in progress (0 or 1: one thread), for the shutdown hook. */
    private int sweeping;
    private final Object sweepLock = new Object();
    /** Launches killed at their time limit (for the counters); written by the watchdog's one thread. */
    private volatile long kills;

    /** Told about a kill: first before anything is signalled, then (only if there is more to say) after. */
    public interface Listener {
        /** Called before any process of the launch is signalled: record it now. */
        void killing(KillEvent event);

        /**
         * Called after the sweep when later sweeps found more processes than were planned, or some are
         * still alive after the sweep's bounds.
         */
        default void swept(KillEvent event, List<Long> killedLater, List<Long> survivors) {
        }
    }

    /** A watch on one launch. */
    public interface Watch {
        /** Adds another process of the same launch (the next stage of a pipeline): it shares the deadline and the kill. */
        void include(Process process);

        /** Stops watching; a kill that already happened stays done. */
        void cancel();

        /** True once the process has been killed for running past its limit. */
        boolean killed();
    }

    /** How many launches were killed at their time limit so far. */
    public long kills() {
        return kills;
    }

    /** The agent makes one per JVM (AgentRuntime); its thread starts on the first watch. */
    public ProcessWatchdog() {
    }

    /**
     * Watches a launched process (no token: only it and its descendants are killed).
     *
     * @param process the process (as returned by ProcessBuilder.start / Runtime.exec)
     * @param limit   how long it may run from now; zero or negative kills it at once
     * @param onKill  called once, on the watchdog thread, if it is killed (before it is); exceptions it
     *                throws are reported on stderr and otherwise ignored
     */
    public Watch watch(Process process, Duration limit, Consumer<KillEvent> onKill) {
        Objects.requireNonNull(onKill, "onKill");
        return watch(process, null, limit, onKill::accept);
    }

    /**
     * Watches a launch whose processes carry {@code token} in {@link #TOKEN_VARIABLE}.
     *
     * @param token the launch's token (letters, digits and '-'), or null for none
     */
    public Watch watch(Process process, String token, Duration limit, Listener listener) {
        Objects.requireNonNull(process, "process");
        return watch(List.of(process), token, limit, listener);
    }

    private Watch watch(List<Process> processes, String token, Duration limit, Listener listener) {
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(listener, "listener");
        List<ProcessHandle> roots = new ArrayList<>(processes.size());
        for (Process p : processes) {
            roots.add(p.toHandle());
        }
        long now = System.nanoTime();
        long deadline = now + saturatedNanos(limit);
        Entry e = new Entry(roots, token, limit, listener, now, deadline);
        for (Process p : processes) {
            e.started(p.pid());
        }
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
                if (thread == null) {
                    addShutdownHook();
                }
                thread = t;
            }
        }
    }

    private void addShutdownHook() {
        Thread hook = new Thread(null, this::awaitSweep, THREAD_NAME + "-exit", 0, false);
        hook.setContextClassLoader(null);
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting already: nothing left to wait for
        }
    }

    /** The shutdown hook: lets a sweep in progress finish (it is bounded) before the JVM halts. */
    private void awaitSweep() {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Sweep.MAX_SECONDS + 1);
        synchronized (sweepLock) {
            long left;
            while (sweeping > 0 && (left = end - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(sweepLock, left);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private void run() {
        long nextPurge = System.nanoTime() + PURGE_INTERVAL_NANOS;
        while (true) {
            try {
                Entry due = queue.poll(1, TimeUnit.SECONDS);
                if (due != null) {
                    // every entry due now, handled together: one read of /proc serves them all
                    List<Entry> batch = new ArrayList<>();
                    batch.add(due);
                    for (Entry more = queue.poll(); more != null; more = queue.poll()) {
                        batch.add(more);
                    }
                    deadline(batch);
                }
                long now = System.nanoTime();
                if (now - nextPurge >= 0) {
                    // a launch with a token is swept at its deadline even if its process has ended
                    queue.removeIf(e -> e.cancelled.get() || e.token == null && !e.alive());
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

    /**
     * The entries whose deadline has come. A launch whose process has ended is killed only if processes
     * carrying its token are still alive; which are is found for all of them in one census of /proc.
     */
    private void deadline(List<Entry> batch) {
        synchronized (sweepLock) {
            sweeping++;
        }
        try {
            List<String> ended = new ArrayList<>();
            for (Entry e : batch) {
                if (!e.cancelled.get() && e.token != null && !e.alive()) {
                    ended.add(e.token);
                }
            }
            long notBefore = Long.MAX_VALUE;
            for (Entry e : batch) {
                notBefore = Math.min(notBefore, e.notBefore);
            }
            Map<String, List<ProcessHandle>> left = ended.isEmpty() || !PROC ? Map.of()
                    : Sweep.census(new ProcTable(), ended, notBefore);
            for (Entry e : batch) {
                if (e.cancelled.get()) {
                    continue;
                }
                List<ProcessHandle> found = e.token == null ? List.of() : left.getOrDefault(e.token, List.of());
                if (e.alive() || !found.isEmpty()) {
                    kill(e, found);
                }
            }
        } finally {
            synchronized (sweepLock) {
                sweeping--;
                sweepLock.notifyAll();
            }
        }
    }

    private void kill(Entry e, List<ProcessHandle> found) {
        Sweep sweep = new Sweep(List.copyOf(e.roots), e.token, e.token != null && PROC ? new ProcTable() : null,
                e.notBefore);
        List<Long> planned = sweep.plan(found);
        if (!sweep.anything()) {
            return;   // ended in time and left nothing behind
        }
        kills++;   // only the watchdog's thread kills
        ProcessHandle first = e.roots.get(0);
        KillEvent event = new KillEvent(first.pid(), command(first), e.limit,
                Duration.ofNanos(System.nanoTime() - e.startNanos), Instant.now(), planned);
        try {
            e.listener.killing(event);   // recorded before the application can see its process end
        } catch (Throwable t) {
            report("cmdgate: watchdog callback failed before " + event.describe() + ": " + t);
        }
        // Through handles, never Process.destroyForcibly(): that also closes the streams the
        // application may be reading, which would turn a clean EOF into "Stream closed".
        sweep.run();
        e.killed.set(true);
        if (!sweep.extra().isEmpty() || !sweep.survivors().isEmpty()) {
            try {
                e.listener.swept(event, sweep.extra(), sweep.survivors());
            } catch (Throwable t) {
                report("cmdgate: watchdog callback failed after " + event.describe() + ": " + t);
            }
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
        /** The launched processes: one, or the stages of a pipeline (added as they start). */
        final List<ProcessHandle> roots;
        final String token;
        final Duration limit;
        final Listener listener;
        final long startNanos;
        final long deadlineNanos;
        final AtomicBoolean cancelled = new AtomicBoolean();
        final AtomicBoolean killed = new AtomicBoolean();
        /** When the earliest of its processes started (clock ticks since boot), or -1 when unknown. */
        volatile long notBefore = -1;

        Entry(List<ProcessHandle> roots, String token, Duration limit, Listener listener, long startNanos, long deadlineNanos) {
            this.roots = new java.util.concurrent.CopyOnWriteArrayList<>(roots);
            this.token = token;
            this.limit = limit;
            this.listener = listener;
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

        boolean alive() {
            for (ProcessHandle r : roots) {
                if (r.isAlive()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void include(Process process) {
            roots.add(process.toHandle());
            started(process.pid());
        }

        private boolean startUnknown;

        /** Notes a process's start: the sweep reads the environment of no process older than the launch. */
        synchronized void started(long pid) {
            long t = PROC ? ProcTable.startTicks(pid) : -1;
            if (t < 0 || startUnknown) {
                startUnknown = true;   // unknown: every process is read
                notBefore = -1;
            } else {
                notBefore = notBefore < 0 ? t : Math.min(notBefore, t);
            }
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
