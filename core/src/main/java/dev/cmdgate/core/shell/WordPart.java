package dev.cmdgate.core.shell;

/**
 * One piece of a {@link Word}. Unquoted text is split into {@link Literal} (plain characters,
 * which may contain brace-expansion syntax), {@link Escaped} (a backslash-escaped character),
 * {@link Glob} (an unquoted {@code * ? [}) and {@link Tilde} (a tilde prefix). Quoted text is
 * {@link SingleQuoted}, {@link AnsiCQuoted} or {@link DoubleQuoted} (with nested parts).
 * Expansions are {@link ParameterExpansion}, {@link CommandSubstitution},
 * {@link ProcessSubstitution} and {@link ArithmeticExpansion}.
 */
public sealed interface WordPart extends Node permits Literal, Escaped, SingleQuoted, DoubleQuoted, AnsiCQuoted,
        ParameterExpansion, CommandSubstitution, ProcessSubstitution, ArithmeticExpansion, Tilde, Glob {

    /**
     * The part's text when it is the same in every run: the value after quote removal of a literal, a quoted
     * string, an escaped character or a glob character (as written, before pathname expansion), and a tilde
     * prefix as written. Null for an expansion or a double-quoted string (its parts answer for it).
     */
    default String staticText() {
        return null;
    }
}
