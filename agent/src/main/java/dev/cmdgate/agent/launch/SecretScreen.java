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
 * receives them all; with {@code scrub} only those the rules grant to every program of its command tree, and
 * without the variables that go with a withheld one ({@code secret-together}). Either way the names (never the
 * values) go into the audit line.
 *
 * <p>The variables the configuration itself names as credentials ({@code prompt.token.env}, {@code decision.token.env},
 * {@code policy.token.env}) are secrets whatever their names and values, and under {@code scrub} no launch is granted
 * them: they are cmdgate's bearer tokens, and a child that printed one could speak to the approval service, the policy
 * server or the decision point as this JVM. So is any other variable whose value is, or holds, one of those tokens'
 * values (the operator's copy under a plain name, {@code HANDOFF=$DT}): its name says nothing, its value is the token.
 */
final class SecretScreen {

    /** The shortest credential value that counts when contained in another value, not only when equal. */
    private static final int MIN_CONTAINED = 8;

    private final AgentConfig.SecretsMode mode;
    private final Supplier<Gatekeeper> gatekeeper;
    /** cmdgate's own credential variables (see the class comment); sorted. */
    private final List<String> credentials;
    /**
     * Whether anything reads what a launch receives: the audit line, or scrubbing. Without either, finding this
     * JVM's secret variables (milliseconds of glob matching on its first launch) would go nowhere.
     */
    private final boolean read;
    /** The secret names of this JVM's own environment (it never changes), for the classifier they were found with. */
    private volatile Inherited inherited;

    private record Inherited(RulesClassifier classifier, List<String> names, Set<String> set, Set<String> copies) {
    }

    /**
     * @param credentials the variables the configuration names as cmdgate's own credentials
     * @param audited     whether the launches' audit lines record their secrets (an audit file is configured)
     */
    SecretScreen(AgentConfig.SecretsMode mode, List<String> credentials, Supplier<Gatekeeper> gatekeeper, boolean audited) {
        this.mode = mode;
        this.credentials = List.copyOf(credentials);
        this.gatekeeper = gatekeeper;
        this.read = audited || mode == AgentConfig.SecretsMode.SCRUB;
    }

    boolean scrubs() {
        return mode == AgentConfig.SecretsMode.SCRUB;
    }

    /**
     * The secrets {@code launch} would receive and those withheld from it ({@code NONE} when nothing reads them).
     * {@code environment} is the whole environment it starts with, or null for this JVM's own.
     */
    SecretsRecord plan(Launch launch, Map<String, String> environment) {
        if (!read || !(gatekeeper.get().classifier() instanceof RulesClassifier rules)) {
            return SecretsRecord.NONE;   // a classifier without rules knows no secrets (unit tests)
        }
        Secrets secrets = new Secrets(rules);
        List<String> present = environment == null ? inherited(rules, secrets).names() : names(rules, secrets, environment);
        Set<String> copies = environment == null ? inherited(rules, secrets).copies() : copies(environment);
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
            (granted.contains(name) && !credentials.contains(name) && !copies.contains(name) ? received : withheld).add(name);
        }
        if (withheld.isEmpty()) {
            return new SecretsRecord(received, withheld);
        }
        // a set of variables a program reads only as a whole goes whole, or the program fails to start
        List<String> whole = secrets.withheldWhole(environment == null ? OwnEnvironment.get() : environment, withheld);
        received.removeAll(whole);
        return new SecretsRecord(received, whole);
    }

    /** For the gate's warm-up: finds this JVM's own secret variables once, when something will read them. */
    void warmUp() {
        if (read && gatekeeper.get().classifier() instanceof RulesClassifier rules) {
            inherited(rules, new Secrets(rules));
        }
    }

    private Inherited inherited(RulesClassifier rules, Secrets secrets) {
        Inherited i = inherited;
        if (i == null || i.classifier() != rules) {
            Map<String, String> own = OwnEnvironment.get();
            List<String> names = new ArrayList<>(secrets.names(own));
            for (String credential : credentials) {
                if (own.containsKey(credential) && !names.contains(credential)) {
                    names.add(credential);
                }
            }
            Set<String> copies = copies(own);
            for (String copy : copies) {
                if (!names.contains(copy)) {
                    names.add(copy);
                }
            }
            java.util.Collections.sort(names);
            i = new Inherited(rules, names, Set.copyOf(names), copies);
            inherited = i;
        }
        return i;
    }

    /**
     * The secret names of a launch's own environment, copies of secret values under other names included. A variable as this JVM has it is looked up in what was
     * found once for the JVM's environment; only the variables the launch sets or changes are matched against
     * the rules (a launch copies the whole environment, a few dozen variables, every time).
     */
    private List<String> names(RulesClassifier rules, Secrets secrets, Map<String, String> environment) {
        Inherited jvm = inherited(rules, secrets);
        Map<String, String> own = OwnEnvironment.get();
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String name = e.getKey();
            boolean inheritedAsIs = e.getValue() != null && e.getValue().equals(own.get(name));
            if (inheritedAsIs ? jvm.set().contains(name)
                    : credentials.contains(name) || holdsCredential(e.getValue(), environment)
                            || rules.rules().isSecretVariable(name, e.getValue())) {
                out.add(name);
            }
        }
        // a value the launch sets may copy a secret it inherits, or the other way round
        out.addAll(secrets.copies(environment, out));
        java.util.Collections.sort(out);
        return out;
    }

    /** The variables of {@code environment}, not cmdgate's credential variables, whose value holds one's value. */
    private Set<String> copies(Map<String, String> environment) {
        if (credentials.isEmpty()) {
            return Set.of();
        }
        Set<String> out = new java.util.HashSet<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (!credentials.contains(e.getKey()) && holdsCredential(e.getValue(), environment)) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /**
     * Whether {@code value} is, or holds, the value of one of cmdgate's credential variables as this JVM or the
     * launch's environment has it. A value shorter than {@link #MIN_CONTAINED} counts only when equal: a short token
     * inside unrelated text would withhold half the environment.
     */
    private boolean holdsCredential(String value, Map<String, String> environment) {
        if (value == null || value.isEmpty()) {
            return false;
        }
        Map<String, String> own = OwnEnvironment.get();
        for (String credential : credentials) {
            if (holds(value, own.get(credential)) || environment != own && holds(value, environment.get(credential))) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(String value, String token) {
        return token != null && !token.isEmpty()
                && (value.equals(token) || token.length() >= MIN_CONTAINED && value.contains(token));
    }
}
