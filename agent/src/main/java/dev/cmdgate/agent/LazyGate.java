package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.bridge.ApiService;
import dev.cmdgate.agent.bridge.JdkHooks;
import dev.cmdgate.agent.launch.JdkHandoff;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.natives.NativeRoutes;
import dev.cmdgate.core.decision.Gatekeeper;
import java.util.function.Supplier;

/**
 * The gate, built on its first use — a launch or a call of the application API — so that a JVM's
 * start-up pays only for reading and checking the configuration, not for loading the decision machinery
 * of a JVM that may never launch (see {@link AgentRuntime#build}). A JVM that lives past
 * {@link #WARM_UP_DELAY_MILLIS} has it built, and its rules read, on the hook thread ({@link #warmUp}), so
 * that its first launch does not wait for them. A failed build is not kept: that use is refused, and the
 * next one tries again.
 */
final class LazyGate {

    /**
     * What is built: the JDK hooks' hand-off, the launch decisions behind it, the application API and the
     * native routes beside them, and the classifying gatekeeper. (The hand-off by its class, not as JdkHooks:
     * the verifier of AgentRuntime.build would otherwise load that interface in premain.)
     */
    record Built(JdkHandoff launches, LaunchGuard guard, ApiService api, NativeRoutes natives,
                 Supplier<Gatekeeper> gatekeeper) {
    }

    /**
     * How long the warm-up waits: a JVM that ends sooner (a build's forked JVM, a CLI tool) does not pay for
     * rules it never used, and the warm-up does not compete with the application's own start-up.
     */
    static final long WARM_UP_DELAY_MILLIS = 1000;

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

    /**
     * Builds the gate and classifies a harmless line with it (nothing is decided, audited or launched), so
     * the built-in rules are read and the classifier's classes loaded; readies what the launch path and the
     * audit line would load or work out on the first launch (see {@code LaunchGuard.warmUp},
     * {@code AuditSink.warmUp}); for the hook thread, after a delay.
     */
    Runnable warmUp() {
        return new Runnable() {
            @Override
            public void run() {
                try {
                    Thread.sleep(WARM_UP_DELAY_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                Built built = LazyGate.this.get();
                built.gatekeeper().get().classifier().classifyShell("true");
                built.guard().warmUp();
                AuditSink audit = checked.auditOrNull();
                if (audit != null) {
                    audit.warmUp();
                }
            }
        };
    }

    /** The JDK hooks' side, for the bridge. */
    Supplier<JdkHooks> launches() {
        return new Part<>(LAUNCHES);
    }

    /** The API side, for the bridge. */
    Supplier<ApiService> api() {
        return new Part<>(API);
    }

    /** The native routes, for the bridge's native operations that concern a process. */
    Supplier<NativeRoutes> natives() {
        return new Part<>(NATIVES);
    }

    private static final int LAUNCHES = 0;
    private static final int API = 1;
    private static final int NATIVES = 2;

    /**
     * One part of what is built, building it on first use. A class, not a lambda (see the bootstrap), and one
     * class for every part: each class the bridge's wiring loads is loaded in premain.
     */
    private final class Part<T> implements Supplier<T> {
        private final int part;

        Part(int part) {
            this.part = part;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T get() {
            Built b = LazyGate.this.get();
            return (T) (part == LAUNCHES ? b.launches() : part == API ? b.api() : b.natives());
        }
    }
}
