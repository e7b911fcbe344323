package dev.cmdgate.api.bridge;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.util.ArrayList;
import java.util.List;

/** INTERNAL — builds a {@link CheckResult} the same way for the agent and for the in-process fallback. */
public final class Checks {

    private Checks() {
    }

    /**
     * @param decision what a launch would meet now (after the mode, remembered answers and a prompt
     *                 handler whose answer is certain)
     * @param extra    reasons to put first (why {@code decision} differs from the gate), may be empty
     */
    public static CheckResult result(Launch launch, Verdict verdict, GateDecision decision, List<Reason> extra,
                                     String scheme, boolean agentActive) {
        List<Reason> reasons = new ArrayList<>(extra);
        reasons.addAll(verdict.reasons());
        return new CheckResult(decision, verdict.gate(), verdict.classification().commandClass(),
                verdict.classification().level(), reasons, verdict.classification().findings(), launch.argv(),
                launch.cwd(), scheme, agentActive);
    }
}
