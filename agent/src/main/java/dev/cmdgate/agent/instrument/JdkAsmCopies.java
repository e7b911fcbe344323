package dev.cmdgate.agent.instrument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Build step (run by the agent's pom after compiling, before the jar is shaded): writes the copies of the launcher
 * weavers that {@link JdkAsmWeaving} runs with the JDK's own ASM. Each class of {@link JdkAsmWeaving#COPIED} is
 * renamed by its constant pool ({@link ClassFileNames}): the ASM package it was compiled against becomes
 * {@code jdk/internal/org/objectweb/asm/}, and each class gets the prefix {@value JdkAsmWeaving#PREFIX}. The
 * relocation of cmdgate's own ASM, later in the build, leaves the JDK's package alone. Done at build time because
 * the same rename in a starting JVM runs in the interpreter and cost about as much as it saved.
 */
public final class JdkAsmCopies {

    private static final String PACKAGE = "dev/cmdgate/agent/instrument/";

    private JdkAsmCopies() {
    }

    /** @param args the compiled classes' directory */
    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]));
    }

    /** Writes the copies next to the originals in {@code classes}. */
    static void write(Path classes) throws IOException {
        Path dir = classes.resolve(PACKAGE);
        Map<String, String> renames = renames(Files.readAllBytes(dir.resolve(JdkAsmWeaving.VISITOR + ".class")));
        for (String name : JdkAsmWeaving.COPIED) {
            byte[] copy = ClassFileNames.rename(Files.readAllBytes(dir.resolve(name + ".class")), renames);
            Path file = dir.resolve(JdkAsmWeaving.PREFIX + name + ".class");
            // an unchanged copy is left alone: Maven takes a module's jar for the modules after it only while
            // nothing in its compiled classes is newer
            if (!Files.exists(file) || !Arrays.equals(Files.readAllBytes(file), copy)) {
                Files.write(file, copy);
            }
        }
    }

    /** cmdgate's ASM package (read from a visitor's super class) to the JDK's, and each copied class to its copy. */
    static Map<String, String> renames(byte[] visitor) {
        String visitorSuper = ClassFileNames.superName(visitor);
        if (!visitorSuper.endsWith("/ClassVisitor")) {
            throw new IllegalStateException("unexpected super class of " + JdkAsmWeaving.VISITOR + ": " + visitorSuper);
        }
        Map<String, String> renames = new LinkedHashMap<>();
        renames.put(visitorSuper.substring(0, visitorSuper.length() - "ClassVisitor".length()),
                JdkAsmWeaving.JDK_ASM_PACKAGE.replace('.', '/') + '/');
        for (String name : JdkAsmWeaving.COPIED) {
            if (name.indexOf('$') < 0) {
                renames.put(PACKAGE + name, PACKAGE + JdkAsmWeaving.PREFIX + name);
            }
        }
        return renames;
    }
}
