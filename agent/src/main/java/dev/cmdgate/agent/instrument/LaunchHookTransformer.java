package dev.cmdgate.agent.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands the JDK classes cmdgate hooks to their weavers: the two classes of the launch funnel to
 * {@link LaunchHookWeaver}, the instrumentation and diagnostic-command classes to {@link GuardWeaver},
 * and the native-access libraries (jnr-posix, jffi, JNA, the JDK's foreign linker), by exact name and
 * for any class loader, to {@link NativeWeaver}.
 * Deliberately tiny: this class is consulted for every class the JVM loads, and ASM is only loaded
 * when one of those classes is woven (the JDK's own copy, for the launcher, where {@link JdkAsmWeaving} could
 * choose it).
 */
public final class LaunchHookTransformer implements ClassFileTransformer {

    static final String PROCESS_IMPL = "java/lang/ProcessImpl";
    static final String PROCESS_BUILDER = "java/lang/ProcessBuilder";

    /** The classes this transformer has hooked (internal names), for {@link LauncherHooks} to check. */
    private final Set<String> hooked = ConcurrentHashMap.newKeySet();
    /** The native-method prefix registered for cmdgate (ProcessImpl's forkAndExec gets wrapped), or null. */
    private final String nativePrefix;
    /** Weaves the launcher and its guards (with the JDK's ASM where it can: {@link JdkAsmWeaving}). */
    private final LauncherWeaving weaving;

    /** @param nativePrefix the native-method prefix registered for cmdgate's transformer, or null for none */
    public LaunchHookTransformer(String nativePrefix) {
        this(nativePrefix, new AsmLauncherWeaving());
    }

    /**
     * @param nativePrefix the native-method prefix registered for cmdgate's transformer, or null for none
     * @param weaving      what weaves the launcher and its guards
     */
    public LaunchHookTransformer(String nativePrefix, LauncherWeaving weaving) {
        this.nativePrefix = nativePrefix;
        this.weaving = weaving;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (className == null) {
            return null;
        }
        byte[] woven;
        if (NativeTargets.target(className)) {
            // native-access libraries, whatever loads them (and the JDK's foreign linker)
            woven = NativeWeaver.instrument(className, bytes, redefined == null);
        } else if (loader != null) {
            return null;
        } else if (PROCESS_IMPL.equals(className)) {
            woven = weaving.launcher(bytes, canWrapFork(redefined) ? nativePrefix : null);
        } else if (PROCESS_BUILDER.equals(className)) {
            woven = weaving.launcher(bytes, null);
        } else if (GuardWeaver.INSTRUMENTATION_IMPL.equals(className) || GuardWeaver.DCMD_WRAPPER.equals(className)) {
            woven = weaving.guard(bytes);
        } else {
            return null;
        }
        if (woven != null) {
            hooked.add(className);
        }
        return woven;
    }

    /**
     * The native-method wrapper can be added when the class is first defined (with cmdgate's native
     * prefix registered), and must be kept when a class that has it is retransformed; a class loaded
     * without it (before cmdgate, or without prefix support) cannot get it later.
     */
    private boolean canWrapFork(Class<?> redefined) {
        if (nativePrefix == null || redefined == null) {
            return nativePrefix != null;
        }
        for (java.lang.reflect.Method m : redefined.getDeclaredMethods()) {
            if (m.getName().equals(nativePrefix + LaunchHookWeaver.FORK)) {
                return true;
            }
        }
        return false;
    }

    boolean hooked(String internalName) {
        return hooked.contains(internalName);
    }
}
