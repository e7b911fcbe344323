package dev.cmdgate.agent.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.module.ModuleReader;
import java.lang.module.ResolvedModule;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the launcher weavers with the copy of ASM that JDK 17 to 23 carry inside java.base
 * ({@code jdk.internal.org.objectweb.asm}) where that is possible, and with cmdgate's own (relocated) ASM otherwise.
 *
 * <p>Why: the JDK's copy is in its class-data archive, so a JVM loads it without reading, parsing or verifying it,
 * where cmdgate's ASM is read from its jar into cmdgate's module and verified class by class — the larger part of
 * weaving the launcher in a JVM that launches at once (see docs/performance.md, the cold regime).
 *
 * <p>How: the weaving code is not written twice. The class files of {@link AsmLauncherWeaving} and of the weavers it
 * calls are read from cmdgate's own module and renamed ({@link ClassFileNames}): cmdgate's ASM package becomes the
 * JDK's, each class gets the prefix {@value #PREFIX}. The copies are defined in this package, beside the originals,
 * and run the very same instructions against the JDK's ASM. java.base exports the package to cmdgate's module only
 * ({@code JdkBridge} asks for it with the bridge's other exports). The JDK's copy is ASM 8 on JDK 17 (the weavers
 * ask for no later API) and is gone from JDK 24; where it is missing, not exported, or its copies cannot be defined,
 * the originals are used: the same weaving either way, so the choice changes only what start-up costs. A failure
 * while weaving is the weavers' own and is handled as before: the class stays unhooked and {@link LauncherHooks}
 * stops the JVM if it stays so.
 */
public final class JdkAsmWeaving {

    static final String JDK_ASM_PACKAGE = "jdk.internal.org.objectweb.asm";
    static final String PREFIX = "JdkAsm";
    private static final String PACKAGE = "dev/cmdgate/agent/instrument/";
    /**
     * The classes copied: the two weavers' nests (what {@code getNestMembers} lists; a test checks it) and the entry,
     * last. In this order: a class defined through a {@code Lookup} is linked at once, and verifying a class loads
     * the classes its code hands on as their super types (a visitor returned as a {@code MethodVisitor}).
     */
    static final List<String> COPIED = List.of(
            "LaunchHookWeaver$EntryAndExit", "LaunchHookWeaver$HookingVisitor", "LaunchHookWeaver",
            "GuardWeaver$Visitor$AskFirst", "GuardWeaver$Visitor$TransformGuard", "GuardWeaver$Visitor", "GuardWeaver",
            "AsmLauncherWeaving");
    /** The class whose super class names the package of cmdgate's ASM (its {@code ClassVisitor}). */
    private static final String VISITOR = "LaunchHookWeaver$HookingVisitor";

    private JdkAsmWeaving() {
    }

    /** The weaving to use in this JVM: with the JDK's ASM when it can be, else with cmdgate's own. */
    public static LauncherWeaving choose() {
        return choose(Object.class.getModule().isExported(JDK_ASM_PACKAGE, JdkAsmWeaving.class.getModule()));
    }

    /** @param jdkAsm whether java.base has the JDK's ASM and exports it to cmdgate */
    static LauncherWeaving choose(boolean jdkAsm) {
        if (!jdkAsm) {
            return new AsmLauncherWeaving();
        }
        try {
            return withJdkAsm();
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            return new AsmLauncherWeaving();
        }
    }

    /** Defines the renamed copies (each linked as it is defined, so a copy the JVM rejects is found here); returns the entry's. */
    static LauncherWeaving withJdkAsm() throws IOException, ReflectiveOperationException {
        List<byte[]> originals = read();
        String visitorSuper = ClassFileNames.superName(originals.get(COPIED.indexOf(VISITOR)));
        if (!visitorSuper.endsWith("/ClassVisitor")) {
            throw new IllegalStateException("unexpected super class of " + VISITOR + ": " + visitorSuper);
        }
        Map<String, String> renames = new LinkedHashMap<>();
        renames.put(visitorSuper.substring(0, visitorSuper.length() - "ClassVisitor".length()),
                JDK_ASM_PACKAGE.replace('.', '/') + '/');
        for (String name : COPIED) {
            if (name.indexOf('$') < 0) {
                renames.put(PACKAGE + name, PACKAGE + PREFIX + name);
            }
        }
        MethodHandles.Lookup here = MethodHandles.lookup();
        Class<?> entry = null;
        for (byte[] original : originals) {
            entry = here.defineClass(ClassFileNames.rename(original, renames));
        }
        return (LauncherWeaving) entry.getDeclaredConstructor().newInstance();
    }

    /**
     * The class files of {@link #COPIED}: through the reader cmdgate's module defines its classes with (its jar,
     * already open), or from the class path when these classes run outside that module (unit tests).
     */
    private static List<byte[]> read() throws IOException {
        List<byte[]> files = new ArrayList<>(COPIED.size());
        Module self = JdkAsmWeaving.class.getModule();
        ModuleLayer layer = self.getLayer();
        if (layer == null) {
            for (String name : COPIED) {
                try (InputStream in = JdkAsmWeaving.class.getClassLoader().getResourceAsStream(PACKAGE + name + ".class")) {
                    if (in == null) {
                        throw new IOException("no class file for " + name);
                    }
                    files.add(in.readAllBytes());
                }
            }
            return files;
        }
        // no lambdas here: each would be spun at run time, which is what this class saves
        Optional<ResolvedModule> module = layer.configuration().findModule(self.getName());
        if (module.isEmpty()) {
            throw new IOException("cmdgate's module is not in its own layer");
        }
        try (ModuleReader reader = module.get().reference().open()) {
            for (String name : COPIED) {
                Optional<ByteBuffer> read = reader.read(PACKAGE + name + ".class");
                if (read.isEmpty()) {
                    throw new IOException("no class file for " + name);
                }
                ByteBuffer buffer = read.get();
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                reader.release(buffer);
                files.add(bytes);
            }
        }
        return files;
    }
}
