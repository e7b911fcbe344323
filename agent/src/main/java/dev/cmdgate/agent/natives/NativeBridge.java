package dev.cmdgate.agent.natives;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.lang.invoke.MethodHandle;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The bridge's native operations. Most of what the hooks in native-access libraries report is no process
 * at all — a JNA call of another function, a symbol lookup, an FFM handle for another address — and is
 * answered here without building the gate; only what concerns a function on {@link ProcessFunctions}'
 * list goes to {@link NativeRoutes}, built with the gate, to be decided like any launch.
 */
public final class NativeBridge implements BiFunction<String, Object[], Object> {

    private final NativeAddresses natives;
    private final Supplier<NativeRoutes> routes;
    private final FfmLinks ffm;

    /** @param routes the native routes, built with the gate on their first use */
    public NativeBridge(NativeAddresses natives, Supplier<NativeRoutes> routes) {
        this.natives = natives;
        this.routes = routes;
        this.ffm = new FfmLinks(natives, this);
    }

    /** Answers a {@code native.*} operation of the bridge (see {@link BridgeOps}); FFM handles call it back at each call. */
    @Override
    public Object apply(String operation, Object[] a) {
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
        return routes.get().answer(operation, a);
    }
}
