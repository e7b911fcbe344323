package dev.cmdgate.agent;

import dev.cmdgate.agent.bridge.ApiService;
import dev.cmdgate.agent.bridge.BridgeOps;
import dev.cmdgate.agent.bridge.LaunchGate;
import dev.cmdgate.agent.natives.FfmLinks;
import dev.cmdgate.agent.natives.NativeAddresses;
import dev.cmdgate.agent.natives.NativeRoutes;
import dev.cmdgate.agent.natives.ProcessFunctions;
import java.lang.invoke.MethodHandle;
import dev.cmdgate.agent.prompt.ApiGate;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The gate premain hands to the bridge. It builds the real one (see {@link AgentRuntime#build}) on its
 * first use — a launch or a call of the application API — so that a JVM's start-up pays only for
 * reading and checking the configuration, not for loading the decision machinery of a JVM that may
 * never launch. A failed build is not kept: that launch is refused, and the next use tries again. The
 * thread scopes set through the API are kept from the start, so a scope opened before the first
 * launch still counts.
 */
final class LazyGate implements LaunchGate, ApiService {

    private final AgentRuntime.Checked checked;
    private final FfmLinks ffm;
    private volatile ApiGate gate;

    LazyGate(AgentRuntime.Checked checked) {
        this.checked = checked;
        this.ffm = new FfmLinks(checked.natives(), new NativeCalls(this));
    }

    private ApiGate gate() {
        ApiGate g = gate;
        if (g == null) {
            synchronized (this) {
                g = gate;
                if (g == null) {
                    gate = g = AgentRuntime.build(checked);
                }
            }
        }
        return g;
    }

    @Override
    public Object[] checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                               boolean redirectErrorStream) {
        return gate().checkStart(cmdarray, environment, dir, redirects, redirectErrorStream);
    }

    @Override
    public List<ProcessBuilder> checkPipeline(List<ProcessBuilder> builders) {
        return gate().checkPipeline(builders);
    }

    @Override
    public Object[] checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        return gate().checkConstruct(prog, argBlock, argc, envBlock, envc, dir);
    }

    @Override
    public Process started(Process process) {
        return gate().started(process);
    }

    /**
     * Native routes: most of what the hooks report is no process at all (a JNA call of another function,
     * a symbol lookup, an FFM handle for another address). That is answered here without building the
     * gate; only what concerns a function on {@link ProcessFunctions}' list goes to it.
     */
    @Override
    public Object checkNative(String operation, Object[] a) {
        NativeAddresses natives = checked.natives();
        switch (operation) {
            case BridgeOps.NATIVE_CALL -> {
                Long address = (Long) a[2];
                if (!ProcessFunctions.isProcessFunction((String) a[1])
                        && natives.function(address == null ? 0 : address) == null) {
                    return a[3];
                }
            }
            case BridgeOps.NATIVE_SYMBOL -> {
                if (!ProcessFunctions.isProcessFunction((String) a[1])) {
                    return a[2];
                }
            }
            case BridgeOps.NATIVE_LINK -> {
                if ("ffm".equals(a[0])) {
                    return ffm.link((MethodHandle) a[1], a[2], a[3]);
                }
                if ("jna-register".equals(a[0]) && !ProcessFunctions.isProcessFunction(NativeRoutes.jnaName(a[1]))
                        && natives.function(NativeRoutes.jnaPeer(a[1])) == null) {
                    return null;
                }
            }
            default -> {
                // NATIVE_UNHOOKED: always decided
            }
        }
        return gate().checkNative(operation, a);
    }

    /** The gate's native entry as a function, for the checks FFM handles make at each call. */
    private static final class NativeCalls implements BiFunction<String, Object[], Object> {
        private final LazyGate gate;

        NativeCalls(LazyGate gate) {
            this.gate = gate;
        }

        @Override
        public Object apply(String operation, Object[] arguments) {
            return gate.checkNative(operation, arguments);
        }
    }

    @Override
    public Map<String, Object> check(List<String> argv, String shellLine, String cwd, Map<String, String> environment) {
        return gate().check(argv, shellLine, cwd, environment);
    }

    @Override
    public void scope(Map<String, String> context, String declaredClass) {
        checked.scopes().set(context, declaredClass);   // cheap; no need to build the gate for it
    }

    @Override
    public void installPromptHandler(Function<Map<String, Object>, String> handler, String name) {
        gate().installPromptHandler(handler, name);
    }
}
