package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.classify.Secrets;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.SecretsRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code cmdgate.secrets}: which secret variables of its environment a launch receives. With {@code pass} it
 * receives them all; with {@code scrub} only those the rules grant to every program of its command tree. Either
 * way the names (never the values) go into the audit line.
 */
final class SecretScreen {

    private final AgentConfig.SecretsMode mode;
    private final Supplier<Gatekeeper> gatekeeper;
    /** The secret names of this JVM's own environment (it never changes), for the classifier they were found with. */
    private volatile Inherited inherited;

    private record Inherited(RulesClassifier classifier, List<String> names) {
    }

    SecretScreen(AgentConfig.SecretsMode mode, Supplier<Gatekeeper> gatekeeper) {
        this.mode = mode;
        this.gatekeeper = gatekeeper;
    }

    boolean scrubs() {
        return mode == AgentConfig.SecretsMode.SCRUB;
    }

    /**
     * The secrets {@code launch} would receive and those withheld from it. {@code environment} is the whole
     * environment it starts with, or null for this JVM's own.
     */
    SecretsRecord plan(Launch launch, Map<String, String> environment) {
        if (!(gatekeeper.get().classifier() instanceof RulesClassifier rules)) {
            return SecretsRecord.NONE;   // a classifier without rules knows no secrets (unit tests)
        }
        Secrets secrets = new Secrets(rules);
        List<String> present = environment == null ? inheritedNames(rules, secrets) : secrets.names(environment);
        if (present.isEmpty()) {
            return SecretsRecord.NONE;
        }
        if (!scrubs()) {
            return new SecretsRecord(present, List.of());
        }
        List<String> argv = launch.shellLine() != null ? List.of("sh", "-c", launch.shellLine()) : launch.argv();
        Set<String> granted = secrets.granted(argv, launch.environmentChanges(), present);
        List<String> received = new ArrayList<>();
        List<String> withheld = new ArrayList<>();
        for (String name : present) {
            (granted.contains(name) ? received : withheld).add(name);
        }
        return new SecretsRecord(received, withheld);
    }

    private List<String> inheritedNames(RulesClassifier rules, Secrets secrets) {
        Inherited i = inherited;
        if (i == null || i.classifier() != rules) {
            i = new Inherited(rules, secrets.names(System.getenv()));
            inherited = i;
        }
        return i.names();
    }
}
