package dev.cmdgate.bench;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Worst case "10,000-deep nesting" at four depths, for each nesting construct:
 * {@code ( ( … ) )}, {@code echo $(echo $(…))}, {@code { { …; }; }} and {@code if true; then if …; fi; fi}.
 * Target: ≤ 200 ms at depth 10,000, linear in depth. The benchmark runs on JMH's worker thread with
 * the default thread stack (what an application thread has), so a recursive parser that overflows
 * the stack shows up here as a failure — the classifier must fail closed instead.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class NestingBenchmark {

    @Param({"subshell", "substitution", "group", "if"})
    public String kind;

    @Param({"1250", "2500", "5000", "10000"})
    public int depth;

    private CommandClassifier classifier;
    private String line;

    @Setup
    public void setup() {
        classifier = Classifiers.standard(null);
        classifier.classifyShell("true");   // rules loaded before the first measured call
        line = WorstCases.nesting(kind, depth);
    }

    @Benchmark
    public Classification classify() {
        return classifier.classifyShell(line);
    }
}
