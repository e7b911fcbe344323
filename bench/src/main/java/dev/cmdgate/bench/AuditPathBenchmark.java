package dev.cmdgate.bench;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.gate.GateDecision;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pieces of one allowed launch's record, to see what the audit line costs and what a cheaper
 * design would save: the decision id ({@code UUID.randomUUID}, a SecureRandom read per launch) against
 * a counter, the timestamp, the JSON line, and the append with and without the exclusive file lock.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class AuditPathBenchmark {

    private static final AtomicLong COUNTER = new AtomicLong();
    private static final String PREFIX = UUID.randomUUID().toString().substring(0, 19);

    private Decision decision;
    private String line;
    private Path file;
    private AuditSink sink;
    private FileChannel raw;

    @Setup
    public void setup() throws IOException {
        Classification c = Classifiers.standard(null).classifyArgv(List.of("git", "status"), Map.of());
        decision = new Decision(UUID.randomUUID().toString(), Instant.now(), List.of("git", "status"), "/work/project", c,
                GateDecision.ALLOW, Outcome.ALLOWED, List.of(), "autonomy=full", "enforce",
                "com.example.Agent.run(Agent.java:42)", null, null, Map.of());
        line = decision.auditLine();
        file = Files.createTempFile("cmdgate-bench-audit", ".jsonl");
        sink = new AuditSink(file);
        raw = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    @Setup(Level.Iteration)
    public void truncate() throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(0);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        raw.close();
        Files.deleteIfExists(file);
    }

    @Benchmark
    public String idRandomUuid() {
        return UUID.randomUUID().toString();
    }

    /** A per-JVM random prefix and a counter: unique within and (practically) across JVMs. */
    @Benchmark
    public String idCounter() {
        long n = COUNTER.incrementAndGet();
        return PREFIX + String.format("-%012x", n);
    }

    @Benchmark
    public String timestamp() {
        return Instant.now().toString();
    }

    @Benchmark
    public String jsonLine() {
        return decision.auditLine();
    }

    /** What AuditSink did before it dropped the lock: lock the whole file, append, unlock (three system calls). */
    @Benchmark
    public void appendLocked() throws IOException {
        sink.write(line);
    }

    /** One O_APPEND write() of the whole line, no lock. */
    @Benchmark
    public int appendUnlocked() throws IOException {
        return raw.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
    }
}
