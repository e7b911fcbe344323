package dev.cmdgate.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds of the classifier, each in JVMs of its own as JMH runs them, compared command by command: every
 * run times each command of the mix ({@code all}, round robin as {@link ClassifyBenchmark} does) in a fresh
 * JVM per build, the builds' JVMs alternating, and each command counts the median of its runs. On a machine
 * whose speed changes from one minute to the next, take five runs or more; unlike {@link SideBySide}, a
 * build's cache footprint and its JIT's decisions are its own.
 *   java -cp bench/target/cmdgate-bench.jar dev.cmdgate.bench.Separately OLD.jar NEW.jar [RUNS] [ROUNDS]
 */
public final class Separately {

    private Separately() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("--one")) {
            one(args[1], args.length > 2 ? Integer.parseInt(args[2]) : 400);
            return;
        }
        if (args.length < 2) {
            System.err.println("usage: Separately OLD.jar NEW.jar [RUNS] [ROUNDS]");
            System.exit(2);
        }
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        String rounds = args.length > 3 ? args[3] : "400";
        List<long[]> runsA = new ArrayList<>();
        List<long[]> runsB = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            boolean aFirst = r % 2 == 0;
            long[] first = fork(aFirst ? args[0] : args[1], rounds);
            long[] second = fork(aFirst ? args[1] : args[0], rounds);
            runsA.add(aFirst ? first : second);
            runsB.add(aFirst ? second : first);
        }
        long[] a = medians(runsA);
        long[] b = medians(runsB);
        double[] ratios = new double[a.length];
        long sumA = 0;
        long sumB = 0;
        for (int i = 0; i < a.length; i++) {
            ratios[i] = (double) b[i] / a[i];
            sumA += a[i];
            sumB += b[i];
        }
        Arrays.sort(ratios);
        long[] sa = a.clone();
        long[] sb = b.clone();
        Arrays.sort(sa);
        Arrays.sort(sb);
        System.out.printf("%d commands, median of %d runs each (one JVM per build and run)%n", a.length, runs);
        System.out.printf("A %s: median command %.2f us, p99 %.2f us%n", args[0], PerCommand.pct(sa, 50), PerCommand.pct(sa, 99));
        System.out.printf("B %s: median command %.2f us, p99 %.2f us%n", args[1], PerCommand.pct(sb, 50), PerCommand.pct(sb, 99));
        System.out.printf("B/A: median of the commands' ratios %.3f, sum %.3f, median command %.3f, p99 %.3f%n",
                ratios[ratios.length / 2], (double) sumB / sumA, PerCommand.pct(sb, 50) / PerCommand.pct(sa, 50),
                PerCommand.pct(sb, 99) / PerCommand.pct(sa, 99));
    }

    /** Each command's median over the runs. */
    private static long[] medians(List<long[]> runs) {
        int n = runs.get(0).length;
        long[] out = new long[n];
        long[] of = new long[runs.size()];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < of.length; r++) {
                if (runs.get(r).length != n) {
                    throw new IllegalStateException("the runs' mixes differ: " + n + " and " + runs.get(r).length + " lines");
                }
                of[r] = runs.get(r)[i];
            }
            Arrays.sort(of);
            out[i] = of[of.length / 2];
        }
        return out;
    }

    /** One run of one build in a JVM of its own: the median nanoseconds of each command, in mix order. */
    private static long[] fork(String jar, String rounds) throws IOException, InterruptedException, URISyntaxException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String self = Path.of(Separately.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Process p = new ProcessBuilder(java, "-Xms512m", "-Xmx512m", "-cp", self, Separately.class.getName(), "--one",
                jar, rounds).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<Long> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                out.add(Long.parseLong(line.trim()));
            }
        }
        if (p.waitFor() != 0 || out.isEmpty()) {
            throw new IllegalStateException("the run of " + jar + " failed");
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static void one(String jar, int rounds) throws Exception {
        SideBySide.Build build = new SideBySide.Build(jar);
        int n = build.entries.length;
        Object sink = null;
        long warmEnd = System.nanoTime() + 8_000_000_000L;
        while (System.nanoTime() < warmEnd) {
            for (int i = 0; i < n; i++) {
                sink = build.run(i);
            }
        }
        long[][] t = new long[n][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                sink = build.run(i);
                t[i][r] = System.nanoTime() - t0;
            }
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            Arrays.sort(t[i]);
            b.append(t[i][rounds / 2]).append('\n');
        }
        System.out.print(sink == null ? "" : b);
    }
}
