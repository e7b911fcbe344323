package dev.cmdgate.core.classify;

import java.util.List;

/**
 * A read path that starts with a spelling of the directory the reading command runs in rather than a directory of
 * its own: {@code $PWD} and {@code ~+} (the shell's), and the process's own view of it,
 * {@code /proc/self/cwd}, {@code /proc/thread-self/cwd} and {@code /proc/$$/cwd} (the reader is a child of the
 * shell, in the same directory). Such a path is the same file as the rest of it read relative to the line's
 * working directory, so it is judged as that relative path too — where a cd led, and through the links on disk.
 * Read by the gate itself, {@code /proc/self/cwd} would be the gate's directory, not the command's.
 */
final class LineDirectoryPaths {

    /** Spellings of the command's working directory, each followed by the end of the word or {@code /}. */
    private static final List<String> PREFIXES = List.of("/proc/self/cwd", "/proc/thread-self/cwd", "/proc/$$/cwd",
            "/proc/${$}/cwd");

    private LineDirectoryPaths() {
    }

    /** The rest of {@code text} as a path relative to the command's directory ({@code .} for the directory), or null. */
    static String relative(String text) {
        if (text.isEmpty() || text.charAt(0) != '~' && text.charAt(0) != '$' && !text.startsWith("/proc/")) {
            return null;   // neither a directory word (~+, $PWD) nor a process's cwd: most read paths
        }
        DirectoryWord d = DirectoryWord.of(text);
        if (d != null && d.kind() == DirectoryWord.Kind.PWD) {
            return rest(d.rest());
        }
        for (String p : PREFIXES) {
            if (text.startsWith(p) && (text.length() == p.length() || text.charAt(p.length()) == '/')) {
                return rest(text.substring(p.length()));
            }
        }
        return null;
    }

    private static String rest(String afterDirectory) {
        String r = afterDirectory.startsWith("/") ? afterDirectory.substring(1) : afterDirectory;
        return r.isEmpty() ? "." : r;
    }
}
