package dev.cmdgate.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ReadOnlyFileSystem;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.JdkHandoff;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.bridge.HandlerAdapter;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters as the decision path keeps them: a real {@link LaunchGuard} decides launches (none is
 * started: {@code checkStart} answers before any process exists) and the counts are read back, each one
 * that must be zero included.
 */
@Timeout(60)
class DecisionCountersTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void quietStderr() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(savedErr);
    }

    /** Answers by the launch's last word: yes allows, wait never answers in time, anything else denies. */
    private static PromptResolver scripted() {
        PromptResolver g = new PromptResolver("auto", Duration.ofSeconds(1));
        g.install(new HandlerAdapter((dev.cmdgate.api.PromptHandler) request -> {
            String last = request.argv().get(request.argv().size() - 1);
            if (last.equals("wait")) {
                Thread.sleep(30_000);
            }
            return last.equals("yes") ? PromptAnswer.ALLOW : PromptAnswer.DENY;
        }), "scripted");
        return g;
    }

    private static AgentConfig config(Autonomy tier, AgentConfig.Mode mode, Path audit, AgentConfig.AuditFailure failure) {
        return new AgentConfig(new GateScheme.ByAutonomy(tier), mode, null, "auto", Duration.ofSeconds(1), audit, failure,
                null, AgentConfig.StdinMode.OFF, null);
    }

    /** The launch path as the agent wires it: the JDK hooks' hand-off over a guard that counts. */
    private record Wired(LaunchGuard guard, JdkHandoff handoff) {
    }

    private static Wired guard(AgentConfig config, AuditSink audit, PromptResolver prompts, DecisionCounters counters) {
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), config.scheme(), null);
        AgentLog log = new AgentLog();
        LaunchGuard guard = new LaunchGuard(config, () -> gatekeeper, audit, prompts, log, Map::of, null, counters);
        return new Wired(guard, new JdkHandoff(guard, config, audit, log, new ProcessWatchdog()));
    }

    /** Decides a launch of {@code argv} in {@code dir}; true when it is allowed. */
    private boolean launch(Wired g, String... argv) {
        try {
            g.handoff().checkStart(argv, null, dir.toString(), new Redirect[3], false);
            return true;
        } catch (SecurityException refused) {
            return false;
        }
    }

    /** Every class × outcome count, with those not listed asserted zero. */
    private static void assertLaunches(DecisionCounters c, Map<CommandClass, Map<LaunchOutcome, Long>> expected) {
        for (CommandClass k : CommandClass.values()) {
            for (LaunchOutcome o : LaunchOutcome.values()) {
                long want = expected.getOrDefault(k, Map.of()).getOrDefault(o, 0L);
                assertThat(c.launches(k, o)).as(k + " " + o.label()).isEqualTo(want);
            }
        }
    }

    @Test
    void enforcingCountsEachOutcomeOfEachClassAndTimesEveryDecision() {
        AgentConfig config = config(Autonomy.SUPERVISED, AgentConfig.Mode.ENFORCE, dir.resolve("audit.jsonl"),
                AgentConfig.AuditFailure.BLOCK);
        DecisionCounters c = new DecisionCounters(config.scheme(), false);
        Wired g = guard(config, new AuditSink(config.audit()), scripted(), c);

        assertThat(launch(g, "echo", "hi")).isTrue();
        assertThat(launch(g, "echo", "again")).isTrue();
        assertThat(launch(g, "touch", "yes")).isTrue();
        assertThat(launch(g, "touch", "no")).isFalse();
        assertThat(launch(g, "touch", "wait")).isFalse();
        assertThat(launch(g, "rm", "-rf", "no")).isFalse();
        assertThat(launch(g, "rm", "-rf", "yes")).isTrue();

        Map<CommandClass, Map<LaunchOutcome, Long>> want = new EnumMap<>(CommandClass.class);
        want.put(CommandClass.READ, Map.of(LaunchOutcome.ALLOWED, 2L));
        want.put(CommandClass.WRITE, Map.of(LaunchOutcome.PROMPTED_ALLOWED, 1L, LaunchOutcome.PROMPTED_DENIED, 1L,
                LaunchOutcome.PROMPT_TIMEOUT, 1L));
        want.put(CommandClass.DESTRUCTIVE, Map.of(LaunchOutcome.PROMPTED_DENIED, 1L, LaunchOutcome.PROMPTED_ALLOWED, 1L));
        assertLaunches(c, want);

        long[] buckets = c.times().cumulative();
        assertThat(buckets[buckets.length - 1]).as("+Inf: every decision").isEqualTo(7);
        int halfSecond = List.of(DecisionTimes.BOUNDS).indexOf("0.5");
        assertThat(buckets[halfSecond]).as("the timed-out prompt took over a second").isLessThanOrEqualTo(6);
        for (int i = 1; i < buckets.length; i++) {
            assertThat(buckets[i]).isGreaterThanOrEqualTo(buckets[i - 1]);
        }
        assertThat(c.times().sumSeconds()).isGreaterThan(0.9);
        for (Autonomy tier : Autonomy.values()) {
            for (CommandClass k : CommandClass.values()) {
                assertThat(c.wouldRefuse(tier, k) + c.wouldPrompt(tier, k)).as("enforce mode keeps no 'would' counts").isZero();
            }
        }
    }

    @Test
    void aRefusalWithoutAPromptIsRefusedAndAFailedAuditWriteToo() {
        AgentConfig config = config(Autonomy.READONLY, AgentConfig.Mode.ENFORCE, dir.resolve("audit.jsonl"),
                AgentConfig.AuditFailure.BLOCK);
        DecisionCounters c = new DecisionCounters(config.scheme(), false);
        Wired g = guard(config, new AuditSink(config.audit()), scripted(), c);
        assertThat(launch(g, "touch", "yes")).as("readonly asks nobody").isFalse();
        assertThat(launch(g, "curl", "https://example.com")).isFalse();

        Path unwritable = ReadOnlyFileSystem.path(dir.resolve("ro.jsonl").toString());
        AuditSink failing = new AuditSink(unwritable);
        DecisionCounters c2 = new DecisionCounters(config.scheme(), false);
        Wired g2 = guard(config(Autonomy.READONLY, AgentConfig.Mode.ENFORCE, unwritable, AgentConfig.AuditFailure.BLOCK),
                failing, scripted(), c2);
        assertThat(launch(g2, "echo", "one")).isFalse();
        assertThat(launch(g2, "echo", "two")).isFalse();

        assertLaunches(c, Map.of(CommandClass.WRITE, Map.of(LaunchOutcome.REFUSED, 1L),
                CommandClass.NETWORK, Map.of(LaunchOutcome.REFUSED, 1L)));
        assertLaunches(c2, Map.of(CommandClass.READ, Map.of(LaunchOutcome.REFUSED, 2L)));
        assertThat(failing.failedWrites()).isEqualTo(2);
    }

    @Test
    void auditModeCountsWhatEachTierWouldHaveRefusedOrAskedAbout() {
        AgentConfig config = config(Autonomy.FULL, AgentConfig.Mode.AUDIT, dir.resolve("audit.jsonl"),
                AgentConfig.AuditFailure.BLOCK);
        DecisionCounters c = new DecisionCounters(config.scheme(), true);
        Wired g = guard(config, new AuditSink(config.audit()), scripted(), c);
        assertThat(launch(g, "echo", "hi")).isTrue();
        assertThat(launch(g, "touch", "no")).isTrue();
        assertThat(launch(g, "touch", "no2")).isTrue();
        assertThat(launch(g, "rm", "-rf", "no")).isTrue();

        assertLaunches(c, Map.of(CommandClass.READ, Map.of(LaunchOutcome.ALLOWED, 1L),
                CommandClass.WRITE, Map.of(LaunchOutcome.ALLOWED, 2L),
                CommandClass.DESTRUCTIVE, Map.of(LaunchOutcome.ALLOWED, 1L)));
        assertThat(c.wouldRefuse(Autonomy.READONLY, CommandClass.WRITE)).isEqualTo(2);
        assertThat(c.wouldRefuse(Autonomy.READONLY, CommandClass.DESTRUCTIVE)).isEqualTo(1);
        assertThat(c.wouldPrompt(Autonomy.SUPERVISED, CommandClass.WRITE)).isEqualTo(2);
        assertThat(c.wouldPrompt(Autonomy.SUPERVISED, CommandClass.DESTRUCTIVE)).isEqualTo(1);
        // full allows Write: the two touches were recorded as allowed by the gate, and counted nowhere
        assertThat(c.wouldPrompt(Autonomy.FULL, CommandClass.WRITE)).isZero();
        assertThat(c.wouldPrompt(Autonomy.FULL, CommandClass.DESTRUCTIVE)).isEqualTo(1);
        assertThat(c.wouldRefuse(Autonomy.FULL, CommandClass.DESTRUCTIVE)).isZero();
        assertThat(c.wouldRefuse(Autonomy.READONLY, CommandClass.READ) + c.wouldPrompt(Autonomy.READONLY, CommandClass.READ))
                .isZero();
    }

    @Test
    void aPreCheckOfTheApplicationApiIsNotALaunch() {
        AgentConfig config = config(Autonomy.READONLY, AgentConfig.Mode.ENFORCE, dir.resolve("audit.jsonl"),
                AgentConfig.AuditFailure.BLOCK);
        DecisionCounters c = new DecisionCounters(config.scheme(), false);
        Wired g = guard(config, new AuditSink(config.audit()), scripted(), c);
        Gatekeeper gk = new Gatekeeper(Classifiers.standard(null), config.scheme(), null);
        Launch touch = Launch.ofArgv(List.of("touch", "x"), dir.toString());
        assertThatCode(() -> g.guard().record(touch, gk.judge(touch), GateDecision.BLOCK, List.of(new Reason("gate.block", "no"))))
                .doesNotThrowAnyException();
        assertLaunches(c, Map.of());
        assertThat(c.times().cumulative()[DecisionTimes.BOUNDS.length]).isZero();
    }

    @Test
    void aRefusalThatIsNotTheTiersStandsUnderEveryTier() {
        for (Autonomy tier : Autonomy.values()) {
            assertThat(OtherTiers.under(tier, CommandClass.READ, OtherTiers.refusedWhateverTier(GateDecision.BLOCK,
                    GateDecision.ALLOW, false))).isEqualTo(GateDecision.BLOCK);
            assertThat(OtherTiers.under(tier, CommandClass.READ, OtherTiers.refusedWhateverTier(GateDecision.ALLOW,
                    GateDecision.ALLOW, true))).as("the passport said no").isEqualTo(GateDecision.BLOCK);
        }
        assertThat(OtherTiers.refusedWhateverTier(GateDecision.BLOCK, GateDecision.BLOCK, false))
                .as("readonly's own refusal").isFalse();
        assertThat(OtherTiers.under(Autonomy.FULL, CommandClass.WRITE, false)).isEqualTo(GateDecision.ALLOW);
    }

    @Test
    void theOutcomesDoNotOverlap() {
        assertThat(LaunchOutcome.of(true, null, null, null)).isEqualTo(LaunchOutcome.ALLOWED);
        assertThat(LaunchOutcome.of(false, null, null, null)).isEqualTo(LaunchOutcome.REFUSED);
        assertThat(LaunchOutcome.of(false, "none", "deny", "launched while cmdgate was deciding")).isEqualTo(LaunchOutcome.REFUSED);
        assertThat(LaunchOutcome.of(true, "remembered", "allow_always", "…")).isEqualTo(LaunchOutcome.PROMPTED_ALLOWED);
        assertThat(LaunchOutcome.of(false, "console", "deny", null)).isEqualTo(LaunchOutcome.PROMPTED_DENIED);
        assertThat(LaunchOutcome.of(false, "https://approvals", "deny",
                "no answer from the approval service https://approvals within 60 s")).isEqualTo(LaunchOutcome.PROMPT_TIMEOUT);
        assertThat(LaunchOutcome.of(false, "x", "deny", "no answer within 1 s")).isEqualTo(LaunchOutcome.PROMPT_TIMEOUT);
        assertThat(LaunchOutcome.of(false, "x", "allow", null)).as("allowed, then its audit line failed")
                .isEqualTo(LaunchOutcome.REFUSED);
        assertThatThrownBy(() -> LaunchOutcome.valueOf("nothing")).isInstanceOf(IllegalArgumentException.class);
    }
}
