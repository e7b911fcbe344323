package dev.cmdgate.agent.bridge;

import dev.cmdgate.agent.instrument.InstrumentGuard;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the JDK bridge holds: one function from an operation and its arguments (JDK types only) to an
 * answer, which routes each operation of {@link BridgeOps} — the JDK's launch hooks to {@link JdkHooks},
 * the application API to {@link ApiService}, the guarded instrumentation methods, the native routes — and
 * is where a refusal leaves cmdgate. Launch operations fail closed — anything but a clean answer is a
 * {@link SecurityException} — while the application API's own errors reach the application as they are.
 * Launches are decided in {@code dev.cmdgate.agent.launch.LaunchGuard}.
 */
public final class BridgeRouter implements BiFunction<String, Object[], Object> {

    private final Supplier<JdkHooks> launches;
    private final Supplier<ApiService> api;
    private final ThreadScopes scopes;
    private final InstrumentGuard guard;
    private final BiFunction<String, Object[], Object> natives;
    /** {@code cmdgate.refusal=io}: a refused JDK launch throws an IOException instead (see {@link #refusal}). */
    private final boolean ioRefusals;

    /**
     * @param launches the launch decisions (built on first use)
     * @param api      the application API's answers (built on first use)
     * @param scopes   each thread's scope, set by the API without building anything
     * @param natives  the native routes' operations (most answered without building anything)
     */
    public BridgeRouter(Supplier<JdkHooks> launches, Supplier<ApiService> api, ThreadScopes scopes, InstrumentGuard guard,
                        BiFunction<String, Object[], Object> natives) {
        this(launches, api, scopes, guard, natives, false);
    }

    /** @param ioRefusals refused JDK launches throw {@code java.io.IOException} (cmdgate.refusal=io) */
    public BridgeRouter(Supplier<JdkHooks> launches, Supplier<ApiService> api, ThreadScopes scopes, InstrumentGuard guard,
                        BiFunction<String, Object[], Object> natives, boolean ioRefusals) {
        this.ioRefusals = ioRefusals;
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
        if (operation.startsWith("native.")) {
            // native routes have no IOException to throw (JNA, jnr-posix, FFM callers expect neither)
            try {
                return natives.apply(operation, a);
            } catch (SecurityException e) {
                throw e;
            } catch (Throwable t) {
                throw internalError(t);
            }
        }
        try {
            JdkHooks launches = this.launches.get();
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
            throw refusal(e);
        } catch (Throwable t) {
            throw refusal(internalError(t));
        }
    }

    /**
     * What a refused JDK launch throws: the SecurityException; or, with {@code cmdgate.refusal=io}, a plain
     * {@link java.io.IOException} with the same message whose cause is the SecurityException — a JDK type
     * every launching method declares, so a library's own handling of a failed start applies
     * ({@code ProcessBuilder.start} wraps it as {@code Cannot run program "…": cmdgate: blocked …}).
     * Thrown unchecked: the hooks' callers ({@code ProcessImpl.start}, its constructor, {@code forkAndExec},
     * {@code startPipeline}) all declare IOException.
     */
    private RuntimeException refusal(SecurityException e) {
        if (!ioRefusals) {
            return e;
        }
        return BridgeRouter.<RuntimeException>sneaky(new java.io.IOException(e.getMessage(), e));
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
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
