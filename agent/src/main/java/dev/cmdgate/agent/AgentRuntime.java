package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import java.util.Map;
import java.util.function.Supplier;

/** Wires one JVM's gate from its configuration. Nothing here loads rules or starts logging. */
final class AgentRuntime {

    private AgentRuntime() {
    }

    static LaunchGuard create(AgentConfig config) {
        PromptGateway.validate(config.prompt());
        return new LaunchGuard(config, new LazyGatekeeper(config),
                config.audit() == null ? null : new AuditSink(config.audit()),
                new PromptGateway(config.prompt(), config.promptTimeout()),
                new AgentLog(), new NoContext());
    }

    /**
     * The rules are loaded on the first launch, not in premain. A failure is not kept: it refuses
     * that launch and the next launch tries again. (Plain classes, not lambdas: see ConfigParser.)
     */
    private static final class LazyGatekeeper implements Supplier<Gatekeeper> {
        private final AgentConfig config;
        private volatile Gatekeeper value;

        LazyGatekeeper(AgentConfig config) {
            this.config = config;
        }

        @Override
        public Gatekeeper get() {
            Gatekeeper v = value;
            if (v == null) {
                synchronized (this) {
                    v = value;
                    if (v == null) {
                        value = v = new Gatekeeper(Classifiers.standard(config.rules()), config.scheme(), null);
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
