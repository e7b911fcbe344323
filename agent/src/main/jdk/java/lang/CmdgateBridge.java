/*
 * Compiled with --patch-module java.base and never put on any class path: cmdgate's agent defines it
 * at run time inside java.base (see dev.cmdgate.agent.bridge.JdkBridge), after replacing the key below.
 */
package java.lang;

import java.util.function.BiFunction;

/**
 * cmdgate's one bridge between the JDK and the agent. The hooks cmdgate weaves into the JDK's launcher
 * (and into the few other classes it guards) call {@link #call}; the application API reaches the agent
 * the same way. It lives in {@code java.base}, so no class on any class path can stand in for it, and
 * its gate is a {@code static final} field of a class in a package no application code may open
 * without a JVM flag: reflection can neither read nor replace it.
 *
 * <p>The contract speaks only JDK types: an operation name and its arguments in, a JDK object out, or
 * an exception (a {@link SecurityException} refuses). If the gate was not handed over, this class
 * fails to initialise and every hook that calls it fails: closed.
 */
public final class CmdgateBridge {

    /** Replaced before this class is defined by a random key of the same length, known only to its definer. */
    private static final String KEY = "cmdgate.bridge.key.00000000000000000000000000000000";

    private static final BiFunction<String, Object[], Object> GATE = take();

    private CmdgateBridge() {
    }

    @SuppressWarnings("unchecked")
    private static BiFunction<String, Object[], Object> take() {
        Object gate = System.getProperties().remove(KEY);
        if (!(gate instanceof BiFunction)) {
            throw new IllegalStateException("cmdgate: the gate was not handed over to the bridge");
        }
        return (BiFunction<String, Object[], Object>) gate;
    }

    /** Asks the gate: {@code operation} with {@code arguments}; returns its answer or throws its refusal. */
    public static Object call(String operation, Object[] arguments) {
        return GATE.apply(operation, arguments);
    }
}
