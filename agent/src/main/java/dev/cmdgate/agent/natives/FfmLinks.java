package dev.cmdgate.agent.natives;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Downcall handles of the JDK's foreign function API (JDK 22+), as {@code AbstractLinker.downcallHandle}
 * returns them: a handle bound to the address of a function on {@link ProcessFunctions}' list, and every
 * unbound handle (whose address comes with each call), is wrapped so that each call first asks the gate
 * ({@link BridgeOps#NATIVE_CALL}, route {@code ffm}) with the call's native arguments, and then calls
 * with the copies the gate answers. Handles bound to any other address are returned as they are.
 */
public final class FfmLinks {

    private final NativeAddresses addresses;
    private final BiFunction<String, Object[], Object> gate;
    private volatile MethodHandle address;        // MemorySegment.address()
    private volatile MethodHandle argumentCount;  // FunctionDescriptor.argumentLayouts().size()

    public FfmLinks(NativeAddresses addresses, BiFunction<String, Object[], Object> gate) {
        this.addresses = addresses;
        this.gate = gate;
    }

    /** The handle to give the application for {@code target} (bound to {@code symbol}, or unbound when null). */
    public MethodHandle link(MethodHandle target, Object symbol, Object descriptor) {
        try {
            init();
            addresses.resolveWithDefaultLookup();
            int nativeArgs = (int) argumentCount.invoke(descriptor);
            if (symbol != null) {
                long a = (long) address.invoke(symbol);
                String function = addresses.function(a);
                return function == null ? target : wrap(target, new Check(this, function, a, nativeArgs));
            }
            return wrap(target, new Check(this, null, 0, nativeArgs));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cmdgate cannot check this downcall handle (" + t + ")", t);
        }
    }

    private void init() throws ReflectiveOperationException {
        if (argumentCount == null) {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> fd = Class.forName("java.lang.foreign.FunctionDescriptor");
            address = l.findVirtual(segment, "address", MethodType.methodType(long.class));
            MethodHandle layouts = l.findVirtual(fd, "argumentLayouts", MethodType.methodType(List.class));
            MethodHandle size = l.findVirtual(List.class, "size", MethodType.methodType(int.class));
            argumentCount = MethodHandles.filterReturnValue(layouts, size);
        }
    }

    private static final MethodHandle CHECK;

    static {
        try {
            CHECK = MethodHandles.lookup().findVirtual(Check.class, "check", MethodType.methodType(Object[].class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code target} with every call's arguments passed through {@code check} first (same type). */
    private static MethodHandle wrap(MethodHandle target, Check check) {
        int n = target.type().parameterCount();
        MethodHandle spread = target.asSpreader(Object[].class, n);
        MethodHandle checked = MethodHandles.filterArguments(spread, 0, CHECK.bindTo(check));
        return checked.asCollector(Object[].class, n).asType(target.type());
    }

    /** One downcall's check: its function (fixed, or found from the address argument of an unbound handle). */
    static final class Check {
        private final FfmLinks links;
        private final String function;
        private final long fixedAddress;
        private final int nativeArgs;

        Check(FfmLinks links, String function, long fixedAddress, int nativeArgs) {
            this.links = links;
            this.function = function;
            this.fixedAddress = fixedAddress;
            this.nativeArgs = nativeArgs;
        }

        Object[] check(Object[] all) throws Throwable {
            String fn = function;
            long at = fixedAddress;
            if (fn == null) {
                at = (long) links.address.invoke(all[0]);   // an unbound handle: the target address comes first
                fn = links.addresses.function(at);
                if (fn == null) {
                    return all;
                }
            }
            // the C function's own arguments are the last ones (an allocator or call-state segment may precede them)
            int from = all.length - nativeArgs;
            Object[] args = new Object[nativeArgs];
            System.arraycopy(all, from, args, 0, nativeArgs);
            Object[] answer = (Object[]) links.gate.apply(BridgeOps.NATIVE_CALL, new Object[] {"ffm", fn, at, args});
            Object[] out = all.clone();
            System.arraycopy(answer, 0, out, from, nativeArgs);
            return out;
        }
    }
}
