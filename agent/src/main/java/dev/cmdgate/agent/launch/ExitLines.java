package dev.cmdgate.agent.launch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The {@code exit} audit line of each allowed process: its pid, exit status and how long it ran, written
 * when it ends, by one daemon thread.
 *
 * <p>Why not {@code Process.onExit()} or {@code ProcessHandle.onExit()}: both complete through
 * {@code handleAsync} on the default executor, and where the common pool has fewer than two workers (a
 * two-core machine) that executor starts a new thread for every task, so every launch cost a thread
 * start, its stack and a thread-local allocation buffer of young generation thrown away with it (a
 * thousand launches grew the heap by hundreds of megabytes). Instead the JDK's own exit completion of the
 * child (completed by the reaper thread that already waits for it) is asked for directly, where
 * {@code java.lang} is open to cmdgate; its callback only queues the exit for the writer thread, so the
 * reaper, and the application's {@code waitFor} behind it, never wait for the audit file. Where that
 * completion cannot be reached (a JDK without it, cmdgate not in its own module) {@code onExit()} is used.
 * The writer thread starts with the first exit to write and ends after {@link #IDLE_MILLIS} without one.
 *
 * <p>A JVM that exits right after waiting for its child writes the line from a shutdown hook; one that
 * exits while the child still runs writes none.
 */
final class ExitLines {

    /** An allowed process whose exit line is not written yet. */
    private record Pending(String decisionId, long pid, long startedAt) {
    }

    /** A process that ended, with its status (null when unknown). */
    private record Exited(Process process, Integer status) {
    }

    private final Map<Process, Pending> pending = new ConcurrentHashMap<>();
    private final ArrayDeque<Exited> queue = new ArrayDeque<>();
    /** How long the writer thread waits for another exit before it ends (the next exit starts a new one). */
    static final long IDLE_MILLIS = 250;

    /** Held while a line is written, so the shutdown hook waits for a line in progress. */
    private final Object writing = new Object();
    /** Writes one exit line: decision id, pid, status (null: unknown), milliseconds run. */
    private final ExitWriter writer;
    private Thread thread;   // guarded by queue

    /** Writes the line of one ended process. */
    interface ExitWriter {
        void write(String decisionId, long pid, Integer status, long ranMillis);
    }

    ExitLines(ExitWriter writer) {
        this.writer = writer;
    }

    /** Writes {@code process}'s exit line when it ends. Never waits. */
    void watch(String decisionId, Process process) {
        pending.put(process, new Pending(decisionId, process.pid(), System.nanoTime()));
        if (!process.isAlive()) {
            queue(new Exited(process, exitValueSoon(process)));
            return;
        }
        CompletableFuture<Integer> done = Completion.of(process.pid());
        if (done != null) {
            done.whenComplete(new Ended(process));
        } else {
            process.toHandle().onExit().whenComplete(new Ended(process));
        }
    }

    /** Called by the shutdown hook: the lines of processes that have ended and are not written yet. */
    void writeEnded() {
        List<Exited> queued;
        synchronized (queue) {
            queued = List.copyOf(queue);
            queue.clear();
        }
        for (Exited e : queued) {
            write(e);
        }
        for (Process p : List.copyOf(pending.keySet())) {
            if (!p.isAlive()) {
                write(new Exited(p, exitValueSoon(p)));
            }
        }
        synchronized (writing) {
            // a line the writer thread is writing right now is finished before the JVM goes
        }
    }

    /**
     * The end of one process, on the JDK's reaper thread (or, through {@code onExit()}, a thread of its own):
     * queues it and returns. The completion carries the status; while the process object does not show the
     * end yet its own callback has not run, otherwise its status is the one to trust (a completion made
     * after the child was reaped completes at once, with 0). A class, not a lambda: no method handles are
     * spun on the launch path.
     */
    private final class Ended implements BiConsumer<Object, Throwable> {
        private final Process process;

        Ended(Process process) {
            this.process = process;
        }

        @Override
        public void accept(Object result, Throwable failure) {
            queue(new Exited(process, result instanceof Integer status && process.isAlive() ? status
                    : exitValueSoon(process)));
        }
    }

    /** Queues an exit for the writer thread, starting one when none runs. Never waits. */
    private void queue(Exited e) {
        synchronized (queue) {
            queue.add(e);
            if (thread == null) {
                thread = new Thread(new Drain(), "cmdgate-exit-lines");
                thread.setDaemon(true);
                thread.start();
            } else {
                queue.notifyAll();
            }
        }
    }

    /** The writer thread's loop: it ends once no exit came for {@link #IDLE_MILLIS}. */
    private final class Drain implements Runnable {
        @Override
        public void run() {
            while (true) {
                Exited e;
                synchronized (queue) {
                    long idleUntil = System.nanoTime() + IDLE_MILLIS * 1_000_000;
                    while (queue.isEmpty()) {
                        long left = idleUntil - System.nanoTime();
                        if (left <= 0) {
                            thread = null;
                            return;
                        }
                        try {
                            queue.wait(Math.max(1, left / 1_000_000));
                        } catch (InterruptedException stop) {
                            thread = null;
                            return;
                        }
                    }
                    e = queue.poll();
                }
                write(e);
            }
        }
    }

    /** Writes the line unless written already (by the writer thread or the shutdown hook). */
    private void write(Exited e) {
        synchronized (writing) {
            Pending p = pending.remove(e.process());
            if (p != null) {
                writer.write(p.decisionId(), p.pid(), e.status(), (System.nanoTime() - p.startedAt()) / 1_000_000);
            }
        }
    }

    /** The status of a process the JDK has seen end, set by its reaper a moment after (at most a second). */
    private static Integer exitValueSoon(Process process) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (true) {
            try {
                return process.exitValue();
            } catch (IllegalThreadStateException e) {
                if (System.nanoTime() > deadline) {
                    return null;
                }
                Thread.yield();
            }
        }
    }

    /**
     * {@code ProcessHandleImpl.completion(pid, false)}: the JDK's future for a child's exit status, the one
     * its reaper completes. Looked up on first use, once {@code java.lang} is open to cmdgate.
     */
    private static final class Completion {
        private static final MethodHandle HANDLE = lookup();

        static CompletableFuture<Integer> of(long pid) {
            if (HANDLE == null) {
                return null;
            }
            try {
                @SuppressWarnings("unchecked")
                CompletableFuture<Integer> f = (CompletableFuture<Integer>) HANDLE.invokeExact(pid, false);
                return f;
            } catch (Error e) {
                throw e;
            } catch (Throwable e) {
                return null;   // onExit() instead
            }
        }

        private static MethodHandle lookup() {
            try {
                Class<?> impl = Class.forName("java.lang.ProcessHandleImpl");
                if (!impl.getModule().isOpen("java.lang", ExitLines.class.getModule())) {
                    return null;
                }
                return MethodHandles.privateLookupIn(impl, MethodHandles.lookup()).findStatic(impl, "completion",
                        MethodType.methodType(CompletableFuture.class, long.class, boolean.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }
}
