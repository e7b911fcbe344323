package dev.cmdgate.bench;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import java.util.List;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Classification: per-command latency of {@code CommandClassifier} over a realistic mix,
 * one thread. Each invocation classifies the next command of the mix (round robin), so
 * {@link Mode#SampleTime}'s distribution is the per-command latency distribution: read p0.50 and
 * p0.99 (targets: ≤ 5 µs and ≤ 50 µs).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Threads(1)
@State(Scope.Thread)
public class ClassifyBenchmark {

    /** all = the shared corpus plus the typical agent lines; corpus and typical separately. */
    @Param({"all", "typical", "corpus"})
    public String mix;

    private CommandClassifier classifier;
    private Mix.Entry[] entries;
    private int next;

    @Setup
    public void setup() {
        classifier = Classifiers.standard(null);
        List<Mix.Entry> list = Mix.load(mix);
        entries = list.toArray(new Mix.Entry[0]);
    }

    @Benchmark
    public Classification classify() {
        Mix.Entry e = entries[next];
        next = next + 1 == entries.length ? 0 : next + 1;
        return e.classify(classifier);
    }
}
