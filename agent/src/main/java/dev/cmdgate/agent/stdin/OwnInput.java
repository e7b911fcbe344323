package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.Word;

/**
 * Paths that may name a gated session's own input: {@code /dev/stdin}, {@code /dev/fd/N} and {@code /proc/…/fd/N}
 * (N may be a copy of descriptor 0). Opened for reading they read the pipe the shell reads its commands from; on
 * Linux, opened for writing they open that same pipe's writing end, so what is written there is read by the shell as
 * its next command, which cmdgate never sees.
 */
final class OwnInput {

    private OwnInput() {
    }

    /** A path that may be the input or a copy of it on another descriptor. */
    static boolean path(String p) {
        return p.equals("/dev/stdin") || p.startsWith("/dev/fd/") || p.startsWith("/proc/") && p.contains("/fd/");
    }

    /** A path that is descriptor 0 of the process that opens it. */
    static boolean itself(String p) {
        return p.equals("/dev/stdin") || p.equals("/dev/fd/0") || p.equals("/proc/self/fd/0");
    }

    /** Whether a literal word names such a path, alone or as an option's value ({@code of=/dev/stdin}). */
    static boolean named(String word) {
        int eq = word.indexOf('=');
        return path(word) || eq >= 0 && path(word.substring(eq + 1));
    }

    /**
     * Whether shell code names, in a literal word or redirection target, a path that may open the session's input
     * other than by reading descriptor 0: {@code /dev/stdin}, {@code /dev/fd/N} or {@code /proc/…/fd/N} except the
     * descriptors 1 and 2 of the process itself ({@code >/dev/fd/2} is ordinary).
     */
    static String named(Script script) {
        String[] found = {null};
        ShellWalker.walk(script, n -> {
            if (found[0] == null && n instanceof Word w) {
                String v = w.literalValue();
                if (v != null && named(v) && !output(v)) {
                    found[0] = v;
                }
            }
            return found[0] == null;
        });
        return found[0];
    }

    private static boolean output(String word) {
        String p = word.substring(word.indexOf('=') + 1);
        return p.equals("/dev/fd/1") || p.equals("/dev/fd/2") || p.equals("/proc/self/fd/1") || p.equals("/proc/self/fd/2");
    }
}
