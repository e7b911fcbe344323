package dev.cmdgate.agent.natives;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The addresses of the process-creating C functions this JVM has seen: every symbol lookup cmdgate
 * hooks (jffi, JNA) records the address it found for a function on {@link ProcessFunctions}' list, and
 * on JDK 22 and later the JDK's default lookup is asked for all of them once. A call through a raw
 * address (JNA's {@code Function.getFunction(Pointer)}, an FFM downcall to an address) is recognised here.
 * Cheap to create: nothing is resolved until a native route needs it.
 */
public final class NativeAddresses {

    private final Map<Long, String> byAddress = new ConcurrentHashMap<>();
    private volatile boolean defaultLookupDone;

    /** Remembers {@code address} as {@code function}'s when the function is on the list. */
    public void record(String function, long address) {
        if (address != 0 && ProcessFunctions.isProcessFunction(function)) {
            // aliases share an address (fork, __fork, _Fork): the audit line names the public one
            byAddress.merge(address, function, (had, now) -> had.startsWith("_") && !now.startsWith("_") ? now : had);
        }
    }

    /** The process function at {@code address}, or null. */
    public String function(long address) {
        return address == 0 ? null : byAddress.get(address);
    }

    public boolean isEmpty() {
        return byAddress.isEmpty();
    }

    /**
     * On JDK 22 and later: looks every function on the list up in the JDK's default lookup (the C
     * library as the JVM itself linked it), once. Uses only methods of the foreign function API that are
     * not restricted, by reflection (cmdgate is compiled for Java 17).
     */
    public void resolveWithDefaultLookup() {
        if (defaultLookupDone) {
            return;
        }
        synchronized (this) {
            if (defaultLookupDone) {
                return;
            }
            try {
                MethodHandles.Lookup l = MethodHandles.publicLookup();
                Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
                Class<?> lookupClass = Class.forName("java.lang.foreign.SymbolLookup");
                Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
                Object linker = l.findStatic(linkerClass, "nativeLinker", MethodType.methodType(linkerClass)).invoke();
                Object lookup = l.findVirtual(linkerClass, "defaultLookup", MethodType.methodType(lookupClass)).invoke(linker);
                MethodHandle find = l.findVirtual(lookupClass, "find", MethodType.methodType(Optional.class, String.class));
                MethodHandle address = l.findVirtual(segmentClass, "address", MethodType.methodType(long.class));
                for (String name : ProcessFunctions.names()) {
                    Optional<?> found = (Optional<?>) find.invoke(lookup, name);
                    if (found.isPresent()) {
                        record(name, (long) address.invoke(found.get()));
                    }
                }
            } catch (Throwable t) {
                // JDK 21 or older, or no default lookup: the addresses recorded from lookups are all there is
            }
            defaultLookupDone = true;
        }
    }
}
