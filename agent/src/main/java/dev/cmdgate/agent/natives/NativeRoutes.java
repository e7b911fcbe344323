package dev.cmdgate.agent.natives;

import dev.cmdgate.agent.bridge.BridgeOps;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.launch.OwnEnvironment;
import dev.cmdgate.agent.stdin.StdinContext;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Outcome;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Answers the native operations of the bridge ({@link BridgeOps#NATIVE_CALL}, {@link BridgeOps#NATIVE_SYMBOL},
 * {@link BridgeOps#NATIVE_LINK}, {@link BridgeOps#NATIVE_UNHOOKED}) for the gate: reads what a call of a C
 * function on {@link ProcessFunctions}' list would run and has the {@link LaunchGuard} decide it like any
 * launch, or refuse it when it cannot be read.
 *
 * <p>Routes (the first argument of each operation):
 * <ul>
 *   <li>{@code jnr-posix} — jnr-posix's Java API ({@code BaseNativePOSIX.posix_spawnp/execv/execve/fork}),
 *       with its real argv, environment and spawn file actions. An allowed call leaves a one-shot permit for
 *       the jnr-ffi call it makes next with cmdgate's own argv array;</li>
 *   <li>{@code jnr-libc} — the methods of jnr-posix's generated libc binding ({@code POSIX.libc()}): the
 *       permit, or a decision of its own from its Java arguments;</li>
 *   <li>{@code jffi} — symbol lookups of jffi (under jnr-ffi, JRuby's FFI): a process function is bound
 *       only for jnr-posix's own libc binding, and only those its hooked methods call; every other
 *       binding of one is refused (the function is "not found");</li>
 *   <li>{@code jna}, {@code jna-converted}, {@code jna-register} — JNA calls (decided from their Java
 *       arguments), calls that skipped argument conversion (refused), and direct mapping (refused);</li>
 *   <li>{@code ffm} — downcalls of the JDK's foreign function API, decided from native memory.</li>
 * </ul>
 */
public final class NativeRoutes {

    private static final String JNR_POSIX_LIBC_INIT = "jnr.posix.POSIXFactory$DefaultLibCProvider$SingletonHolder";
    private static final List<String> BINDING_INFRASTRUCTURE = List.of("java.", "jdk.", "sun.", "dev.cmdgate.",
            "com.kenai.jffi.", "jnr.ffi.");
    private static final StackWalker WALKER = StackWalker.getInstance(Set.of(), 32);

    private final NativeAddresses addresses;
    private final LaunchGuard guard;
    /** The argv array of the last jnr-posix call allowed on this thread, which its libc call passes on. */
    private final ThreadLocal<Object> permit = new ThreadLocal<>();
    private volatile MemoryArgs memory;

    /**
     * @param addresses the addresses of process-creating C functions seen so far (shared with the lazy gate)
     * @param guard     decides what the routes would launch, on the same path as any launch
     */
    public NativeRoutes(NativeAddresses addresses, LaunchGuard guard) {
        this.addresses = addresses;
        this.guard = guard;
    }

    /** Answers one native operation of the bridge. */
    public Object answer(String operation, Object[] a) {
        return switch (operation) {
            case BridgeOps.NATIVE_CALL -> call((String) a[0], (String) a[1], (Long) a[2], (Object[]) a[3]);
            case BridgeOps.NATIVE_SYMBOL -> symbol((String) a[0], (String) a[1], (Long) a[2], a.length > 3 ? a[3] : null);
            case BridgeOps.NATIVE_LINK -> link((String) a[0], a[1]);
            case BridgeOps.NATIVE_UNHOOKED -> {
                refuse(List.of(String.valueOf(a[1])), "unhooked " + a[0], "cmdgate could not hook " + a[0] + "."
                        + a[1] + " (a version of the library it does not know): its process functions are refused");
                yield null;
            }
            default -> throw new SecurityException("cmdgate: blocked: unknown native hook '" + operation + "'");
        };
    }

    private Object[] call(String route, String function, Long address, Object[] args) {
        String fn = ProcessFunctions.isProcessFunction(function) ? function
                : addresses.function(address == null ? 0 : address);
        if (fn == null) {
            return args;   // not a process function
        }
        String origin = route + " " + fn;
        switch (route) {
            case "jnr-posix" -> {
                return jnrPosix(fn, args, origin);
            }
            case "jnr-libc" -> {
                Object allowed = permit.get();
                permit.remove();
                int argvAt = ProcessFunctions.kind(fn) == ProcessFunctions.Kind.SPAWN ? 4 : 1;
                if (allowed != null && args.length > argvAt && args[argvAt] == allowed) {
                    return args;   // the jnr-posix call just decided passes cmdgate's own argv array on
                }
                return judge(fn, JavaArgs.JNR.snapshot(args), JavaArgs.JNR, origin);
            }
            case "jna" -> {
                return judge(fn, JavaArgs.JNA.snapshot(args), JavaArgs.JNA, origin);
            }
            case "ffm" -> {
                MemoryArgs m = memory();
                return judge(fn, m.snapshot(args), m, origin);
            }
            default -> {
                // jna-converted: a call that reached JNA's native dispatch without its Java arguments
                refuse(List.of(fn), origin, "a call of " + fn + " that skipped JNA's argument handling"
                        + " (its arguments are native memory cmdgate does not read)");
                return args;
            }
        }
    }

    private Object[] judge(String function, Object[] snapshot, NativeCall.Args reader, String origin) {
        NativeCall c = NativeCall.read(function, snapshot, reader);
        if (c instanceof NativeCall.Judged j) {
            decide(j.launch(), origin);
            return j.args();
        }
        if (c instanceof NativeCall.Unjudgeable u) {
            refuse(u.shown(), origin, u.why());
        }
        return snapshot;
    }

    private Object[] jnrPosix(String function, Object[] args, String origin) {
        permit.remove();
        JnrPosix.Spawn s;
        try {
            s = switch (function) {
                case "posix_spawnp" -> JnrPosix.read(args);
                case "execv" -> JnrPosix.readExec(args, false);
                case "execve" -> JnrPosix.readExec(args, true);
                default -> null;
            };
        } catch (NativeCall.Unreadable | RuntimeException e) {
            refuse(List.of(function), origin, function + "'s arguments cannot be read reliably ("
                    + (e instanceof NativeCall.Unreadable ? e.getMessage() : e.toString()) + ")");
            return args;
        }
        if (s == null) {
            // fork(): nothing to judge; anything else with a process name is not read
            NativeCall c = NativeCall.read(function, args, JavaArgs.JNR);
            refuse(c instanceof NativeCall.Unjudgeable u ? u.shown() : List.of(function), origin,
                    c instanceof NativeCall.Unjudgeable u ? u.why() : function + " through jnr-posix is not read by cmdgate");
            return args;
        }
        decide(s.launch(), origin);
        permit.set(s.argvCopy());
        return s.args();
    }

    /** A symbol lookup: records the address of a process function; jffi's are refused but for jnr-posix's libc. */
    private Long symbol(String route, String name, Long address, Object library) {
        long found = address == null ? 0 : address;
        if (!ProcessFunctions.isProcessFunction(name)) {
            return found;
        }
        addresses.record(name, found);
        if (!"jffi".equals(route) || found == 0) {
            return found;   // JNA: its calls are decided one by one
        }
        if (bindingJnrPosixLibc()) {
            if (ProcessFunctions.jnrPosixBindable(name) || guard.auditMode()) {
                return found;   // jnr-posix's own libc: its methods for these functions are hooked
            }
            // fork, syscall, …: jnr-posix binds them whether or not anything calls them. Nothing was attempted,
            // so nothing is recorded; a call through POSIX.libc() fails as "not found", with this reason.
            setJffiLastError(library, "cmdgate: " + name + " is not bound for jnr-posix: a process created through it"
                    + " could not be judged (jnr-posix's own " + name + " is refused by cmdgate)");
            return 0L;
        }
        String refused = unjudgeable(List.of(name), "jffi bind " + name, "binding the C function " + name
                + " through jffi/jnr-ffi (a binding cmdgate cannot gate call by call) is refused");
        if (refused == null) {
            return found;
        }
        setJffiLastError(library, refused);
        return 0L;
    }

    /**
     * True while jnr-posix builds its libc binding: the first frame outside the JDK, cmdgate, jffi and
     * jnr-ffi is the initialiser of jnr-posix's libc holder (which runs once per class loader).
     */
    static boolean bindingJnrPosixLibc() {
        return WALKER.walk(frames -> frames
                .filter(f -> !infrastructure(f.getClassName()))
                .findFirst()
                .map(f -> f.getClassName().equals(JNR_POSIX_LIBC_INIT) && f.getMethodName().equals("<clinit>"))
                .orElse(false));
    }

    private static boolean infrastructure(String cls) {
        for (String p : BINDING_INFRASTRUCTURE) {
            if (cls.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private static void setJffiLastError(Object library, String message) {
        if (library == null) {
            return;
        }
        try {
            Field f = library.getClass().getDeclaredField("lastError");
            f.setAccessible(true);
            @SuppressWarnings("unchecked")
            ThreadLocal<String> lastError = (ThreadLocal<String>) f.get(null);
            lastError.set(message);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // only the text of the library's "not found" error is lost
        }
    }

    /** JNA's direct mapping ({@code Native.register}) of a process function: refused (its calls never reach Java). */
    private Object link(String route, Object linkage) {
        if ("jna-register".equals(route)) {
            String name = jnaName(linkage);
            long peer = jnaPeer(linkage);
            String fn = ProcessFunctions.isProcessFunction(name) ? name : addresses.function(peer);
            if (fn != null) {
                refuse(List.of(fn), "jna register " + fn, "JNA direct mapping binds " + fn + " as a Java native method"
                        + " whose calls cmdgate cannot see: refused");
            }
            return null;
        }
        throw new SecurityException("cmdgate: blocked: unknown native link route '" + route + "'");
    }

    /** The name of a JNA Function (its public {@code getName()}). */
    public static String jnaName(Object function) {
        try {
            Method m = function.getClass().getMethod("getName");
            return (String) m.invoke(function);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The address of a JNA Function (JNA's public {@code Pointer.nativeValue(Pointer)}). */
    public static long jnaPeer(Object function) {
        try {
            Class<?> pointer = function.getClass().getClassLoader().loadClass("com.sun.jna.Pointer");
            Method m = pointer.getMethod("nativeValue", pointer);
            return (Long) m.invoke(null, function);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * A process a native route would create, decided exactly like a launch of the JDK's: the same gate,
     * prompt, audit line, stderr report and SecurityException. The audit context says which route.
     */
    private void decide(Launch launch, String origin) {
        // the native routes start processes with this JVM's environment (or one they pass): cmdgate cannot
        // start them without a withheld secret, so with cmdgate.secrets=scrub such a launch is refused
        Map<String, String> env = launch.environmentChanges().isEmpty() ? null : ownEnvironmentWith(launch);
        StdinContext.with(Map.of("native", origin), () -> guard.enforce(launch, launch, env, true));
    }

    private static Map<String, String> ownEnvironmentWith(Launch launch) {
        Map<String, String> env = new HashMap<>(OwnEnvironment.get());
        env.putAll(launch.environmentChanges());
        return env;
    }

    /**
     * A native call cmdgate cannot read (fork, pointers, a library it could not hook), recorded as a block
     * (see {@link LaunchGuard#unjudgeable}). Returns null when it may go on (audit mode), else the refusal
     * message for the SecurityException (or error) the caller gets.
     */
    private String unjudgeable(List<String> shown, String origin, String why) {
        Launch launch = new Launch(shown, null, System.getProperty("user.dir"), Map.of(), List.of(), null, null);
        Decision[] recorded = new Decision[1];
        StdinContext.with(Map.of("native", origin),
                () -> recorded[0] = guard.unjudgeable(launch, new Reason("native.unjudgeable", why)));
        return recorded[0].outcome() == Outcome.ALLOWED ? null : recorded[0].blockMessage();
    }

    private void refuse(List<String> shown, String origin, String why) {
        String refused = unjudgeable(shown, origin, why);
        if (refused != null) {
            throw new SecurityException(refused);
        }
    }

    private MemoryArgs memory() {
        MemoryArgs m = memory;
        if (m == null) {
            try {
                memory = m = new MemoryArgs();
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("cannot read the arguments of foreign function calls (" + e + ")", e);
            }
        }
        return m;
    }
}
