package dev.cmdgate.core.shell;

/**
 * Parses bash (default) or POSIX sh ({@link Dialect}) scripts into a syntax tree ({@link Script}).
 * Hand-written, linear in the input size, depth-bounded, and total: it never throws for any input
 * (parse errors and limits are reported in {@link ParseResult#errors()}). Thread-safe (no shared
 * mutable state).
 */
public final class ShellParser {

    /**
     * The shell language to parse.
     *
     * <ul>
     *   <li>{@link #BASH} — bash (a superset of POSIX sh for everything that matters to gating).</li>
     *   <li>{@link #POSIX} — a plain POSIX shell such as dash, Debian's and Ubuntu's {@code /bin/sh}.
     *       Differences that change what runs: {@code ((…))} is two nested subshells (their content
     *       <em>runs</em>), {@code $'…'} and {@code $"…"} are a {@code $} followed by an ordinary
     *       quoted string, {@code a &>f} is {@code a &} followed by {@code >f}; {@code [[ function
     *       select coproc time} are ordinary words; {@code <( ) >( ) |& <<< $[ ] a=(…) {fd}> ;& ;;&} are not
     *       recognised (mostly syntax errors). Brace expansion does not exist in POSIX shells: callers
     *       should not apply {@link Word#expandBraces()} to POSIX parses.</li>
     * </ul>
     * A script given to {@code sh} may run under either (bash is {@code /bin/sh} on some systems), so a
     * gatekeeper should parse it in both dialects and keep the more severe verdict.
     */
    public enum Dialect { BASH, POSIX }

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
        return Parser.parse(input, maxDepth, false);
    }

    /** Parses {@code input} in the given dialect with the default nesting bound. */
    public static ParseResult parse(String input, Dialect dialect) {
        return parse(input, DEFAULT_MAX_DEPTH, dialect);
    }

    /** Parses {@code input} in the given dialect; see {@link #parse(String, int)}. */
    public static ParseResult parse(String input, int maxDepth, Dialect dialect) {
        return Parser.parse(input, maxDepth, dialect == Dialect.POSIX);
    }
}
