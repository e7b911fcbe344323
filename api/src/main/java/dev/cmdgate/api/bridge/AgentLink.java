package dev.cmdgate.api.bridge;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * INTERNAL — how the API reaches a running agent: through the agent's bridge inside the JDK,
 * {@code java.lang.CmdgateBridge.call(operation, arguments)}, with JDK types only. The agent keeps its
 * own classes to itself, so this copy of the API (whatever its version) and the agent never share a
 * class; the bridge is looked up on each call, so an agent attached late is found as well.
 */
public final class AgentLink {

    private static final String BRIDGE = "java.lang.CmdgateBridge";
    private static final String BOOTSTRAP_PROPERTY = "dev.cmdgate.agent.bootstrap";
    private static final long START_WAIT_MILLIS = 30_000;

    private AgentLink() {
    }

    /** True when the cmdgate agent runs in this JVM. */
    public static boolean active() {
        return bridge() != null;
    }

    /**
     * What the agent would decide for this launch now, or null when no agent runs. The answer's keys:
     * {@code decision gate class level scheme cwd} (strings), {@code argv} (strings), {@code reasons}
     * (lists {@code [code, message]}), {@code findings} (maps).
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> check(List<String> argv, String shellLine, String cwd, Map<String, String> env) {
        return (Map<String, Object>) call("api.check", argv, shellLine, cwd, env);
    }

    /** Tells the agent the calling thread's scope (null: none); does nothing without an agent. */
    public static void scope(Map<String, String> context, String declaredClass) {
        call("api.scope", context, declaredClass);
    }

    /** Installs a prompt handler in the agent; false when no agent runs. */
    public static boolean installPromptHandler(Function<Map<String, Object>, String> handler, String name) {
        if (bridge() == null) {
            return false;
        }
        call("api.prompt-handler", handler, name);
        return true;
    }

    private static Object call(String operation, Object... arguments) {
        Method call = bridge();
        if (call == null) {
            return null;
        }
        try {
            return call.invoke(null, operation, arguments);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("cmdgate: the agent failed (" + cause + ")", cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cmdgate: cannot reach the agent (" + e + ")", e);
        }
    }

    private static Method bridge() {
        try {
            return Class.forName(BRIDGE, false, null).getMethod("call", String.class, Object[].class);
        } catch (ClassNotFoundException e) {
            return awaitStartingAgent() ? bridge() : null;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("cmdgate: the agent's bridge has no call method (agent and API versions differ?)");
        }
    }

    /**
     * An agent whose bootstrap has run defines its bridge moments later, while the application starts:
     * wait for it (its bootstrap names itself in a system property). False when there is no agent, or it
     * did not define a bridge in time.
     */
    private static boolean awaitStartingAgent() {
        String bootstrap = System.getProperty(BOOTSTRAP_PROPERTY);
        if (bootstrap == null) {
            return false;
        }
        try {
            Class.forName(bootstrap, true, ClassLoader.getSystemClassLoader()).getMethod("awaitGate", long.class)
                    .invoke(null, START_WAIT_MILLIS);
            Class.forName(BRIDGE, false, null);
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
    }
}
