package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.DotSegments;
import java.util.Set;

/**
 * Names in a command's text that may open the session's own input under another spelling. Matching the literal
 * {@code /dev/stdin} is not enough: bash and the kernel open the same pipe through {@code /dev/./stdin},
 * {@code //dev//stdin}, a glob ({@code /dev/std[i]n}), {@code /proc/self/fd/../fd/0}, and programs open it from
 * their own script text ({@code sed 'R /dev/stdin'}, awk {@code getline < "/dev/stdin"}). So the whole text is
 * looked at, quoted strings included, each path is normalised lexically, and anything under {@code /dev} outside a
 * short allow-list, or under {@code /proc} through an {@code fd}/{@code fdinfo} directory, is unverifiable — as is
 * such a path with a character the shell or a program may still expand ({@code [ * ? $ \ `} …).
 */
final class DevicePaths {

    /** Devices that are never the session's input. */
    private static final Set<String> ALLOWED = Set.of("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom",
            "/dev/tty", "/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/2", "/dev", "/dev/shm");
    /** Characters that end a path in shell text or a program's script. */
    private static final String SEPARATORS = " \t\n;&|<>(),=:";
    /** Characters after which the value may still change: quoting, expansion, globbing. */
    private static final String EXPANDS = "[]*?$\\`{}~!@+";

    private DevicePaths() {
    }

    /** The first path in the text that may name the session's input, or null when there is none. */
    static String unverifiable(String text) {
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && SEPARATORS.indexOf(text.charAt(i)) >= 0) {
                i++;
            }
            int start = i;
            while (i < text.length() && SEPARATORS.indexOf(text.charAt(i)) < 0) {
                i++;
            }
            if (i > start) {
                String token = text.substring(start, i).replace("'", "").replace("\"", "");
                String bad = token(token);
                if (bad != null) {
                    return bad;
                }
            }
        }
        return null;
    }

    /** Checks every place in a token where an absolute path may start ({@code -f/dev/stdin}, {@code if=/dev/…}). */
    private static String token(String token) {
        for (int j = 0; j < token.length(); j++) {
            if (token.charAt(j) != '/' || j > 0 && !pathStart(token.substring(0, j))) {
                continue;
            }
            String p = token.substring(j);
            if (unverifiablePath(p)) {
                return p;
            }
        }
        // a relative path climbing out of an unknown directory may reach /dev or /proc
        if (!token.startsWith("/") && token.contains("..") && (token.contains("dev") || token.contains("proc"))) {
            return token;
        }
        // relative to a working directory of / (the session may start there): dev/stdin, proc/self/fd/0
        String rooted = DotSegments.resolve("/" + token);
        if (!token.startsWith("/") && (rooted.startsWith("/dev/std") || rooted.startsWith("/dev/fd")
                || rooted.startsWith("/proc/") || rooted.startsWith("/dev/") && expands(token))
                && unverifiablePath("/" + token)) {
            return token;
        }
        return null;
    }

    /** Whether a path may start after this prefix: an option bundle ({@code -f}) or a non-name character. */
    private static boolean pathStart(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return prefix.matches("-[A-Za-z0-9]+") || !(Character.isLetterOrDigit(last) || last == '_' || last == '-'
                || last == '.' || last == '/');
    }

    static boolean unverifiablePath(String p) {
        String n = DotSegments.resolve(p);
        boolean dev = n.equals("/dev") || n.startsWith("/dev/");
        boolean proc = n.equals("/proc") || n.startsWith("/proc/");
        if (!dev && !proc) {
            return false;
        }
        if (expands(p)) {
            return true;
        }
        if (dev) {
            return !ALLOWED.contains(n);
        }
        for (String part : p.split("/")) {
            if (part.equals("fd") || part.equals("fdinfo")) {
                return true;
            }
        }
        for (String part : n.split("/")) {
            if (part.equals("fd") || part.equals("fdinfo")) {
                return true;
            }
        }
        return false;
    }

    private static boolean expands(String p) {
        for (int k = 0; k < p.length(); k++) {
            if (EXPANDS.indexOf(p.charAt(k)) >= 0) {
                return true;
            }
        }
        return false;
    }
}
