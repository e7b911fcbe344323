package dev.cmdgate.agent.metrics;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;

/**
 * What each autonomy tier would have answered a recorded launch, from its class alone — what the live
 * counters and the HTML report show of a week in {@code mode=audit}. A refusal that was not the tier's
 * own (the passport said no, or the decision failed closed) stands under every tier. The text report
 * ({@code cmdgate report FILE --autonomy T}) judges each launch again instead.
 */
public final class OtherTiers {

    /** {@code values()} copies its array on every call; this one is read on the launch path. */
    public static final Autonomy[] TIERS = Autonomy.values();

    private OtherTiers() {
    }

    /**
     * @param recorded     what the gate said when the launch was decided
     * @param schemeAlone  what the configured scheme alone says of the launch's classification
     * @param passportDenied whether the passport's decision object says {@code "allow": false}
     */
    public static boolean refusedWhateverTier(GateDecision recorded, GateDecision schemeAlone, boolean passportDenied) {
        return passportDenied || (recorded == GateDecision.BLOCK && schemeAlone != GateDecision.BLOCK);
    }

    /** What {@code tier} answers a launch of class {@code c}. */
    public static GateDecision under(Autonomy tier, CommandClass c, boolean refusedWhateverTier) {
        return refusedWhateverTier ? GateDecision.BLOCK : tier.decide(c);
    }
}
