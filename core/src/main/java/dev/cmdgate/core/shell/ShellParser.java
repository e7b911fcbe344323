package dev.cmdgate.core.shell;

/**
 * Parses POSIX sh / bash scripts into a syntax tree ({@link Script}). Hand-written, linear in the
 * input size, depth-bounded, and total: it never throws for any input (parse errors and limits are
 * reported in {@link ParseResult#errors()}). Thread-safe (no shared mutable state).
 */
public final class ShellParser {

    /** Default bound on nesting (substitutions, subshells, groups, compound commands, quotes). */
    public static final int DEFAULT_MAX_DEPTH = 500;

    private ShellParser() {
    }

    /** Parses {@code input} with the default nesting bound. A null input is treated as empty. */
    public static ParseResult parse(String input) {
        return parse(input, DEFAULT_MAX_DEPTH);
    }

    /**
     * Parses {@code input}; nesting deeper than {@code maxDepth} stops the parse with an error.
     * A null input is treated as empty.
     */
    public static ParseResult parse(String input, int maxDepth) {
        return Parser.parse(input, maxDepth);
    }
}
