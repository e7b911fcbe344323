package dev.cmdgate.core.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.testing.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * "linear time": the worst-case input families at four doubling sizes, up to a
 * 1 MiB command line, 10,000 levels of nesting and 100,000 separators. Each answer must arrive (a
 * fail-closed answer is fine) within {@value #MAX_ANY_MS} ms of CPU, and the work must grow roughly
 * linearly: from the second to the largest size (4x the input) the bytes allocated and the CPU time
 * may each grow at most {@value #MAX_GROWTH}x (linear is 4x, quadratic 16x); CPU time is not judged
 * when the largest case takes under {@value #FLOOR_MS} ms anyway. The smallest size only warms up the
 * JIT. Work is counted on this thread ({@link Work}), so other processes on a busy machine change
 * neither figure much, and CPU time is the best of three runs, and of up to three sweeps.
 */
class LinearTimeTest {

    static final double MAX_GROWTH = 10.0;
    static final long FLOOR_MS = 300;
    static final long MAX_ANY_MS = 10_000;
    static final int[] FACTORS = {1, 2, 4, 8};

    static final CommandClassifier CLASSIFIER = Classifiers.standard(null);

    record Family(String name, int base, IntFunction<String> make) {
    }

    static List<Family> shellFamilies() {
        return List.of(
                new Family("1 MiB line of words", 128 * 1024 / 2, n -> "echo " + "a ".repeat(n)),
                new Family("1 MiB single-quoted string", 128 * 1024, n -> "echo '" + "x".repeat(n) + "'"),
                new Family("1 MiB of backslash escapes", 64 * 1024, n -> "echo " + "\\a".repeat(n)),
                new Family("1 MiB unterminated double quote", 128 * 1024, n -> "echo \"" + "x".repeat(n)),
                new Family("nested ( ) to 10,000", 1250, n -> "(".repeat(n) + "ls" + ")".repeat(n)),
                new Family("nested $( ) to 10,000", 1250, n -> "echo " + "$(".repeat(n) + "ls" + ")".repeat(n)),
                new Family("nested { } to 10,000", 1250, n -> "{ ".repeat(n) + "ls" + "; }".repeat(n)),
                new Family("nested \"$( to 10,000", 1250, n -> "echo " + "\"$(".repeat(n) + "ls" + ")\"".repeat(n)),
                new Family("nested ${x:- to 10,000", 1250, n -> "echo " + "${x:-".repeat(n) + "a" + "}".repeat(n)),
                new Family("nested $(( to 10,000", 1250, n -> "echo " + "$((".repeat(n) + "1" + "))".repeat(n)),
                new Family("nested if to 10,000", 1250, n -> "if true; then ".repeat(n) + "ls" + "; fi".repeat(n)),
                new Family("unclosed $( x 10,000", 1250, n -> "echo " + "$(".repeat(n)),
                new Family("unclosed ( x 10,000", 1250, n -> "(".repeat(n)),
                new Family("nested sh -c to 10,000 levels of quoting depth", 1250,
                        n -> "sh -c " + "\"sh -c ".repeat(n) + "ls" + "\"".repeat(n)),
                new Family("100,000 ; separators", 12_500, n -> "true;".repeat(n)),
                new Family("100,000 newlines", 12_500, n -> "ls\n".repeat(n)),
                new Family("100,000 && operators", 12_500, n -> "true && ".repeat(n) + "true"),
                new Family("100,000 pipes", 12_500, n -> "cat | ".repeat(n) + "cat"),
                new Family("100,000 redirections", 12_500, n -> "ls" + " 2>/dev/null".repeat(n)),
                new Family("100,000 here-docs", 12_500, n -> "cat <<E\nx\nE\n".repeat(n)),
                new Family("100,000 brace words", 12_500, n -> "echo " + "{a,b}{c,d} ".repeat(n)),
                new Family("100,000 assignments", 12_500, n -> "a=1 ".repeat(n) + "ls"),
                new Family("100,000 wrappers", 12_500, n -> "nice ".repeat(n) + "ls"),
                new Family("100,000 env wrappers", 12_500, n -> "env ".repeat(n) + "ls"),
                new Family("100,000 substitutions", 12_500, n -> "echo " + "$(ls) ".repeat(n)),
                new Family("100,000 functions", 12_500, n -> "f() { ls; }; ".repeat(n)),
                new Family("100,000 case arms", 12_500, n -> "case x in " + "a) ls;; ".repeat(n) + "esac"));
    }

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicTest> classifyShellGrowsLinearly() {
        return shellFamilies().stream().map(f -> DynamicTest.dynamicTest(f.name(),
                () -> check(f.name(), f.base(), f.make(), CLASSIFIER::classifyShell)));
    }

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicTest> parserGrowsLinearly() {
        return shellFamilies().stream().map(f -> DynamicTest.dynamicTest("parse: " + f.name(),
                () -> check("parse: " + f.name(), f.base(), f.make(), s -> {
                    ParseResult r = ShellParser.parse(s);
                    assertThat(r).isNotNull();
                    return null;
                })));
    }

    @TestFactory
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    Stream<DynamicTest> classifyArgvGrowsLinearly() {
        return Stream.of(
                DynamicTest.dynamicTest("argv: 100,000 arguments", () -> check("argv: 100,000 arguments", 12_500,
                        n -> String.valueOf(n), s -> argv(List.of("ls"), Integer.parseInt(s), "a"))),
                DynamicTest.dynamicTest("argv: 100,000 xargs/env wrappers", () -> check("argv: wrappers", 12_500,
                        n -> String.valueOf(n), s -> argv(List.of(), Integer.parseInt(s), "env"))),
                DynamicTest.dynamicTest("argv: 1 MiB sh -c script", () -> check("argv: 1 MiB sh -c", 128 * 1024 / 4,
                        n -> "ls; ".repeat(n), s -> CLASSIFIER.classifyArgv(List.of("sh", "-c", s), Map.of()))),
                // one-liners: the lexer, the bracket matching and the argument scans stay linear
                DynamicTest.dynamicTest("argv: 1 MiB python -c program", () -> check("argv: 1 MiB python -c", 128 * 1024 / 32,
                        n -> "print(os.path.join('a', x))\n".repeat(n),
                        s -> CLASSIFIER.classifyArgv(List.of("python3", "-c", s), Map.of()))),
                DynamicTest.dynamicTest("argv: python -c calls nested 10,000 deep", () -> check("argv: nested calls", 1250,
                        n -> "os.system(" + "f(".repeat(n) + ")".repeat(n + 1),
                        s -> CLASSIFIER.classifyArgv(List.of("python3", "-c", "import os\n" + s), Map.of()))),
                DynamicTest.dynamicTest("argv: ruby -e interpolations nested 10,000 deep", () -> check("argv: nested #{", 1250,
                        n -> "puts " + "\"#{".repeat(n) + "1" + "}\"".repeat(n),
                        s -> CLASSIFIER.classifyArgv(List.of("ruby", "-e", s), Map.of()))),
                DynamicTest.dynamicTest("argv: 100,000 default words", () -> check("argv: default words", 12_500,
                        n -> "ls " + "${x:--l} ".repeat(n), s -> CLASSIFIER.classifyArgv(List.of("sh", "-c", s), Map.of()))));
    }

    /**
     * The judge itself: a quadratic implementation fails it, by the bytes it allocates when it copies and by
     * its CPU time when it only re-reads. Both inputs grow 16x from the second to the largest size, where the
     * judge allows 10x.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aQuadraticImplementationFails() {
        assertThatThrownBy(() -> check("quadratic copying", 2048, n -> "x".repeat(n), LinearTimeTest::copiesQuadratically))
                .isInstanceOf(AssertionError.class).hasMessageContaining("allocation grew");
        assertThatThrownBy(() -> check("quadratic scanning", 3072, n -> "x".repeat(n), LinearTimeTest::scansQuadratically))
                .isInstanceOf(AssertionError.class).hasMessageContaining("CPU time grew");
    }

    /** Copies its input's prefix once per character, as a parser that re-slices what is left would: n²/2 bytes. */
    static Object copiesQuadratically(String s) {
        int h = 0;
        for (int i = 1; i <= s.length(); i++) {
            h += s.substring(0, i).hashCode();
        }
        return h;
    }

    /** Reads its whole input once per character and allocates nothing: only CPU time shows it. */
    static Object scansQuadratically(String s) {
        long h = 0;
        for (int i = 0; i < s.length(); i++) {
            for (int j = 0; j < s.length(); j++) {
                h = h * 31 + s.charAt(j);
            }
        }
        return h;
    }

    static Classification argv(List<String> prefix, int n, String filler) {
        List<String> a = new ArrayList<>(prefix);
        for (int i = 0; i < n; i++) {
            a.add(filler);
        }
        if (prefix.isEmpty()) {
            a.add("ls");
        }
        return CLASSIFIER.classifyArgv(a, Map.of());
    }

    interface Op {
        Object run(String input);
    }

    /** argv families whose input is a count of arguments rather than a text. */
    static boolean counts(String name, String input) {
        return name.startsWith("argv: ") && !input.isEmpty() && input.chars().allMatch(Character::isDigit);
    }

    static void check(String name, int base, IntFunction<String> make, Op op) {
        // warm up on the smallest size
        String warm = make.apply(base);
        for (int i = 0; i < 3; i++) {
            answer(op, warm, name);
        }
        String[] inputs = new String[FACTORS.length];
        int[] len = new int[FACTORS.length];
        for (int k = 0; k < FACTORS.length; k++) {
            inputs[k] = make.apply(base * FACTORS[k]);
            len[k] = counts(name, inputs[k]) ? Integer.parseInt(inputs[k]) : inputs[k].length();
        }
        Work.Cost[] cost = sweep(op, inputs, name, len);
        int last = FACTORS.length - 1;
        String row = row(name, len, cost, counts(name, warm));
        System.out.println(row);
        // Allocation is a count: the same on a quiet and a loaded machine, so it is judged as it is.
        double bytesGrowth = (double) cost[last].bytes() / Math.max(cost[1].bytes(), 1 << 16);
        assertThat(bytesGrowth).as(name + ": allocation grew x" + bytesGrowth + " for 4x the input (" + row + ")")
                .isLessThanOrEqualTo(MAX_GROWTH);
        // CPU time: a quadratic step shows in every sweep; noise (caches, frequency, other processes'
        // memory traffic) rarely in all, so each size keeps its best over up to six sweeps.
        for (int round = 1; round < 6 && cost[last].cpuMillis() > FLOOR_MS && cpuGrowth(cost) > MAX_GROWTH; round++) {
            Work.Cost[] again = sweep(op, inputs, name, len);
            for (int k = 0; k < cost.length; k++) {
                cost[k] = cost[k].min(again[k]);
            }
        }
        if (cost[last].cpuMillis() > FLOOR_MS) {
            assertThat(cpuGrowth(cost)).as(name + ": CPU time grew x" + cpuGrowth(cost) + " for 4x the input ("
                    + row(name, len, cost, counts(name, warm)) + ")").isLessThanOrEqualTo(MAX_GROWTH);
        }
    }

    /** Each size's best of three runs, in this thread's CPU time and allocation. */
    static Work.Cost[] sweep(Op op, String[] inputs, String name, int[] len) {
        Work.Cost[] cost = new Work.Cost[inputs.length];
        for (int k = 0; k < inputs.length; k++) {
            String input = inputs[k];
            cost[k] = Work.best(3, () -> {
                answer(op, input, name);
                return null;
            });
            assertThat(cost[k].cpuMillis()).as(name + " at size " + len[k] + " took " + cost[k].cpuMillis() + " ms of CPU")
                    .isLessThan(MAX_ANY_MS);
        }
        return cost;
    }

    static double cpuGrowth(Work.Cost[] cost) {
        return (double) cost[cost.length - 1].cpuMillis() / Math.max(cost[1].cpuMillis(), 5);
    }

    static String row(String name, int[] len, Work.Cost[] cost, boolean args) {
        StringBuilder sb = new StringBuilder(String.format("%-48s", name));
        for (int k = 0; k < len.length; k++) {
            sb.append(String.format(" %8d %s %6d ms %8d KB |", len[k], args ? "args " : "chars", cost[k].cpuMillis(),
                    cost[k].bytes() / 1024));
        }
        return sb.append(String.format(" CPU growth x%.1f", cpuGrowth(cost))).toString();
    }

    static void answer(Op op, String input, String name) {
        Object r;
        try {
            r = op.run(input);
        } catch (StackOverflowError e) {
            throw new AssertionError(name + ": StackOverflowError at " + input.length() + " chars", e);
        } catch (RuntimeException e) {
            throw new AssertionError(name + ": exception at " + input.length() + " chars: " + e, e);
        }
        if (r instanceof Classification c) {
            assertThat(c.commandClass()).as(name + " answered").isNotNull();
        }
    }
}
