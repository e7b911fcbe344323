package dev.cmdgate.agent.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Hands the two JDK classes of the launch funnel to {@link LaunchHookWeaver}. Deliberately tiny:
 * this class is loaded in premain and consulted for every class the JVM loads, while ASM is only
 * loaded when {@code ProcessBuilder} or {@code ProcessImpl} is.
 */
public final class LaunchHookTransformer implements ClassFileTransformer {

    static final String PROCESS_IMPL = "java/lang/ProcessImpl";
    static final String PROCESS_BUILDER = "java/lang/ProcessBuilder";

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (loader != null || !(PROCESS_IMPL.equals(className) || PROCESS_BUILDER.equals(className))) {
            return null;
        }
        return LaunchHookWeaver.instrument(bytes);
    }
}
