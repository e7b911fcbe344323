package dev.cmdgate.agent.bridge;

import dev.cmdgate.agent.instrument.InstrumentGuard;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The gate as the JDK bridge holds it: one function from an operation and its arguments (JDK types
 * only) to an answer. Launch operations fail closed — anything but a clean answer is a
 * {@link SecurityException} — while the application API's own errors reach the application as they are.
 */
public final class GateFunction implements BiFunction<String, Object[], Object> {

    private final Supplier<LaunchGate> launches;
    private final Supplier<ApiService> api;
    private final ThreadScopes scopes;
    private final InstrumentGuard guard;
    private final BiFunction<String, Object[], Object> natives;

    /**
     * @param launches the launch decisions (built on first use)
     * @param api      the application API's answers (built on first use)
     * @param scopes   each thread's scope, set by the API without building anything
     * @param natives  the native routes' operations (most answered without building anything)
     */
    public GateFunction(Supplier<LaunchGate> launches, Supplier<ApiService> api, ThreadScopes scopes, InstrumentGuard guard,
                        BiFunction<String, Object[], Object> natives) {
        this.launches = launches;
        this.api = api;
        this.scopes = scopes;
        this.guard = guard;
        this.natives = natives;
    }

    @Override
    public Object apply(String operation, Object[] a) {
        if (operation.startsWith("api.")) {
            return api(operation, a);
        }
        if (operation.startsWith("guard.")) {
            return guard.check(operation, a);   // its refusals are the guarded methods' own exceptions
        }
        if (BridgeOps.STARTED.equals(operation)) {
            return started((Process) a[0]);
        }
        try {
            if (operation.startsWith("native.")) {
                return natives.apply(operation, a);
            }
            LaunchGate launches = this.launches.get();
            return switch (operation) {
                case BridgeOps.START -> launches.checkStart((String[]) a[0], map(a[1]), (String) a[2],
                        (Redirect[]) a[3], (Boolean) a[4]);
                case BridgeOps.PIPELINE -> launches.checkPipeline(list(a[0]));
                case BridgeOps.CONSTRUCT -> launches.checkConstruct((byte[]) a[0], (byte[]) a[1], (Integer) a[2],
                        (byte[]) a[3], (Integer) a[4], (byte[]) a[5]);
                case BridgeOps.FORK -> launches.checkFork((byte[]) a[0], (byte[]) a[1], (Integer) a[2],
                        (byte[]) a[3], (Integer) a[4], (byte[]) a[5]);
                default -> throw new SecurityException("cmdgate: blocked: unknown launch hook '" + operation + "'");
            };
        } catch (SecurityException e) {
            throw e;
        } catch (Throwable t) {
            throw internalError(t);
        }
    }

    /** A failure here destroys the process: the caller never gets a process cmdgate could not finish admitting. */
    private Object started(Process process) {
        try {
            return launches.get().started(process);
        } catch (Throwable t) {
            process.destroyForcibly();
            throw t instanceof SecurityException e ? e : internalError(t);
        }
    }

    private Object api(String operation, Object[] a) {
        switch (operation) {
            case BridgeOps.API_CHECK -> {
                return api.get().check(list(a[0]), (String) a[1], (String) a[2], map(a[3]));
            }
            case BridgeOps.API_SCOPE -> {
                scopes.set(map(a[0]), (String) a[1]);
                return null;
            }
            case BridgeOps.API_PROMPT_HANDLER -> {
                api.get().installPromptHandler(function(a[0]), (String) a[1]);
                return null;
            }
            default -> throw new IllegalArgumentException("cmdgate: unknown API operation '" + operation + "'");
        }
    }

    private static SecurityException internalError(Throwable t) {
        return new SecurityException("cmdgate: blocked: internal error while deciding (" + t + "); failing closed", t);
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> list(Object o) {
        return (List<T>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> map(Object o) {
        return (Map<String, String>) o;
    }

    @SuppressWarnings("unchecked")
    private static Function<Map<String, Object>, String> function(Object o) {
        if (o == null) {
            throw new IllegalArgumentException("cmdgate: no prompt handler given");
        }
        return (Function<Map<String, Object>, String>) o;
    }
}
