package dev.cmdgate.it.apps;

import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * Code run for a model in a JVM whose command line has cmdgate and then an agent that lends its
 * {@link Instrumentation} ({@link LendingAgent}): it borrows it and tries to change JDK classes and cmdgate's, and,
 * as a control, an application class. Arguments: the files directory, the replacement bytes of
 * {@code java.util.zip.Adler32} (whose {@code pwn(dir)} calls the renamed native launch method to create
 * {@code dir/pwned}), and those of the application class {@code app.Greeting} (whose {@code text()} answers
 * "transformed" instead of "original"). Prints tagged lines; see {@code OtherAgentsIT}.
 */
public final class BorrowsInstrumentation {

    private BorrowsInstrumentation() {
    }

    public static void main(String[] args) throws Exception {
        String files = args[0];
        byte[] adler = Files.readAllBytes(Path.of(args[1]));
        byte[] greeting = Files.readAllBytes(Path.of(args[2]));
        Attempt.run("control", () -> new ProcessBuilder("touch", files + "/control").start());

        Instrumentation inst = (Instrumentation) Class.forName(LendingAgent.class.getName()).getField("instrumentation").get(null);
        Attempt.print("LENT " + (inst != null));
        Attempt.print("PRELOADED " + loaded(inst, "java.util.zip.Adler32", "app.Greeting"));

        Set<String> offered = ConcurrentHashMap.newKeySet();
        ClassFileTransformer t = new ClassFileTransformer() {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                    ProtectionDomain domain, byte[] bytes) {
                if (name != null && (loader == null || loader == ClassLoader.getPlatformClassLoader()
                        || name.startsWith("java/") || name.startsWith("jdk/") || name.startsWith("sun/")
                        || name.startsWith("dev/cmdgate/agent/"))) {
                    offered.add(name);
                }
                if ("java/util/zip/Adler32".equals(name)) {
                    return adler;
                }
                if ("app/Greeting".equals(name)) {
                    offered.add(name + (redefined == null ? " at load" : " at retransform"));
                    return greeting;
                }
                return null;
            }
        };
        inst.addTransformer(t, true);

        // a JDK class loaded now: the transformer's bytes would give it java.base's access
        Class<?> loadedAdler = Class.forName("java.util.zip.Adler32");
        try {
            Object r = loadedAdler.getMethod("pwn", String.class).invoke(null, files);
            Attempt.print("ADLER changed " + r);
        } catch (Throwable e) {
            Attempt.print("ADLER kept " + Attempt.unwrap(e).getClass().getName());
        }
        Adler32 checksum = new Adler32();
        checksum.update("abc".getBytes(StandardCharsets.US_ASCII));
        Attempt.print("ADLER32 abc " + Long.toHexString(checksum.getValue()));

        // an application class loaded now: the same transformer changes it
        Object text = Class.forName("app.Greeting").getMethod("text").invoke(null);
        Attempt.print("GREETING " + text);

        // JDK 17 generates reflection accessors into jdk.internal.reflect after some calls (their code skips access checks)
        for (int i = 0; i < 40; i++) {
            String.class.getMethod("length").invoke("x");
        }
        Attempt.print("ACCESSORS " + count(inst, "jdk.internal.reflect.Generated"));

        Class<?> cmdgate = firstLoaded(inst, "dev.cmdgate.agent.");
        attempt("RETRANSFORM", inst, new Class<?>[] {Object.class, CRC32.class, Class.forName("app.Greeting"), cmdgate}, null);
        byte[] crc = jrt("java.base", CRC32.class);
        attempt("REDEFINE-JDK", inst, null, new ClassDefinition(CRC32.class, crc));
        attempt("REDEFINE-CMDGATE", inst, null, new ClassDefinition(cmdgate, crc));
        // cmdgate's module holds java.base's grants: opened to this code, a class defined into it would hold them too
        Module own = cmdgate.getModule();
        try {
            inst.redefineModule(own, Set.of(), Map.of(), Map.of(own.getPackages().iterator().next(),
                    Set.of(BorrowsInstrumentation.class.getModule())), Set.of(), Map.of());
            Attempt.print("OPEN-CMDGATE opened " + own.getName());
        } catch (Throwable e) {
            Attempt.print("OPEN-CMDGATE refused " + e.getClass().getName());
        }

        Attempt.print("OFFERED " + new TreeSet<>(offered));
        Attempt.run("touch_after", () -> new ProcessBuilder("touch", files + "/touched").start());
    }

    private static void attempt(String tag, Instrumentation inst, Class<?>[] retransform, ClassDefinition redefine) {
        try {
            if (retransform != null) {
                inst.retransformClasses(retransform);
            } else {
                inst.redefineClasses(redefine);
            }
            Attempt.print(tag + " ok");
        } catch (Throwable e) {
            Attempt.print(tag + " refused " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    private static boolean loaded(Instrumentation inst, String... names) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            for (String n : names) {
                if (n.equals(c.getName())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int count(Instrumentation inst, String prefix) {
        int n = 0;
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().startsWith(prefix)) {
                n++;
            }
        }
        return n;
    }

    private static Class<?> firstLoaded(Instrumentation inst, String prefix) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().startsWith(prefix) && c.getClassLoader() != ClassLoader.getSystemClassLoader()) {
                return c;
            }
        }
        throw new IllegalStateException("no class of cmdgate's module is loaded");
    }

    private static byte[] jrt(String module, Class<?> c) throws Exception {
        return Files.readAllBytes(FileSystems.getFileSystem(URI.create("jrt:/"))
                .getPath("modules", module, c.getName().replace('.', '/') + ".class"));
    }
}
