package dev.cmdgate.bench;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The worst cases of docs/performance.md timed by the classifying thread's CPU time as well as wall time. On a
 * shared, overloaded machine JMH's wall-clock scores of a 100 ms operation swing several-fold with the
 * other load; CPU time leaves out the time the thread waited for a core. For each family the four
 * sizes are run in interleaved rounds (after a warm-up of every size), and the medians are printed
 * with the ratio between consecutive sizes (sizes double: 2.0 is linear) and the first, cold call.
 *   java -cp bench/target/cmdgate-bench.jar dev.cmdgate.bench.WorstCaseCpu [ROUNDS] [family…]
 *   families: argv words word subshell substitution group if semicolon pipe mixed env nice (default: all)
 */
public final class WorstCaseCpu {

    private WorstCaseCpu() {
    }

    record Family(String name, String unit, int[] sizes) {
        boolean isArgv() {
            return name.equals("argv");
        }

        Object input(int size) {
            return switch (name) {
                case "argv" -> WorstCases.longArgv(size);
                case "words" -> WorstCases.longLine(size);
                case "word" -> WorstCases.longWord(size);
                case "subshell", "substitution", "group", "if" -> WorstCases.nesting(name, size);
                case "env", "nice" -> WorstCases.wrappers(name, size);
                default -> WorstCases.separators(name, size);
            };
        }
    }

    static final int[] BYTES = {131072, 262144, 524288, 1048576};
    static final int[] DEPTHS = {1250, 2500, 5000, 10000};
    static final int[] COUNTS = {12500, 25000, 50000, 100000};
    /** Wrapper chains cost the most per word (each level is unwrapped and judged): a quarter of the sizes keeps the run short. */
    static final int[] WRAPPERS = {3125, 6250, 12500, 25000};

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        List<Family> all = List.of(
                new Family("argv", "bytes", BYTES), new Family("words", "bytes", BYTES), new Family("word", "bytes", BYTES),
                new Family("subshell", "depth", DEPTHS), new Family("substitution", "depth", DEPTHS),
                new Family("group", "depth", DEPTHS), new Family("if", "depth", DEPTHS),
                new Family("semicolon", "separators", COUNTS), new Family("pipe", "separators", COUNTS),
                new Family("mixed", "separators", COUNTS),
                new Family("env", "wrappers", WRAPPERS), new Family("nice", "wrappers", WRAPPERS));
        List<String> wanted = args.length > 1 ? Arrays.asList(args).subList(1, args.length) : List.of();
        CommandClassifier classifier = Classifiers.standard(null);
        classifier.classifyShell("true");   // rules loaded and classes initialised: not part of any figure
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        System.out.printf("worst cases: median of %d interleaved rounds after warm-up; thread CPU ms (wall ms)%n", rounds);
        for (Family f : all) {
            if (!wanted.isEmpty() && !wanted.contains(f.name())) {
                continue;
            }
            Object[] inputs = new Object[f.sizes().length];
            for (int i = 0; i < inputs.length; i++) {
                inputs[i] = f.input(f.sizes()[i]);
            }
            double[] cold = time(mx, classifier, inputs[inputs.length - 1]);
            String verdict = "";
            for (int w = 0; w < 3; w++) {
                for (Object in : inputs) {
                    Classification c = classify(classifier, in);
                    verdict = c.commandClass().label() + ", " + c.findings().size() + " findings";
                }
            }
            List<List<double[]>> t = new ArrayList<>();
            for (int i = 0; i < inputs.length; i++) {
                t.add(new ArrayList<>());
            }
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < inputs.length; i++) {
                    t.get(i).add(time(mx, classifier, inputs[i]));
                }
            }
            StringBuilder line = new StringBuilder();
            double prev = 0;
            double firstCpu = 0;
            double lastCpu = 0;
            for (int i = 0; i < inputs.length; i++) {
                double cpu = median(t.get(i), 0);
                double wall = median(t.get(i), 1);
                line.append(String.format("  %s=%d: %.1f (%.1f)", f.unit(), f.sizes()[i], cpu, wall));
                if (prev > 0) {
                    line.append(String.format(" x%.2f", cpu / prev));
                }
                prev = cpu;
                if (i == 0) {
                    firstCpu = cpu;
                }
                lastCpu = cpu;
            }
            double growth = lastCpu / firstCpu / ((double) f.sizes()[f.sizes().length - 1] / f.sizes()[0]);
            System.out.printf("%-12s%s%n", f.name(), line);
            System.out.printf("%-12s  largest: %.1f ms CPU (target <= 200: %s); per-unit cost largest/smallest %.2f (1.00 = linear);"
                    + " cold first call %.1f ms CPU (%.1f wall); verdict %s%n", "", lastCpu, lastCpu <= 200 ? "MET" : "MISSED",
                    growth, cold[0], cold[1], verdict);
        }
    }

    @SuppressWarnings("unchecked")
    static Classification classify(CommandClassifier c, Object input) {
        return input instanceof String s ? c.classifyShell(s) : c.classifyArgv((List<String>) input, java.util.Map.of());
    }

    static double[] time(ThreadMXBean mx, CommandClassifier c, Object input) {
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        Classification r = classify(c, input);
        long wall = System.nanoTime() - t0;
        long cpu = mx.getCurrentThreadCpuTime() - c0;
        if (r == null) {
            throw new AssertionError();
        }
        return new double[] {cpu / 1e6, wall / 1e6};
    }

    static double median(List<double[]> xs, int k) {
        double[] v = new double[xs.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = xs.get(i)[k];
        }
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
