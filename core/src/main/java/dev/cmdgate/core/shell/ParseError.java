package dev.cmdgate.core.shell;

/**
 * A syntax error (or a limit hit) found while parsing.
 *
 * @param message what went wrong, in words
 * @param offset  the offset in the input where it was found
 * @param kind    whether the input is wrong, or only ends before a construct it opened is finished
 */
public record ParseError(String message, int offset, Kind kind) {

    /** What kind of error: what a reader of more input (a shell at its prompt) would do about it. */
    public enum Kind {
        /** The input is wrong as it stands, whatever follows it; also limits (nesting, error count). */
        SYNTAX,
        /**
         * The input ends inside a construct it opened — a quote, a substitution, {@code if} without
         * {@code fi}, a trailing {@code &&} or {@code |} — so more input could complete it; a shell
         * reading commands would wait for the next line (mvdan/sh calls this {@code Incomplete}).
         */
        INCOMPLETE
    }

    /** A {@link Kind#SYNTAX} error. */
    public ParseError(String message, int offset) {
        this(message, offset, Kind.SYNTAX);
    }

    public ParseError {
        if (kind == null) {
            kind = Kind.SYNTAX;
        }
    }

    /** True when the input only ends too early ({@link Kind#INCOMPLETE}). */
    public boolean incomplete() {
        return kind == Kind.INCOMPLETE;
    }
}
