package dev.cmdgate.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds of the classifier in one JVM, each in its own class loader, timed call by call over the mix
 * ({@code all}) in round robin as {@link ClassifyBenchmark} does, the two builds' calls alternating (which
 * goes first alternates too). Both meet the same machine noise at the same moment, so their ratio holds on a
 * busy machine where two JMH runs minutes apart differ by a third. With {@code --evict} every call starts with
 * the CPU's caches emptied (a 32 MiB buffer written over first), as a launch's classification does after the
 * fork of the launch before it: then the data and code a classification touches is what it costs.
 *   java -cp bench/target/cmdgate-bench.jar dev.cmdgate.bench.SideBySide OLD.jar NEW.jar [ROUNDS] [--evict]
 * where each jar is a {@code cmdgate-bench.jar} of the build to compare (it holds the core and the mix).
 */
public final class SideBySide {

    private SideBySide() {
    }

    /** One build: its classifier and mix, called through reflection (the same cost for both). */
    static final class Build {
        final String name;
        final Object classifier;
        final Object[] entries;
        final Method classify;

        Build(String jar) throws ReflectiveOperationException, java.io.IOException {
            name = jar;
            ClassLoader loader = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            classifier = loader.loadClass("dev.cmdgate.core.classify.Classifiers").getMethod("standard", Path.class)
                    .invoke(null, (Object) null);
            entries = ((List<?>) loader.loadClass("dev.cmdgate.bench.Mix").getMethod("load", String.class)
                    .invoke(null, "all")).toArray();
            classify = loader.loadClass("dev.cmdgate.bench.Mix$Entry")
                    .getMethod("classify", loader.loadClass("dev.cmdgate.core.CommandClassifier"));
        }

        Object run(int i) throws ReflectiveOperationException {
            return classify.invoke(entries[i], classifier);
        }
    }

    /** Writes one byte of every cache line of {@code buffer} (when there is one), which evicts what came before. */
    private static void evict(byte[] buffer, int salt) {
        if (buffer != null) {
            for (int i = 0; i < buffer.length; i += 64) {
                buffer[i] += (byte) salt;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SideBySide OLD.jar NEW.jar [ROUNDS] [--evict]");
            System.exit(2);
        }
        Build a = new Build(args[0]);
        Build b = new Build(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3000;
        byte[] evict = args.length > 3 && args[3].equals("--evict") ? new byte[32 << 20] : null;
        int n = a.entries.length;
        if (b.entries.length != n) {
            throw new IllegalStateException("the two builds' mixes differ: " + n + " and " + b.entries.length + " lines");
        }
        Object sink = null;
        long warmEnd = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < warmEnd) {
            for (int i = 0; i < n; i++) {
                sink = a.run(i);
                sink = b.run(i);
            }
        }
        long[] ta = new long[rounds * n];
        long[] tb = new long[rounds * n];
        int k = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++, k++) {
                boolean aFirst = (r + i) % 2 == 0;
                Build first = aFirst ? a : b;
                Build second = aFirst ? b : a;
                evict(evict, k);
                long t0 = System.nanoTime();
                sink = first.run(i);
                long t1 = System.nanoTime();
                evict(evict, k);
                long t2 = System.nanoTime();
                sink = second.run(i);
                long t3 = System.nanoTime();
                ta[k] = aFirst ? t1 - t0 : t3 - t2;
                tb[k] = aFirst ? t3 - t2 : t1 - t0;
            }
        }
        double meanA = Arrays.stream(ta).average().orElse(0) / 1000;
        double meanB = Arrays.stream(tb).average().orElse(0) / 1000;
        Arrays.sort(ta);
        Arrays.sort(tb);
        System.out.printf("%d lines x %d rounds, one thread (%s)%n", n, rounds, sink == null ? "" : "ok");
        System.out.printf("A %s: mean %.3f, p50 %.3f, p90 %.3f, p99 %.3f us%n", a.name, meanA, PerCommand.pct(ta, 50),
                PerCommand.pct(ta, 90), PerCommand.pct(ta, 99));
        System.out.printf("B %s: mean %.3f, p50 %.3f, p90 %.3f, p99 %.3f us%n", b.name, meanB, PerCommand.pct(tb, 50),
                PerCommand.pct(tb, 90), PerCommand.pct(tb, 99));
        System.out.printf("B/A: mean %.3f, p50 %.3f, p90 %.3f, p99 %.3f%n", meanB / meanA,
                PerCommand.pct(tb, 50) / PerCommand.pct(ta, 50), PerCommand.pct(tb, 90) / PerCommand.pct(ta, 90),
                PerCommand.pct(tb, 99) / PerCommand.pct(ta, 99));
    }
}
