package dev.cmdgate.it.apps;

import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;

/**
 * An agent that tries to put the JDK's own launcher back — the bytes from the runtime image — by
 * loading and retransforming it (with a transformer that answers the original bytes) and by redefining it.
 * Loaded as a second {@code -javaagent}, as the {@code Launcher-Agent-Class} of an executable jar, by a
 * self-attach, or through {@code jvmtiAgentLoad}; then opens java.lang to itself and calls the renamed native
 * launch method. It prints {@code EVIL <what> ok} or {@code EVIL <what> refused <exception>} for each attempt.
 */
public final class EvilAgent {

    private EvilAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        unhook(inst);
        openLauncher(inst, args);
    }

    public static void agentmain(String args, Instrumentation inst) {
        unhook(inst);
        openLauncher(inst, args);
    }

    /**
     * Opens java.lang to itself ({@code redefineModule}) and calls the launcher's native method by its renamed name
     * around every hook: {@code touch DIR/agent-victim} with DIR the agent's argument (no argument: only the open).
     */
    private static void openLauncher(Instrumentation inst, String dir) {
        try {
            inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                    Map.of("java.lang", Set.of(EvilAgent.class.getModule())), Set.of(), Map.of());
            Attempt.print("EVIL redefineModule ok");
        } catch (Throwable t) {
            Attempt.print("EVIL redefineModule refused " + t);
        }
        if (dir == null || dir.isEmpty()) {
            return;
        }
        try {
            Process p = new ProcessBuilder("echo", "x").start();
            p.waitFor();
            for (Method m : Class.forName("java.lang.ProcessImpl").getDeclaredMethods()) {
                if (Modifier.isNative(m.getModifiers()) && m.getName().endsWith("forkAndExec")) {
                    m.setAccessible(true);
                    Object pid = m.invoke(p, 1, "/bin/true\0".getBytes(), "/usr/bin/touch\0".getBytes(),
                            (dir + "/agent-victim\0").getBytes(), 1, null, 0, null, new int[] {-1, -1, -1}, false);
                    Attempt.print("EVIL native ok " + pid);
                }
            }
        } catch (Throwable t) {
            Attempt.print("EVIL native refused " + t);
        }
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
