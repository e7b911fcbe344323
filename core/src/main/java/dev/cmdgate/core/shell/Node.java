package dev.cmdgate.core.shell;

import java.util.List;

/**
 * Any node of the shell syntax tree. Every node knows the half-open range {@code [start, end)} of
 * the input it was parsed from (UTF-16 offsets into the string given to {@link ShellParser}).
 * Offsets of nodes inside backquoted substitutions are mapped back to the original input.
 */
public interface Node {

    /** Offset of the first character of this node in the parsed input. */
    int start();

    /** Offset just past the last character of this node in the parsed input. */
    int end();

    /**
     * The direct children of this node, in source order (commands, words, word parts, nested
     * scripts, redirections, assignments). Used by {@link ShellWalker}; never null.
     */
    List<Node> children();

    /** The input text this node was parsed from, clamped to the input's bounds. */
    default String text(String input) {
        int s = Math.max(0, Math.min(start(), input.length()));
        int e = Math.max(s, Math.min(end(), input.length()));
        return input.substring(s, e);
    }
}
