package dev.cmdgate.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finds source lines of the test applications by a marker comment, to check caller frames exactly. */
public final class Sources {

    private static final Path ROOT = Path.of(System.getProperty("cmdgate.it.appSources", "src/test/java"));

    private Sources() {
    }

    /** The 1-based line of {@code type}'s source file that ends with {@code marker}; exactly one must. */
    public static int lineOf(Class<?> type, String marker) {
        Path file = ROOT.resolve(type.getName().replace('.', '/') + ".java");
        try {
            List<String> lines = Files.readAllLines(file);
            int found = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).stripTrailing().endsWith(marker)) {
                    if (found > 0) {
                        throw new IllegalStateException("marker " + marker + " occurs twice in " + file);
                    }
                    found = i + 1;
                }
            }
            if (found < 0) {
                throw new IllegalStateException("marker " + marker + " not found in " + file);
            }
            return found;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code pkg.Type.method(Type.java:LINE)} as a StackTraceElement prints it, LINE found by marker. */
    public static String frame(Class<?> type, String method, String marker) {
        return type.getName() + "." + method + "(" + type.getSimpleName() + ".java:" + lineOf(type, marker) + ")";
    }
}
