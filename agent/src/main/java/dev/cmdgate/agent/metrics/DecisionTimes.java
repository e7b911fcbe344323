package dev.cmdgate.agent.metrics;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How long launches waited for their decision — from the launch hook to the answer, a prompt's wait
 * included — as a count, a sum and a small fixed histogram. Plain atomics: adding one allocates nothing.
 */
public final class DecisionTimes {

    /** The buckets' upper bounds in seconds, as Prometheus's {@code le} labels name them; +Inf follows. */
    public static final String[] BOUNDS = {"0.001", "0.005", "0.025", "0.1", "0.5", "2.5", "10", "60"};
    private static final long[] BOUND_NANOS = {1_000_000L, 5_000_000L, 25_000_000L, 100_000_000L, 500_000_000L,
        2_500_000_000L, 10_000_000_000L, 60_000_000_000L};

    /** One cell per bucket (not cumulative) and one past the last bound. */
    private final AtomicLong[] buckets = new AtomicLong[BOUND_NANOS.length + 1];
    private final AtomicLong sumNanos = new AtomicLong();

    public DecisionTimes() {
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new AtomicLong();
        }
    }

    public void add(long nanos) {
        long n = Math.max(0, nanos);
        int i = 0;
        while (i < BOUND_NANOS.length && n > BOUND_NANOS[i]) {
            i++;
        }
        buckets[i].incrementAndGet();
        sumNanos.addAndGet(n);
    }

    /**
     * The cumulative counts of the buckets, Prometheus's way: {@code [i]} is the number of decisions that
     * took at most {@code BOUNDS[i]} seconds; the last element counts all of them (+Inf) and is the count.
     */
    public long[] cumulative() {
        long[] out = new long[buckets.length];
        long running = 0;
        for (int i = 0; i < buckets.length; i++) {
            running += buckets[i].get();
            out[i] = running;
        }
        return out;
    }

    public double sumSeconds() {
        return sumNanos.get() / 1e9;
    }
}
