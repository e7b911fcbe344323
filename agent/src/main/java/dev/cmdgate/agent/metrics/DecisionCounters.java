package dev.cmdgate.agent.metrics;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gate's live counts, kept by the decision path and read by the MBean ({@link GateMBean}): launches
 * by class and outcome, and — in {@code mode=audit} — what each tier would have refused or asked about.
 * Counting a decision is a few array reads and atomic increments: it allocates nothing and takes no lock.
 * The decision times are kept beside them ({@link #timed}).
 */
public final class DecisionCounters {

    private static final CommandClass[] CLASSES = CommandClass.values();
    private static final int OUTCOMES = LaunchOutcome.ALL.length;

    private final GateScheme scheme;
    private final boolean auditMode;
    /** [class × outcome] */
    private final AtomicLong[] launches = cells(CLASSES.length * OUTCOMES);
    /** [tier × class], audit mode only */
    private final AtomicLong[] wouldRefuse = cells(OtherTiers.TIERS.length * CLASSES.length);
    private final AtomicLong[] wouldPrompt = cells(OtherTiers.TIERS.length * CLASSES.length);
    private final DecisionTimes times = new DecisionTimes();

    /**
     * @param scheme    the configured scheme: a refusal it alone would not make stands under every tier
     * @param auditMode whether the JVM runs in {@code mode=audit} (only then are the "would" counts kept)
     */
    public DecisionCounters(GateScheme scheme, boolean auditMode) {
        this.scheme = scheme;
        this.auditMode = auditMode;
    }

    private static AtomicLong[] cells(int n) {
        AtomicLong[] a = new AtomicLong[n];
        for (int i = 0; i < n; i++) {
            a[i] = new AtomicLong();
        }
        return a;
    }

    /** Counts one recorded decision; a pre-check of the application API (nothing launched) is not a launch. */
    public void recorded(Decision d) {
        if (d.precheck() != null) {
            return;
        }
        CommandClass c = d.classification().commandClass();
        PromptRecord p = d.prompt();
        LaunchOutcome o = p == null ? LaunchOutcome.of(d.outcome() == Outcome.ALLOWED, null, null, null)
                : LaunchOutcome.of(d.outcome() == Outcome.ALLOWED, p.handler(), p.answer(), p.detail());
        launches[c.ordinal() * OUTCOMES + o.ordinal()].incrementAndGet();
        if (auditMode) {
            boolean whatever = OtherTiers.refusedWhateverTier(d.gate(), scheme.decide(d.classification()),
                    passportDenied(d.oap()));
            for (int t = 0; t < OtherTiers.TIERS.length; t++) {
                GateDecision g = OtherTiers.under(OtherTiers.TIERS[t], c, whatever);
                if (g == GateDecision.BLOCK) {
                    wouldRefuse[t * CLASSES.length + c.ordinal()].incrementAndGet();
                } else if (g == GateDecision.PROMPT) {
                    wouldPrompt[t * CLASSES.length + c.ordinal()].incrementAndGet();
                }
            }
        }
    }

    /** Counts how long one launch waited for its decision. */
    public void timed(long nanos) {
        times.add(nanos);
    }

    private static boolean passportDenied(Map<String, Object> oap) {
        return oap != null && Boolean.FALSE.equals(oap.get("allow"));
    }

    public long launches(CommandClass c, LaunchOutcome o) {
        return launches[c.ordinal() * OUTCOMES + o.ordinal()].get();
    }

    /** In audit mode: launches of class {@code c} that {@code tier} would have refused outright. */
    public long wouldRefuse(Autonomy tier, CommandClass c) {
        return wouldRefuse[tier.ordinal() * CLASSES.length + c.ordinal()].get();
    }

    /** In audit mode: launches of class {@code c} that {@code tier} would have asked a person about. */
    public long wouldPrompt(Autonomy tier, CommandClass c) {
        return wouldPrompt[tier.ordinal() * CLASSES.length + c.ordinal()].get();
    }

    public DecisionTimes times() {
        return times;
    }
}
