package dev.cmdgate.bench;

import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Per-command view of the classification mix, to explain JMH's percentiles: after a warm-up, times
 * every command of the mix individually (rounds interleave the commands so they share the same
 * machine noise) and prints the overall distribution and the slowest commands by median.
 *   java -cp bench/target/cmdgate-bench.jar dev.cmdgate.bench.PerCommand [ROUNDS] [TOP] [all|typical|corpus]
 */
public final class PerCommand {

    private PerCommand() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int top = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        String which = args.length > 2 ? args[2] : "all";
        CommandClassifier classifier = Classifiers.standard(null);
        Mix.Entry[] mix = Mix.load(which).toArray(new Mix.Entry[0]);
        Object sink = null;
        long warmEnd = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < warmEnd) {
            for (Mix.Entry e : mix) {
                sink = e.classify(classifier);
            }
        }
        long[][] t = new long[mix.length][rounds];
        long[] all = new long[mix.length * rounds];
        long[] cpu = new long[mix.length * rounds];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int k = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < mix.length; i++) {
                long c0 = mx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                sink = mix[i].classify(classifier);
                long d = System.nanoTime() - t0;
                cpu[k] = mx.getCurrentThreadCpuTime() - c0;
                t[i][r] = d;
                all[k++] = d;
            }
        }
        Arrays.sort(all);
        Arrays.sort(cpu);
        System.out.printf("%d commands x %d rounds, one thread (%s)%n", mix.length, rounds, sink == null ? "" : "ok");
        System.out.printf("  per command, wall:       median %.2f us, p90 %.2f us, p99 %.2f us, p99.9 %.2f us, max %.1f us%n",
                pct(all, 50), pct(all, 90), pct(all, 99), pct(all, 99.9), all[all.length - 1] / 1000.0);
        // Thread CPU time leaves out the time this thread waited for a core: on a shared, busy machine
        // it is the classifier's own cost (it includes the ~1 us cost of reading the CPU clock twice).
        System.out.printf("  per command, thread CPU: median %.2f us, p90 %.2f us, p99 %.2f us, p99.9 %.2f us, max %.1f us%n",
                pct(cpu, 50), pct(cpu, 90), pct(cpu, 99), pct(cpu, 99.9), cpu[cpu.length - 1] / 1000.0);
        List<Integer> order = new ArrayList<>();
        double[] med = new double[mix.length];
        for (int i = 0; i < mix.length; i++) {
            Arrays.sort(t[i]);
            med[i] = pct(t[i], 50);
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> -med[i]));
        com.sun.management.ThreadMXBean amx = (com.sun.management.ThreadMXBean) mx;
        long[] bytes = new long[mix.length];
        long a0 = amx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < mix.length; i++) {
            long b0 = amx.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < 20; r++) {
                sink = mix[i].classify(classifier);
            }
            bytes[i] = (amx.getCurrentThreadAllocatedBytes() - b0) / 20;
        }
        System.out.printf("  allocation: %.1f KiB per command on average%n", (amx.getCurrentThreadAllocatedBytes() - a0) / 20.0 / mix.length / 1024);
        System.out.printf("  slowest %d commands by median (wall us: median / p99; KiB allocated):%n", Math.min(top, mix.length));
        for (int j = 0; j < Math.min(top, mix.length); j++) {
            int i = order.get(j);
            String s = mix[i].toString();
            System.out.printf("    %8.2f / %8.2f  %6.1f  %s%n", med[i], pct(t[i], 99), bytes[i] / 1024.0,
                    s.length() > 80 ? s.substring(0, 77) + "..." : s);
        }
    }

    /** Nearest-rank percentile of sorted nanoseconds, in microseconds. */
    static double pct(long[] sorted, double p) {
        int idx = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))] / 1000.0;
    }
}
