package dev.cmdgate.core.testing;

import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/**
 * What a piece of code costs this thread, measured so that other processes on a busy machine cannot
 * change the verdict: the bytes it allocates (a count, the same on a quiet and a loaded machine) and
 * the CPU time this thread spends (time the scheduler gives to other processes is not counted).
 * Growth tests judge by the bytes first; CPU time is compared as the best of several runs.
 */
public final class Work {

    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static {
        MX.setThreadAllocatedMemoryEnabled(true);
        MX.setThreadCpuTimeEnabled(true);
    }

    /** One measurement: bytes allocated and CPU nanoseconds of the calling thread. */
    public record Cost(long bytes, long cpuNanos) {

        public long cpuMillis() {
            return Math.max(1, cpuNanos / 1_000_000);
        }

        /** Each figure's smaller value: the best of two measurements of the same work. */
        public Cost min(Cost o) {
            return new Cost(Math.min(bytes, o.bytes), Math.min(cpuNanos, o.cpuNanos));
        }
    }

    private Work() {
    }

    /** The cost of one run of {@code action}. */
    public static <T> Cost of(Supplier<T> action) {
        long tid = Thread.currentThread().getId();
        long b0 = MX.getThreadAllocatedBytes(tid);
        long c0 = MX.getCurrentThreadCpuTime();
        action.get();
        long c1 = MX.getCurrentThreadCpuTime();
        long b1 = MX.getThreadAllocatedBytes(tid);
        return new Cost(b1 - b0, c1 - c0);
    }

    /** The smallest bytes and CPU time over {@code runs} runs, after a collection (garbage of earlier tests is not measured). */
    public static <T> Cost best(int runs, Supplier<T> action) {
        System.gc();
        Cost best = of(action);
        for (int i = 1; i < runs; i++) {
            best = best.min(of(action));
        }
        return best;
    }
}
