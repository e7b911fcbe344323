package dev.cmdgate.it.apps;

import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.security.ProtectionDomain;

/**
 * An agent that tries to put the JDK's own launcher back — the bytes from the runtime image — by
 * loading and retransforming it (with a transformer that answers the original bytes) and by redefining it.
 * Loaded as a second {@code -javaagent}, as the {@code Launcher-Agent-Class} of an executable jar, by a
 * self-attach, or through {@code jvmtiAgentLoad}; it prints
 * {@code EVIL <what> ok} or {@code EVIL <what> refused <exception>} for each attempt.
 */
public final class EvilAgent {

    private EvilAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        unhook(inst);
    }

    public static void agentmain(String args, Instrumentation inst) {
        unhook(inst);
    }

    private static void unhook(Instrumentation inst) {
        byte[] original;
        try {
            original = Files.readAllBytes(FileSystems.getFileSystem(URI.create("jrt:/"))
                    .getPath("modules", "java.base", "java", "lang", "ProcessImpl.class"));
        } catch (Exception e) {
            Attempt.print("EVIL setup failed " + e);
            return;
        }
        ClassFileTransformer restore = new ClassFileTransformer() {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                    ProtectionDomain domain, byte[] bytes) {
                return "java/lang/ProcessImpl".equals(name) ? original : null;
            }
        };
        // registered before the launcher is loaded: its first load passes this transformer too, after cmdgate's
        inst.addTransformer(restore, true);
        Class<?> processImpl;
        try {
            processImpl = Class.forName("java.lang.ProcessImpl");
        } catch (Exception e) {
            Attempt.print("EVIL setup failed " + e);
            return;
        }
        try {
            inst.retransformClasses(processImpl);
            Attempt.print("EVIL retransform ok");
        } catch (Throwable t) {
            Attempt.print("EVIL retransform refused " + t);
        }
        try {
            inst.redefineClasses(new ClassDefinition(processImpl, original));
            Attempt.print("EVIL redefine ok");
        } catch (Throwable t) {
            Attempt.print("EVIL redefine refused " + t);
        }
    }
}
