package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.ApiGate;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.api.bridge.LaunchBridge;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import java.util.function.Supplier;

/** Wires one JVM's gate from its configuration. Nothing here loads rules or starts logging. */
final class AgentRuntime {

    private AgentRuntime() {
    }

    /** The gate to install: launches are decided by a LaunchGuard; the application API is answered beside it. */
    static LaunchGate create(AgentConfig config) {
        PromptGateway.validate(config.prompt());
        Supplier<Gatekeeper> gatekeeper = memoize(() ->
                new Gatekeeper(Classifiers.standard(config.rules()), config.scheme(), null));
        PromptGateway prompts = new PromptGateway(config.prompt(), config.promptTimeout());
        LaunchGuard guard = new LaunchGuard(config, gatekeeper,
                config.audit() == null ? null : new AuditSink(config.audit()),
                prompts, new AgentLog(), LaunchBridge::context, LaunchBridge::declaredClass);
        return new ApiGate(guard, gatekeeper, prompts, config.mode() == AgentConfig.Mode.AUDIT);
    }

    /** Built on first use (the first launch), kept once built; a failure is retried and refuses that launch. */
    static <T> Supplier<T> memoize(Supplier<T> factory) {
        return new Supplier<>() {
            private volatile T value;

            @Override
            public T get() {
                T v = value;
                if (v == null) {
                    synchronized (this) {
                        v = value;
                        if (v == null) {
                            value = v = factory.get();
                        }
                    }
                }
                return v;
            }
        };
    }
}
