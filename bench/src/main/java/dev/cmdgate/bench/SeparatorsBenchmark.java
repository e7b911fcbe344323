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
 * Worst case "100,000 separators" at four counts: {@code true; ls -l; …}, a 100,000-stage
 * pipeline, and a rotation of {@code ; && || | newline &}. Target: ≤ 200 ms at 100,000, linear.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class SeparatorsBenchmark {

    @Param({"semicolon", "pipe", "mixed"})
    public String kind;

    @Param({"12500", "25000", "50000", "100000"})
    public int count;

    private CommandClassifier classifier;
    private String line;

    @Setup
    public void setup() {
        classifier = Classifiers.standard(null);
        classifier.classifyShell("true");   // rules loaded before the first measured call
        line = WorstCases.separators(kind, count);
    }

    @Benchmark
    public Classification classify() {
        return classifier.classifyShell(line);
    }
}
