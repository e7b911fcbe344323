package dev.cmdgate.agent;

import dev.cmdgate.api.bridge.LaunchBridge;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.instrument.LaunchHookTransformer;
import dev.cmdgate.agent.instrument.LauncherHooks;
import java.lang.instrument.Instrumentation;

/**
 * The agent's entry point. Does the minimum at start-up — validate configuration, install the
 * gate, register the transformer — and leaves everything heavy (rules, logging, prompts) to the
 * first launch. A bad configuration stops the JVM here with one line.
 */
public final class Premain {

    static final int CONFIG_ERROR_EXIT = 2;

    private Premain() {
    }

    public static void premain(String args, Instrumentation inst) {
        try {
            install(args);
        } catch (RuntimeException | LinkageError e) {
            // at JVM start: stop before the application runs ungated, with one line, no stack trace
            System.err.println("cmdgate: " + describe(e));
            System.err.flush();
            Runtime.getRuntime().halt(CONFIG_ERROR_EXIT);
            return;
        }
        hook(inst);
    }

    /** A late attach must not kill the running application: a bad configuration fails the attach instead. */
    public static void agentmain(String args, Instrumentation inst) {
        try {
            install(args);
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("cmdgate: " + describe(e), e);
        }
        hook(inst);
    }

    private static void install(String args) {
        AgentConfig config = ConfigParser.parse(System.getProperties(), args);
        LaunchBridge.install(AgentRuntime.create(config));
    }

    private static String describe(Throwable e) {
        return e instanceof ConfigException || e instanceof IllegalArgumentException || e instanceof IllegalStateException
                ? "configuration error: " + e.getMessage()
                : "cannot start (" + e + "); stopping";
    }

    private static void hook(Instrumentation inst) {
        LaunchHookTransformer transformer = new LaunchHookTransformer();
        inst.addTransformer(transformer, true);
        LauncherHooks hooks = new LauncherHooks(inst, transformer);
        hooks.hookLoaded();
        hooks.start();
    }
}
