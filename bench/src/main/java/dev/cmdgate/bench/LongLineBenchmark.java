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
 * Worst case "a 1 MiB command line" at four sizes (128 KiB … 1 MiB). Target: ≤ 200 ms at
 * 1 MiB, time linear in size. {@code words}: one command with ~100k words in every quoting style;
 * {@code word}: one single-quoted 1 MiB word; {@code argv}: no shell, {@code ls -la} and ~90k file
 * names in a 1 MiB argv (what {@code ProcessBuilder} can really be given: Linux caps one argument at
 * 128 KiB, so a 1 MiB {@code sh -c} script cannot be exec'd — but the CLI and a prompt still see it).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class LongLineBenchmark {

    @Param({"words", "word", "argv"})
    public String kind;

    @Param({"131072", "262144", "524288", "1048576"})
    public int bytes;

    private CommandClassifier classifier;
    private String line;
    private java.util.List<String> argv;

    @Setup
    public void setup() {
        classifier = Classifiers.standard(null);
        line = kind.equals("word") ? WorstCases.longWord(bytes) : WorstCases.longLine(bytes);
        argv = kind.equals("argv") ? WorstCases.longArgv(bytes) : null;
        classifier.classifyShell("true");   // rules loaded before the first measured call
    }

    @Benchmark
    public Classification classify() {
        return argv != null ? classifier.classifyArgv(argv, java.util.Map.of()) : classifier.classifyShell(line);
    }
}
