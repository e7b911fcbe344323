package dev.cmdgate.bench;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.launch.JdkHandoff;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.metrics.DecisionCounters;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The gate's decision path over the same mix as {@link ClassifyBenchmark}:
 * <ul>
 *   <li>{@code judge}: {@link Gatekeeper#judge} — parse, classify, policy (none), gate — what the CLI
 *       and the agent share;</li>
 *   <li>{@code guard}: {@link JdkHandoff#checkStart} (deciding through {@link LaunchGuard}) with {@code autonomy=full} and an audit file —
 *       everything the agent does for one launch except the bridge call and the fork: the stack walk
 *       for the caller, the judgement, the decision record, the JSON audit line and its locked append.
 *       Only commands the gate allows under {@code full} are used (a prompt or block would log to
 *       stderr), so this is the per-launch cost of a gated application's ordinary launches.</li>
 * </ul>
 * {@code counting} says what the guard counts for the MBean: {@code off} nothing (no counters), {@code enforce}
 * each launch by class and outcome and its decision time, as a JVM in {@code mode=enforce} does, {@code audit}
 * that and what each tier would have answered, as in {@code mode=audit} (the most counting does per launch).
 * Side by side they show what counting costs a launch; {@code count} is the counting alone, one recorded
 * decision counted as {@code guard} counts it (with {@code off}: JMH's own cost, nothing counted):
 * <pre>java -jar bench/target/cmdgate-bench.jar 'GateBenchmark.(guard|count)' -p counting=off,enforce,audit</pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Threads(1)
@State(Scope.Thread)
public class GateBenchmark {

    @Param({"full"})
    public String autonomy;

    @Param({"off", "enforce", "audit"})
    public String counting;

    private Gatekeeper gatekeeper;
    private Launch[] launches;
    private int next;

    private JdkHandoff guard;
    private String[][] allowed;
    private int nextAllowed;
    private Path auditFile;
    private DecisionCounters counters;
    private Decision sample;

    @Setup
    public void setup() throws IOException {
        auditFile = Files.createTempFile("cmdgate-bench-audit", ".jsonl");
        AgentConfig config = ConfigParser.fromMap(Map.of("autonomy", autonomy, "audit", auditFile.toString(), "prompt", "deny"));
        gatekeeper = new Gatekeeper(Classifiers.standard(null), config.scheme(), null);
        String cwd = System.getProperty("user.dir");
        List<Launch> all = new ArrayList<>();
        List<String[]> ok = new ArrayList<>();
        for (Mix.Entry e : Mix.load("all")) {
            Launch l = e.launch(cwd);
            all.add(l);
            Verdict v = gatekeeper.judge(l);
            if (v.gate() == GateDecision.ALLOW) {
                ok.add(e.cmdarray());
            }
        }
        if (ok.isEmpty()) {
            ok.add(new String[] {"true"});
        }
        launches = all.toArray(new Launch[0]);
        allowed = ok.toArray(new String[0][]);
        Gatekeeper g = gatekeeper;
        AuditSink sink = new AuditSink(auditFile);
        AgentLog log = new AgentLog();
        counters = counting.equals("off") ? null : new DecisionCounters(config.scheme(), counting.equals("audit"));
        LaunchGuard decisions = new LaunchGuard(config, () -> g, sink, new PromptResolver("deny", config.promptTimeout()),
                log, Map::of, () -> null, counters);   // no class declared by the application
        guard = new JdkHandoff(decisions, config, sink, log, new ProcessWatchdog());
        sample = decisions.enforce(Launch.ofArgv(List.of(allowed[0]), cwd), null, null, false).decision();
    }

    /** Keeps the audit file from growing to gigabytes; the sink appends, so truncating under it is safe. */
    @Setup(Level.Iteration)
    public void truncateAudit() throws IOException {
        try (FileChannel ch = FileChannel.open(auditFile, StandardOpenOption.WRITE)) {
            ch.truncate(0);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(auditFile);
    }

    @Benchmark
    public Verdict judge() {
        Launch l = launches[next];
        next = next + 1 == launches.length ? 0 : next + 1;
        return gatekeeper.judge(l);
    }

    @Benchmark
    public Object[] guard() {
        String[] cmd = allowed[nextAllowed];
        nextAllowed = nextAllowed + 1 == allowed.length ? 0 : nextAllowed + 1;
        Object[] launched = guard.checkStart(cmd, null, null, null, false);
        guard.started(null);   // the exit hook: no execution limit configured, so nothing to watch
        return launched;
    }

    @Benchmark
    public DecisionCounters count() {
        DecisionCounters c = counters;
        if (c != null) {
            c.recorded(sample);
            c.timed(40_000);
        }
        return c;
    }

    /** How many of the mix's commands {@code guard} cycles through (for the report). */
    public int allowedCount() {
        return allowed.length;
    }
}
