package dev.cmdgate.core.rules;

import dev.cmdgate.core.DotSegments;

/**
 * The other spelling of an absolute path that names the same file whatever links lie on it: its {@code .} and
 * {@code ..} components resolved ({@code /tmp/../etc/shadow}), and a process's root link taken as the root
 * ({@code /proc/self/root/etc/shadow}, {@code /proc/1/root/…}: on a host without another mount namespace they
 * are the same file). A path is checked against the credential stores and the sensitive places as written and
 * in this spelling, so either one matching counts: {@code ..} after a link goes elsewhere than the text says,
 * and the text is kept for that. A process's working-directory link ({@code /proc/self/cwd/…}) may be any
 * directory, so what follows it is taken as a path below the root after its leading {@code ..} are spent.
 */
final class LexicalPath {

    private static final int MAX_STEPS = 16;

    private LexicalPath() {
    }

    /**
     * Whether the path may have another spelling ({@link #alternative}) or a rest after a {@code ..}
     * ({@link #afterDotDot}): almost no path does, found in one scan without allocation.
     */
    static boolean mayBeSpelledOtherwise(String path) {
        return !path.isEmpty() && path.charAt(0) == '/' && (path.indexOf("/.") >= 0 || path.startsWith("/proc/"));
    }

    /** The other spelling, or null when the path has none. */
    static String alternative(String path) {
        if (!mayBeSpelledOtherwise(path)) {
            return null;
        }
        String p = path;
        for (int i = 0; i < MAX_STEPS; i++) {
            String q = processLink(p);
            if (q == null) {
                q = DotSegments.resolve(p);
                if (q.equals(p)) {
                    break;
                }
            }
            p = q;
        }
        return p.equals(path) ? null : p;
    }

    /**
     * What follows the last {@code ..} of an absolute path ({@code etc/shadow} of {@code /var/run/../etc/shadow}), or
     * null when it has none. A {@code ..} after a link climbs from where the link points, not from the text's parent
     * ({@code /var/run} is {@code /run}, {@code /dev/fd} is {@code /proc/self/fd}), so the rest may be anywhere: the
     * caller compares it with the ends of the paths it knows.
     */
    static String afterDotDot(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            return null;
        }
        int i = path.lastIndexOf("/..");
        if (i < 0 || !(path.length() == i + 3 || path.charAt(i + 3) == '/')) {
            return null;
        }
        String rest = path.substring(Math.min(path.length(), i + 4));
        return rest.isEmpty() ? null : rest;
    }

    /**
     * What a rest after {@code ..} names when the climb ended in a process's directory ({@code /dev/fd/..} is
     * {@code /proc/self}): {@code root/etc/shadow} is {@code /etc/shadow}; null unless it starts with such a link.
     */
    static String belowProcess(String rest) {
        return rest.startsWith("root") || rest.startsWith("cwd/") ? processLink("/proc/self/" + rest) : null;
    }

    /** {@code /proc/PID/root/REST} as {@code /REST}; {@code /proc/PID/cwd/REST} as REST below the root; else null. */
    private static String processLink(String p) {
        if (!p.startsWith("/proc/")) {
            return null;
        }
        int pid = p.indexOf('/', 6);
        if (pid < 0) {
            return null;
        }
        if (p.startsWith("/root", pid) && (p.length() == pid + 5 || p.charAt(pid + 5) == '/')) {
            return p.length() == pid + 5 ? "/" : p.substring(pid + 5);
        }
        if (p.startsWith("/cwd/", pid)) {
            String rest = p.substring(pid + 5);
            while (rest.startsWith("../") || rest.startsWith("./") || rest.startsWith("/")) {
                rest = rest.substring(rest.indexOf('/') + 1);
            }
            return "/" + rest;
        }
        return null;
    }
}
