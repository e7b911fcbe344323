package dev.cmdgate.agent.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a small list shipped in the agent jar ({@code launcher-libraries}, {@code jvm-programs}): lines
 * without their {@code #} comments, trimmed, blank ones left out. Read whole and split by hand: a reader and
 * a charset decoder would be classes the JVM loads for this alone, on its first launch.
 */
final class ResourceRows {

    private ResourceRows() {
    }

    static List<String> of(String name) {
        return of(name, null);
    }

    /** The rows, and when {@code lines} is not null each row's line number (from 1) added to it in the same order. */
    static List<String> of(String name, List<Integer> lines) {
        byte[] bytes;
        try (InputStream in = ResourceRows.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("cmdgate: " + name + " is missing from the agent jar");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>();
        int start = 0;
        int line = 0;
        while (start < text.length()) {
            line++;
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            int hash = text.indexOf('#', start);
            String row = text.substring(start, hash >= 0 && hash < end ? hash : end).trim();
            if (!row.isEmpty()) {
                rows.add(row);
                if (lines != null) {
                    lines.add(line);
                }
            }
            start = end + 1;
        }
        return rows;
    }
}
