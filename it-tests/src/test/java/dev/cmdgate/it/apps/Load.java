package dev.cmdgate.it.apps;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code Load DIR THREADS TOTAL WARMUP WATCHDOG_SECONDS}: a warm-up phase of WARMUP launches, then the
 * measured phase of TOTAL launches, each made by THREADS threads released together by a latch (thread i
 * makes {@link #share} of the phase). Launch j of a thread is of kind {@link #kind(int) kind(j)}: mostly
 * {@code true}, some {@code echo WORD} (output read and checked), {@code Runtime.exec}, allowed
 * ({@code echo WORD | cat}) and refused ({@code true | touch FILE}) pipelines, and refused
 * {@code touch DIR/WORD}. Every process is waited for and its three streams are closed.
 *
 * <p>Prints {@code COUNT <phase>.<kind>.<ok|blocked|error> N}, {@code ERROR …} for the first unexpected
 * results, {@code METRIC <name> <value>} for threads, heap, classes and file descriptors measured after
 * the warm-up and after the measured phase (and once at the start; each after the phase's threads ended and a few
 * {@code System.gc()}), {@code THREADS <phase> <names>}, and {@code DONE}. A watchdog prints a full thread
 * dump and halts the JVM with status 3 when no launch has finished for WATCHDOG_SECONDS: a deadlock stops all
 * progress, a busy machine only slows it (a fixed limit for the whole run failed on a loaded machine).
 */
public final class Load {

    /** What one launch is; {@code blocked} is what autonomy=readonly must do with it. */
    public enum Kind {
        TRUE_PB(false, 1), ECHO_PB(false, 1), EXEC_ARRAY_ECHO(false, 1), EXEC_STRING_TRUE(false, 1),
        PIPE_ECHO_CAT(false, 2), TOUCH_PB(true, 0), TOUCH_EXEC(true, 0), PIPE_TRUE_TOUCH(true, 0);

        public final boolean blocked;
        /** Processes started when it is allowed. */
        public final int processes;

        Kind(boolean blocked, int processes) {
            this.blocked = blocked;
            this.processes = processes;
        }
    }

    private static final int MAX_ERRORS_PRINTED = 20;
    private static final AtomicInteger ERRORS = new AtomicInteger();
    /** Launches finished so far, in every phase: what the watchdog watches. */
    private static final LongAdder FINISHED = new LongAdder();

    private Load() {
    }

    /** The kind of a thread's launch number j (shared with the test, which derives its expectations from it). */
    public static Kind kind(int j) {
        int m = j % 100;
        return switch (m) {
            case 3, 23, 43, 63, 83 -> Kind.TOUCH_PB;
            case 13, 53 -> Kind.TOUCH_EXEC;
            case 33 -> Kind.PIPE_TRUE_TOUCH;
            case 7, 57 -> Kind.PIPE_ECHO_CAT;
            case 17, 67 -> Kind.EXEC_ARRAY_ECHO;
            case 27, 77 -> Kind.EXEC_STRING_TRUE;
            default -> m % 10 == 9 ? Kind.ECHO_PB : Kind.TRUE_PB;
        };
    }

    /** How many launches of a phase of {@code total} thread {@code i} of {@code threads} makes. */
    public static int share(int total, int threads, int i) {
        return total / threads + (i < total % threads ? 1 : 0);
    }

    public static void main(String[] args) throws Exception {
        File dir = new File(args[0]);
        int threads = Integer.parseInt(args[1]);
        int total = Integer.parseInt(args[2]);
        int warmup = Integer.parseInt(args[3]);
        long watchdogSeconds = Long.parseLong(args[4]);

        CountDownLatch done = new CountDownLatch(1);
        Thread watchdog = new Thread(() -> watchdog(done, watchdogSeconds), "load-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();

        // measured once before anything else, so the classes the measuring itself loads are not counted later
        Map<String, Long> start = measure("start");
        phase("warmup", dir, threads, warmup);
        Map<String, Long> before = measure("warm");
        long started = System.nanoTime();
        phase("main", dir, threads, total);
        long millis = (System.nanoTime() - started) / 1_000_000;
        Map<String, Long> after = measure("after");

        print("METRIC main.wall_ms " + millis);
        print("METRIC main.launches_per_s " + (millis == 0 ? 0 : total * 1000L / millis));
        start.forEach((k, v) -> print("METRIC start." + k + " " + v));
        before.forEach((k, v) -> print("METRIC warm." + k + " " + v));
        after.forEach((k, v) -> print("METRIC after." + k + " " + v));
        long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        print("METRIC after.deadlocked_threads " + (deadlocked == null ? 0 : deadlocked.length));
        print("METRIC errors " + ERRORS.get());
        done.countDown();
        print("DONE");
    }

    private static void phase(String name, File dir, int threads, int total) throws InterruptedException {
        Map<Kind, LongAdder[]> counts = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            counts.put(k, new LongAdder[] {new LongAdder(), new LongAdder(), new LongAdder()});
        }
        String tag = name.substring(0, 1).toUpperCase();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int t = i;
            int n = share(total, threads, i);
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int j = 0; j < n; j++) {
                    Kind k = kind(j);
                    String word = tag + t + "-" + j;
                    int r = launch(k, word, new File(dir, word).getPath());
                    counts.get(k)[r].increment();
                    FINISHED.increment();
                }
            }, "load-" + name + "-" + i);
            th.start();
            all.add(th);
        }
        go.countDown();
        for (Thread th : all) {
            th.join();
        }
        counts.forEach((k, c) -> {
            print("COUNT " + name + "." + k + ".ok " + c[0].sum());
            print("COUNT " + name + "." + k + ".blocked " + c[1].sum());
            print("COUNT " + name + "." + k + ".error " + c[2].sum());
        });
    }

    /** Makes one launch; 0 = ran as expected, 1 = refused by cmdgate, 2 = anything else (reported). */
    private static int launch(Kind k, String word, String file) {
        Object started;
        try {
            started = switch (k) {
                case TRUE_PB -> new ProcessBuilder("true").start();
                case ECHO_PB -> new ProcessBuilder("echo", word).start();
                case EXEC_ARRAY_ECHO -> Runtime.getRuntime().exec(new String[] {"echo", word});
                case EXEC_STRING_TRUE -> Runtime.getRuntime().exec("true");
                case PIPE_ECHO_CAT -> ProcessBuilder.startPipeline(List.of(
                        new ProcessBuilder("echo", word), new ProcessBuilder("cat")));
                case TOUCH_PB -> new ProcessBuilder("touch", file).start();
                case TOUCH_EXEC -> Runtime.getRuntime().exec(new String[] {"touch", file});
                case PIPE_TRUE_TOUCH -> ProcessBuilder.startPipeline(List.of(
                        new ProcessBuilder("true"), new ProcessBuilder("touch", file)));
            };
        } catch (SecurityException e) {
            if (!k.blocked) {
                return error(word + " " + k + " refused: " + e.getMessage());
            }
            if (e.getMessage() == null || !e.getMessage().startsWith("cmdgate: blocked ")) {
                return error(word + " " + k + " refused with an unexpected message: " + e.getMessage());
            }
            return 1;
        } catch (Throwable t) {
            return error(word + " " + k + " failed to start: " + t);
        }
        @SuppressWarnings("unchecked")
        List<Process> processes = started instanceof List ? (List<Process>) started : List.of((Process) started);
        String out = "";
        int exit = 0;
        try {
            for (Process p : processes) {
                p.getOutputStream().close();
                try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
                    out = new String(readAll(o), StandardCharsets.UTF_8);
                    readAll(e);
                }
                exit = Math.max(exit, p.waitFor());
            }
        } catch (Throwable t) {
            return error(word + " " + k + " failed while running: " + t);
        }
        if (k.blocked) {
            return error(word + " " + k + " was not refused (exit " + exit + ")");
        }
        boolean echoes = k == Kind.ECHO_PB || k == Kind.EXEC_ARRAY_ECHO || k == Kind.PIPE_ECHO_CAT;
        String expected = echoes ? word + "\n" : "";
        if (exit != 0 || !out.equals(expected) || processes.size() != k.processes) {
            return error(word + " " + k + ": exit " + exit + ", " + processes.size() + " processes, output "
                    + Attempt.escape(out));
        }
        return 0;
    }

    private static int error(String what) {
        if (ERRORS.incrementAndGet() <= MAX_ERRORS_PRINTED) {
            print("ERROR " + Attempt.escape(what));
        }
        return 2;
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toByteArray();
    }

    /** Threads, heap after collections, classes, metaspace and open file descriptors, by name. */
    private static Map<String, Long> measure(String label) throws InterruptedException {
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(100);
            heap = Math.min(heap, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        Map<String, Long> m = new TreeMap<>();
        m.put("heap_used", heap);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long reapers = 0;
        long cmdgate = 0;
        Map<String, Integer> others = new TreeMap<>();
        for (ThreadInfo ti : threads.dumpAllThreads(false, false)) {
            String n = ti.getThreadName();
            if (n.startsWith("process reaper")) {
                reapers++;
            } else if (n.startsWith("cmdgate") && !n.equals("cmdgate-jmx")) {
                // (cmdgate-jmx is started once with the gate and waits for JMX to publish the counters: it is
                // counted with the other threads, whose growth is bounded below; no launch starts one)
                cmdgate++;
            } else {
                others.merge(n.replaceAll("[0-9]+", "N"), 1, Integer::sum);
            }
        }
        m.put("threads_total", (long) threads.getThreadCount());
        m.put("threads_reaper", reapers);
        m.put("threads_cmdgate", cmdgate);
        m.put("threads_other", (long) others.values().stream().mapToInt(Integer::intValue).sum());
        print("THREADS " + label + " reapers=" + reapers + " cmdgate=" + cmdgate + " others=" + others);
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        m.put("classes_loaded", (long) classes.getLoadedClassCount());
        m.put("classes_total_loaded", classes.getTotalLoadedClassCount());
        m.put("classes_unloaded", classes.getUnloadedClassCount());
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals("Metaspace")) {
                m.put("metaspace_used", pool.getUsage().getUsed());
            }
        }
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            m.put("open_fds", fds.count());
        } catch (IOException e) {
            m.put("open_fds", -1L);
        }
        return m;
    }

    /** If no launch finishes for {@code seconds}: a full thread dump (with locks) on stdout, then halt with status 3. */
    private static void watchdog(CountDownLatch done, long seconds) {
        try {
            long seen = -1;
            // the measuring between phases makes no launch: it is given the same window
            while (!done.await(seconds, java.util.concurrent.TimeUnit.SECONDS)) {
                long now = FINISHED.sum();
                if (now == seen) {
                    break;
                }
                seen = now;
            }
            if (done.getCount() == 0) {
                return;
            }
        } catch (InterruptedException e) {
            return;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StringBuilder dump = new StringBuilder("WATCHDOG no launch finished for " + seconds + " s; deadlocked threads: ");
        long[] dead = threads.findDeadlockedThreads();
        dump.append(dead == null ? "none" : java.util.Arrays.toString(dead)).append('\n');
        for (ThreadInfo ti : threads.dumpAllThreads(true, true)) {
            dump.append('"').append(ti.getThreadName()).append("\" id=").append(ti.getThreadId())
                    .append(' ').append(ti.getThreadState());
            if (ti.getLockName() != null) {
                dump.append(" on ").append(ti.getLockName());
            }
            if (ti.getLockOwnerName() != null) {
                dump.append(" owned by \"").append(ti.getLockOwnerName()).append("\" id=").append(ti.getLockOwnerId());
            }
            dump.append('\n');
            StackTraceElement[] stack = ti.getStackTrace();
            for (int i = 0; i < stack.length; i++) {
                dump.append("\tat ").append(stack[i]).append('\n');
                for (MonitorInfo mi : ti.getLockedMonitors()) {
                    if (mi.getLockedStackDepth() == i) {
                        dump.append("\t- locked ").append(mi).append('\n');
                    }
                }
            }
            for (LockInfo li : ti.getLockedSynchronizers()) {
                dump.append("\t- holds ").append(li).append('\n');
            }
            dump.append('\n');
        }
        System.out.print(dump);
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }

    private static void print(String line) {
        Attempt.print(line);
    }
}
