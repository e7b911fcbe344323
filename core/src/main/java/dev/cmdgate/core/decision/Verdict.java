package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.gate.GateDecision;
import java.util.List;
import java.util.Map;

/** The gatekeeper's answer before prompts and mode: classification, gate decision, reasons, OAP decision. */
public record Verdict(Classification classification, GateDecision gate, List<Reason> reasons, Map<String, Object> oap) {

    public Verdict {
        reasons = List.copyOf(reasons);
    }
}
