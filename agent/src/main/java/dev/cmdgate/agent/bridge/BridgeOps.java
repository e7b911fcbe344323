package dev.cmdgate.agent.bridge;

/**
 * The operations of the bridge into the JDK ({@code java.lang.CmdgateBridge.call(op, args)}): the name
 * the woven hook or the application API passes, and what its arguments and answer are. Only JDK types
 * cross the bridge.
 */
public final class BridgeOps {

    /** Entry of {@code ProcessImpl.start}: {@code (String[], Map, String, Redirect[], Boolean)} → the snapshot to launch, same shape. */
    public static final String START = "start";
    /** Exit of {@code ProcessImpl.start}: {@code (Process)} → the Process the caller gets. */
    public static final String STARTED = "started";
    /** Entry of {@code ProcessBuilder.startPipeline}: {@code (List)} → the List of builders to start instead. */
    public static final String PIPELINE = "pipeline";
    /** Entry of the {@code ProcessImpl} constructor: its byte arrays → {@code (prog, argBlock, envBlock, dir)} to use. */
    public static final String CONSTRUCT = "construct";
    /**
     * Java wrapper of the native {@code ProcessImpl.forkAndExec}: {@code (prog, argBlock, argc, envBlock, envc, dir)}
     * → {@code (prog, argBlock, envBlock, dir)} to fork with.
     */
    public static final String FORK = "fork";
    /**
     * A call of a C function that may create a process, at its Java entry in a native-access library:
     * {@code (String route, String function, Long address or null, Object[] args)} → the Object[] of
     * arguments to call it with (copies only cmdgate holds), or SecurityException. Routes: jnr-posix,
     * jnr-libc, jna, jna-converted, ffm (see dev.cmdgate.agent.natives.NativeRoutes).
     */
    public static final String NATIVE_CALL = "native.call";
    /** A symbol lookup's result: {@code (String route, String name, Long address[, library])} → the Long address to return (0: not found). */
    public static final String NATIVE_SYMBOL = "native.symbol";
    /**
     * A native function being linked: {@code ("jna-register", Function)} → null or SecurityException;
     * {@code ("ffm", MethodHandle, MemorySegment symbol or null, FunctionDescriptor)} → the MethodHandle to return.
     */
    public static final String NATIVE_LINK = "native.link";
    /** A method of a native-access library cmdgate could not hook: {@code (String class, String method)} → SecurityException. */
    public static final String NATIVE_UNHOOKED = "native.unhooked";
    /** Application API: {@code (List argv, String shellLine, String cwd, Map env)} → a Map describing the check. */
    public static final String API_CHECK = "api.check";
    /** Application API: {@code (Map context, String declaredClass)}, both nullable → null. */
    public static final String API_SCOPE = "api.scope";
    /** Application API: {@code (Function handler, String name)} → null, or IllegalStateException when refused. */
    public static final String API_PROMPT_HANDLER = "api.prompt-handler";

    /** {@code InstrumentationImpl.retransformClasses}: {@code (Instrumentation, Class[])} → refused for guarded classes of another agent. */
    public static final String GUARD_RETRANSFORM = "guard.retransform";
    /** {@code InstrumentationImpl.redefineClasses}: {@code (Instrumentation, ClassDefinition[])} → refused for the JDK's and cmdgate's classes of another agent. */
    public static final String GUARD_REDEFINE = "guard.redefine";
    /**
     * {@code InstrumentationImpl.transform}: {@code (Instrumentation, String className)} → TRUE to skip that agent's
     * transformers, FALSE to run them (cmdgate's own), null to ask {@link #GUARD_TRANSFORM_ORIGIN}.
     */
    public static final String GUARD_TRANSFORM = "guard.transform";
    /**
     * {@code InstrumentationImpl.transform} of another agent: {@code (Instrumentation, String className, ClassLoader)}
     * → TRUE to skip its transformers (the class is the JDK's or cmdgate's), FALSE to run them.
     */
    public static final String GUARD_TRANSFORM_ORIGIN = "guard.transform-origin";
    /** The DiagnosticCommand MBean's runner: {@code (wrapper, String command, String[] args)} → refused for agent loading. */
    public static final String GUARD_DIAGNOSTIC_COMMAND = "guard.dcmd";
    /** {@code InstrumentationImpl.redefineModule}: {@code (Instrumentation, Module, Map exports, Map opens)} → refused for the JDK's modules. */
    public static final String GUARD_REDEFINE_MODULE = "guard.redefine-module";
    /** {@code InstrumentationImpl.loadClassAndCallAgentmain}: {@code (Instrumentation, String agentClass)} → refused unless the launcher's. */
    public static final String GUARD_AGENTMAIN = "guard.agentmain";

    private BridgeOps() {
    }
}
