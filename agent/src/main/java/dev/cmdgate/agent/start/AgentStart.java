package dev.cmdgate.agent.start;

import dev.cmdgate.agent.AgentRuntime;
import dev.cmdgate.agent.bridge.JdkBridge;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.instrument.InstrumentGuard;
import dev.cmdgate.agent.instrument.LaunchHookTransformer;
import dev.cmdgate.agent.instrument.LauncherWeaving;
import dev.cmdgate.agent.instrument.LauncherHooks;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where cmdgate starts inside its own module, called by the bootstrap once the module is built (and the
 * configuration checked): defines the bridge into the JDK with the gate, hands the bootstrap the
 * transformer, and hooks the JDK's classes. The gate itself — rules, prompts, audit — is built on the
 * first launch.
 */
public final class AgentStart {

    private AgentStart() {
    }

    /**
     * @param checked    the configuration as the start-up check accepted it, with the rules text it read (see
     *                   {@link ConfigCheck})
     * @param install    takes the transformer (the bootstrap's forwarder hands it every class from then on)
     * @param nativePrefix the native-method prefix registered for the forwarder, or null
     * @param background true on the {@code cmdgate-hook} thread: hook the launcher here; false: start that thread
     * @return on the {@code cmdgate-hook} thread, what that thread runs next once the bootstrap has announced the
     *         gate (the warm-up: an application waiting for the gate must not wait for it); otherwise null
     * @param origins    premain's thread-origin slot (an inheritable thread-local, set on the thread premain ran on,
     *                   that also takes the function giving a new thread's value: {@code Consumer<UnaryOperator<Object>>})
     */
    public static Runnable start(Map<String, String> checked, Instrumentation inst,
                             Consumer<ClassFileTransformer> install, String nativePrefix, boolean atStartup,
                             boolean background, ThreadLocal<Object> origins) {
        Map<String, String> settings = new HashMap<>(ConfigCheck.settings(checked));
        String rulesText = settings.remove(ConfigCheck.RULES_TEXT);
        AgentConfig config = ConfigParser.fromCheckedSettings(settings);
        AgentRuntime.Gate gate = AgentRuntime.create(config, rulesText, new InstrumentGuard(inst, install.getClass()), origins);
        JdkBridge.define(inst, gate.function());
        LaunchHookTransformer transformer = new LaunchHookTransformer(nativePrefix, LauncherWeaving.forThisJvm());
        install.accept(transformer);
        LauncherHooks hooks = new LauncherHooks(inst, transformer, gate.warmUp());
        hooks.hookLoaded();
        if (background) {
            hooks.hookOrStop();
            return new AfterHooked(hooks);
        }
        hooks.start();
        return null;
    }

    /** The hook thread's next step (a class, not a method reference: nothing spun while the JVM starts). */
    private static final class AfterHooked implements Runnable {
        private final LauncherHooks hooks;

        AfterHooked(LauncherHooks hooks) {
            this.hooks = hooks;
        }

        @Override
        public void run() {
            hooks.afterHooked();
        }
    }
}
