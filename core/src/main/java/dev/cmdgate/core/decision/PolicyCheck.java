package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import java.util.List;
import java.util.Map;

/** A policy consulted after classification (the OAP passport). Any failure blocks, whatever the gate says. */
public interface PolicyCheck {

    Result evaluate(Launch launch, Classification classification);

    /** @param failures empty when the policy allows; {@code decision} is the object recorded as {@code oap} */
    record Result(List<Reason> failures, Map<String, Object> decision) {
        public boolean allows() {
            return failures.isEmpty();
        }
    }
}
