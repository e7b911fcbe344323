package dev.cmdgate.agent.hook;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Several passports that must all allow: the user's and those of the projects a call runs in. The first one's
 * decision object is the one recorded; every failure of any of them is a reason.
 */
final class AllPolicies implements PolicyCheck {

    private final List<PolicyCheck> policies;

    AllPolicies(List<PolicyCheck> policies) {
        this.policies = List.copyOf(policies);
    }

    @Override
    public Result evaluate(Launch launch, Classification classification) {
        List<Reason> failures = new ArrayList<>();
        Map<String, Object> decision = null;
        Duration limit = null;
        String notice = null;
        for (PolicyCheck p : policies) {
            Result r = p.evaluate(launch, classification);
            failures.addAll(r.failures());
            if (decision == null) {
                decision = r.decision();
            }
            if (r.executionLimit() != null && (limit == null || r.executionLimit().compareTo(limit) < 0)) {
                limit = r.executionLimit();
            }
            if (notice == null) {
                notice = r.notice();
            }
        }
        return new Result(failures, decision, limit, notice);
    }

    @Override
    public Map<String, Object> seal(Map<String, Object> decision, Map<String, Object> bound) {
        return policies.get(0).seal(decision, bound);
    }
}
