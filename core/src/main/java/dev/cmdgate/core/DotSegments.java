package dev.cmdgate.core;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A path's {@code .} and {@code ..} segments resolved by its text alone, without looking at the file system: the
 * spelling cmdgate compares with the places it knows. Empty segments ({@code //}) and a trailing slash name nothing
 * else, so they go too. An absolute path stays absolute and a {@code ..} above the root stays at the root, as the
 * kernel does ({@code /../etc} is {@code /etc}); a relative path stays relative, and a {@code ..} it cannot spend
 * within itself is kept ({@code a/../../x} is {@code ../x}), since where it climbs from is not in the text.
 *
 * <p>Lexical only: a {@code ..} after a symbolic link climbs from where the link points, which callers that care
 * check separately.
 */
public final class DotSegments {

    private DotSegments() {
    }

    /** The path with its dot segments, empty segments and trailing slash resolved; an empty path stays empty. */
    public static String resolve(String path) {
        if (resolved(path)) {
            return path;   // almost every path: no allocation
        }
        boolean absolute = path.charAt(0) == '/';
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (!part.equals("..")) {
                parts.addLast(part);
            } else if (!parts.isEmpty() && !parts.peekLast().equals("..")) {
                parts.removeLast();
            } else if (!absolute) {
                parts.addLast(part);   // above where a relative path starts: unknown, so kept
            }
            // an absolute path's .. at the root stays at the root
        }
        String joined = String.join("/", parts);
        return absolute ? "/" + joined : joined.isEmpty() ? "." : joined;
    }

    /** Whether the path has nothing to resolve: no {@code //}, no dot segment, no trailing slash (one scan). */
    private static boolean resolved(String p) {
        int n = p.length();
        if (n == 0 || p.equals("/")) {
            return true;
        }
        if (p.charAt(n - 1) == '/') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            boolean segmentStart = i == 0 || p.charAt(i - 1) == '/';
            char c = p.charAt(i);
            if (segmentStart && c == '/' && i > 0) {
                return false;   // //
            }
            if (segmentStart && c == '.') {
                int end = p.indexOf('/', i);
                int len = (end < 0 ? n : end) - i;
                if (len == 1 || len == 2 && p.charAt(i + 1) == '.') {
                    return false;   // . or ..
                }
            }
        }
        return true;
    }
}
