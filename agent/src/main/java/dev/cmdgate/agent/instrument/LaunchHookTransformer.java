package dev.cmdgate.agent.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands the two JDK classes of the launch funnel to {@link LaunchHookWeaver}. Deliberately tiny:
 * this class is loaded in premain and consulted for every class the JVM loads, while ASM is only
 * loaded when {@code ProcessBuilder} or {@code ProcessImpl} is.
 */
public final class LaunchHookTransformer implements ClassFileTransformer {

    static final String PROCESS_IMPL = "java/lang/ProcessImpl";
    static final String PROCESS_BUILDER = "java/lang/ProcessBuilder";

    /** The classes this transformer has hooked (internal names), for {@link LauncherHooks} to check. */
    private final Set<String> hooked = ConcurrentHashMap.newKeySet();

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (loader != null || !(PROCESS_IMPL.equals(className) || PROCESS_BUILDER.equals(className))) {
            return null;
        }
        byte[] woven = LaunchHookWeaver.instrument(bytes);
        if (woven != null) {
            hooked.add(className);
        }
        return woven;
    }

    boolean hooked(String internalName) {
        return hooked.contains(internalName);
    }
}
