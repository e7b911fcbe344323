package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.ApiGate;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.api.bridge.LaunchBridge;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import java.util.Map;
import java.util.function.Supplier;

/** Wires one JVM's gate from its configuration. Nothing here loads rules or starts logging. */
final class AgentRuntime {

    private AgentRuntime() {
    }

    /** The gate to install: a LaunchGuard decides launches; ApiGate answers the application API beside it. */
    static LaunchGate create(AgentConfig config) {
        PromptGateway.validate(config.prompt());
        LazyGatekeeper gatekeeper = new LazyGatekeeper(config);
        PromptGateway prompts = new PromptGateway(config.prompt(), config.promptTimeout());
        LaunchGuard guard = new LaunchGuard(config, gatekeeper,
                config.audit() == null ? null : new AuditSink(config.audit()),
                prompts, new AgentLog(), new ScopeContext(), new ScopeDeclaredClass());
        return new ApiGate(guard, gatekeeper, prompts, config.mode() == AgentConfig.Mode.AUDIT);
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

    /** The launching thread's context, from the application's LaunchScope (kept in the bridge). */
    private static final class ScopeContext implements Supplier<Map<String, String>> {
        @Override
        public Map<String, String> get() {
            return LaunchBridge.context();
        }
    }

    /** The class the launching thread's LaunchScope declares, or null. */
    private static final class ScopeDeclaredClass implements Supplier<CommandClass> {
        @Override
        public CommandClass get() {
            return LaunchBridge.declaredClass();
        }
    }
}
