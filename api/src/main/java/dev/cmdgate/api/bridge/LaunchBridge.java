package dev.cmdgate.api.bridge;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/**
 * The one place where JDK code meets cmdgate, and the one piece of static mutable state: the
 * installed gate. The instrumented JDK methods call the public static methods here with their own
 * arguments boxed in an array (see {@code LaunchHookTransformer}). Until a gate is installed, and
 * whenever anything goes wrong here, the launch is refused.
 */
public final class LaunchBridge {

    private static volatile LaunchGate gate;

    private LaunchBridge() {
    }

    /** Installs the gate once; a second call is refused so nothing can swap the gate out quietly. */
    public static synchronized void install(LaunchGate newGate) {
        if (gate != null) {
            throw new IllegalStateException("cmdgate: the launch gate is already installed");
        }
        gate = newGate;
    }

    public static boolean installed() {
        return gate != null;
    }

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
