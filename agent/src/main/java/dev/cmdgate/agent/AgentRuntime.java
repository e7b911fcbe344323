package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.policy.OapPolicyCheck;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.decision.Gatekeeper;
import java.util.Map;
import java.util.function.Supplier;

/** Wires one JVM's gate from its configuration. Nothing here loads rules or starts logging. */
final class AgentRuntime {

    private AgentRuntime() {
    }

    static LaunchGuard create(AgentConfig config) {
        PromptGateway.validate(config.prompt());
        PolicyCheck policy = loadPolicy(config);
        return new LaunchGuard(config, new LazyGatekeeper(config, policy),
                config.audit() == null ? null : new AuditSink(config.audit()),
                new PromptGateway(config.prompt(), config.promptTimeout()),
                new AgentLog(), new NoContext(), new ProcessWatchdog());
    }

    /** The passport is read at start-up, so a missing or invalid one stops the JVM with one line. */
    private static PolicyCheck loadPolicy(AgentConfig config) {
        if (config.policy() == null) {
            if (config.signingKey() != null) {
                throw new ConfigException("cmdgate.signing.key signs OAP decisions and needs cmdgate.policy");
            }
            return null;
        }
        try {
            return OapPolicyCheck.load(config.policy(), config.signingKey());
        } catch (PassportException | SigningKeyException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /**
     * The rules are loaded on the first launch, not in premain. A failure is not kept: it refuses
     * that launch and the next launch tries again. (Plain classes, not lambdas: see ConfigParser.)
     */
    private static final class LazyGatekeeper implements Supplier<Gatekeeper> {
        private final AgentConfig config;
        private final PolicyCheck policy;
        private volatile Gatekeeper value;

        LazyGatekeeper(AgentConfig config, PolicyCheck policy) {
            this.config = config;
            this.policy = policy;
        }

        @Override
        public Gatekeeper get() {
            Gatekeeper v = value;
            if (v == null) {
                synchronized (this) {
                    v = value;
                    if (v == null) {
                        value = v = new Gatekeeper(Classifiers.standard(config.rules()), config.scheme(), policy);
                    }
                }
            }
            return v;
        }
    }

    private static final class NoContext implements Supplier<Map<String, String>> {
        @Override
        public Map<String, String> get() {
            return Map.of();
        }
    }
}
