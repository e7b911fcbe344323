package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A policy consulted after classification (the OAP passport). Any failure blocks, whatever the gate says. */
public interface PolicyCheck {

    Result evaluate(Launch launch, Classification classification);

    /**
     * The decision object to record once the decision is final: {@code decision} as it is, or signed so
     * that the signature also binds the launch and what happened to it ({@code bound}, the fields of
     * {@link LaunchBinding}: argv, directory, environment changes, redirects, decision id and outcome).
     * By default unchanged.
     */
    default Map<String, Object> seal(Map<String, Object> decision, Map<String, Object> bound) {
        return decision;
    }

    /**
     * @param failures       empty when the policy allows
     * @param decision       the object recorded as {@code oap} in audit lines and CLI output
     * @param executionLimit how long an allowed process may run (the watchdog enforces it), or null
     * @param notice         something about the policy itself worth telling the user once (e.g. the
     *                       passport file changed or became invalid), or null
     */
    record Result(List<Reason> failures, Map<String, Object> decision, Duration executionLimit, String notice) {
        public Result {
            failures = List.copyOf(failures);
        }

        public boolean allows() {
            return failures.isEmpty();
        }
    }
}
