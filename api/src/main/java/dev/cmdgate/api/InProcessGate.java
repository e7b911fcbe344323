package dev.cmdgate.api;

import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.util.Properties;

/**
 * {@link Cmdgate#check} when no agent runs: the standard classifier and the gate, configured from
 * {@code cmdgate.autonomy} / {@code cmdgate.level} (default supervised). A value that cannot be read
 * counts as the strictest tier, readonly: an advisory check must not report more freedom than a
 * misconfigured agent would give.
 */
final class InProcessGate {

    private final Gatekeeper gatekeeper;

    InProcessGate(Properties properties) {
        this.gatekeeper = new Gatekeeper(Classifiers.standard(null), scheme(properties), null);
    }

    static GateScheme scheme(Properties properties) {
        String level = properties.getProperty("cmdgate.level");
        String autonomy = properties.getProperty("cmdgate.autonomy");
        try {
            if (level != null && autonomy == null) {
                return new GateScheme.ByLevel(RiskLevel.parse(level));
            }
            if (level == null) {
                return new GateScheme.ByAutonomy(autonomy == null ? Autonomy.SUPERVISED : Autonomy.parse(autonomy));
            }
        } catch (IllegalArgumentException e) {
            // fall through to the strictest tier
        }
        return new GateScheme.ByAutonomy(Autonomy.READONLY);
    }

    CheckResult check(Launch launch) {
        Verdict v = gatekeeper.judge(launch);
        return new CheckResult(v.gate(), v.gate(), v.classification().commandClass(), v.classification().level(),
                v.reasons(), v.classification().findings(), launch.argv(), launch.cwd(), gatekeeper.scheme().describe(),
                false);
    }

    /** Built on the first check without an agent; immutable afterwards (a constant, not mutable state). */
    static final class Holder {
        static final InProcessGate INSTANCE = new InProcessGate(System.getProperties());

        private Holder() {
        }
    }
}
