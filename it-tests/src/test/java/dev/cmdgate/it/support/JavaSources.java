package dev.cmdgate.it.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** Classes and jars a test writes for a forked JVM (an agent, a start-up class, a manifest), compiled by the JDK's javac. */
public final class JavaSources {

    private JavaSources() {
    }

    /** Compiles one class (release 17) into {@code classes}. */
    public static void compile(Path classes, String className, String source) throws IOException {
        Path src = Files.createTempDirectory("it-src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d", classes.toString(),
                src.toString());
        if (status != 0) {
            throw new IOException("javac failed for " + className);
        }
    }

    /** A jar of everything in {@code classes} (null: none) with these main manifest attributes. */
    public static Path jar(Path jar, Path classes, Map<String, String> attributes) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            m.getMainAttributes().put(new Attributes.Name(e.getKey()), e.getValue());
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            if (classes != null) {
                List<Path> files;
                try (Stream<Path> s = Files.walk(classes)) {
                    files = s.filter(Files::isRegularFile).toList();
                }
                for (Path f : files) {
                    j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                    j.write(Files.readAllBytes(f));
                    j.closeEntry();
                }
            }
        }
        return jar;
    }
}
