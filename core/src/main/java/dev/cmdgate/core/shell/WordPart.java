package dev.cmdgate.core.shell;

/**
 * One piece of a {@link Word}. Unquoted text is split into {@link Literal} (plain characters,
 * which may contain brace-expansion syntax), {@link Escaped} (a backslash-escaped character),
 * {@link PatternChar} (an unquoted {@code * ? [}) and {@link Tilde} (a tilde prefix). Quoted text is
 * {@link SingleQuoted}, {@link AnsiCQuoted} or {@link DoubleQuoted} (with nested parts).
 * Expansions are {@link ParameterExpansion}, {@link CommandSubstitution},
 * {@link ProcessSubstitution} and {@link ArithmeticExpansion}.
 */
public sealed interface WordPart extends Node permits Literal, Escaped, SingleQuoted, DoubleQuoted, AnsiCQuoted,
        ParameterExpansion, CommandSubstitution, ProcessSubstitution, ArithmeticExpansion, Tilde, PatternChar {

    /**
     * The part's text when it is the same in every run: the value after quote removal of a literal, a quoted
     * string, an escaped character or a glob character (as written, before pathname expansion), and a tilde
     * prefix as written. Null for an expansion or a double-quoted string (its parts answer for it). A type test
     * rather than a method each part overrides: its callers meet every kind of part, and there a test of the
     * commonest kind first costs less than an interface dispatch.
     */
    static String staticText(WordPart p) {
        if (p instanceof Literal l) {
            return l.value();
        } else if (p instanceof SingleQuoted q) {
            return q.value();
        } else if (p instanceof Escaped e) {
            return e.value();
        } else if (p instanceof AnsiCQuoted a) {
            return a.value();
        } else if (p instanceof PatternChar g) {
            return g.value();
        } else if (p instanceof Tilde t) {
            return t.text();
        }
        return null;
    }
}
