package dev.cmdgate.agent;

import dev.cmdgate.agent.bridge.ApiService;
import dev.cmdgate.agent.bridge.LaunchGate;
import java.util.function.Supplier;

/**
 * The gate, built on its first use — a launch or a call of the application API — so that a JVM's
 * start-up pays only for reading and checking the configuration, not for loading the decision machinery
 * of a JVM that may never launch (see {@link AgentRuntime#build}). A failed build is not kept: that use
 * is refused, and the next one tries again.
 */
final class LazyGate {

    /** What is built: the launch decisions and the application API beside them. */
    record Built(LaunchGate launches, ApiService api) {
    }

    private final AgentRuntime.Checked checked;
    private volatile Built built;

    LazyGate(AgentRuntime.Checked checked) {
        this.checked = checked;
    }

    Built get() {
        Built b = built;
        if (b == null) {
            synchronized (this) {
                b = built;
                if (b == null) {
                    built = b = AgentRuntime.build(checked);
                }
            }
        }
        return b;
    }

    /** The launch side, for the bridge (a class, not a lambda: see the bootstrap). */
    Supplier<LaunchGate> launches() {
        return new Supplier<>() {
            @Override
            public LaunchGate get() {
                return LazyGate.this.get().launches();
            }
        };
    }

    /** The API side, for the bridge. */
    Supplier<ApiService> api() {
        return new Supplier<>() {
            @Override
            public ApiService get() {
                return LazyGate.this.get().api();
            }
        };
    }
}
