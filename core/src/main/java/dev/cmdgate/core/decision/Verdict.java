package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.gate.GateDecision;
import java.util.List;
import java.util.Map;

/**
 * The gatekeeper's answer before prompts and mode: classification, gate decision, reasons, and the
 * policy's result when a policy is configured (else null).
 */
public record Verdict(Classification classification, GateDecision gate, List<Reason> reasons, PolicyCheck.Result policy) {

    public Verdict {
        reasons = List.copyOf(reasons);
    }

    /** The OAP decision object, or null without a policy. */
    public Map<String, Object> oap() {
        return policy == null ? null : policy.decision();
    }
}
