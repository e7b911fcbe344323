package dev.cmdgate.api.bridge;

import dev.cmdgate.api.LaunchScope;
import dev.cmdgate.core.CommandClass;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/**
 * INTERNAL — not part of the application API; use {@link dev.cmdgate.api.Cmdgate}.
 *
 * <p>The one place where JDK code and the application meet cmdgate, and the one class in cmdgate
 * that holds static mutable state: the installed gate and each thread's current {@link LaunchScope}.
 * The instrumented JDK methods find this class by name through the system class loader and call the
 * public static {@code on…} methods with their own arguments boxed in an array (see
 * {@code LaunchHookTransformer}). The agent jar carries this class unrelocated, so an application
 * compiled against cmdgate-api and the agent share it at run time. Until a gate is installed, and
 * whenever anything goes wrong here, a launch is refused.
 */
public final class LaunchBridge {

    private static volatile LaunchGate gate;
    private static final ThreadLocal<LaunchScope> SCOPE = new ThreadLocal<>();

    private LaunchBridge() {
    }

    /** Installs the gate once; a second call is refused so nothing can swap the gate out quietly. */
    public static synchronized void install(LaunchGate newGate) {
        if (newGate == null) {
            throw new IllegalArgumentException("no gate given");
        }
        if (gate != null) {
            throw new IllegalStateException("the launch gate is already installed (is cmdgate given twice?)");
        }
        gate = newGate;
    }

    public static boolean installed() {
        return gate != null;
    }

    /** What the installed gate offers the application, or null when no agent is running (or it offers nothing). */
    public static GateService service() {
        return gate instanceof GateService s ? s : null;
    }

    // ---- the calling thread's scope (set by LaunchScope, read by the agent on every launch) ----

    /** The innermost open scope on this thread, or null. */
    public static LaunchScope currentScope() {
        return SCOPE.get();
    }

    /** Used by {@link LaunchScope} only: makes {@code scope} (possibly null) this thread's current one. */
    public static void setCurrentScope(LaunchScope scope) {
        if (scope == null) {
            SCOPE.remove();
        } else {
            SCOPE.set(scope);
        }
    }

    /** The context of this thread's current scope; empty when there is none. */
    public static Map<String, String> context() {
        LaunchScope s = SCOPE.get();
        return s == null ? Map.of() : s.context();
    }

    /** The class declared by this thread's current scope, or null. */
    public static CommandClass declaredClass() {
        LaunchScope s = SCOPE.get();
        return s == null ? null : s.declaredClass();
    }

    // ---- called from the instrumented JDK ----

    @SuppressWarnings("unchecked")
    public static void onStart(Object[] args) {
        try {
            gate().checkStart((String[]) args[0], (Map<String, String>) args[1], (String) args[2],
                    (Redirect[]) args[3], (Boolean) args[4]);
        } catch (SecurityException e) {
            throw e;
        } catch (Throwable t) {
            throw internalError(t);
        }
    }

    @SuppressWarnings("unchecked")
    public static void onPipeline(Object[] args) {
        try {
            gate().checkPipeline((List<ProcessBuilder>) args[0]);
        } catch (SecurityException e) {
            throw e;
        } catch (Throwable t) {
            throw internalError(t);
        }
    }

    public static void onConstruct(Object[] args) {
        try {
            // JDK 17 to 25: (byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir, ...)
            byte[] dir = args.length > 5 && args[5] instanceof byte[] d ? d : null;
            gate().checkConstruct((byte[]) args[0], (byte[]) args[1], (Integer) args[2], dir);
        } catch (SecurityException e) {
            throw e;
        } catch (Throwable t) {
            throw internalError(t);
        }
    }

    /** Called with the result of {@code ProcessImpl.start}; a failure here destroys the process. */
    public static Process onStarted(Process process) {
        try {
            return gate().started(process);
        } catch (Throwable t) {
            process.destroyForcibly();
            throw t instanceof SecurityException e ? e : internalError(t);
        }
    }

    private static LaunchGate gate() {
        LaunchGate g = gate;
        if (g == null) {
            throw new SecurityException("cmdgate: blocked: the gate is not initialised yet, so no process may start");
        }
        return g;
    }

    private static SecurityException internalError(Throwable t) {
        return new SecurityException("cmdgate: blocked: internal error while deciding (" + t + "); failing closed", t);
    }
}
