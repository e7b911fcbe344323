package dev.cmdgate.core.shell;

/**
 * A syntax error (or a limit hit) found while parsing.
 *
 * @param message what went wrong, in words
 * @param offset  the offset in the input where it was found
 */
public record ParseError(String message, int offset) {
}
