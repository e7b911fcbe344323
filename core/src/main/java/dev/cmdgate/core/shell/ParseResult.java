package dev.cmdgate.core.shell;

import java.util.List;

/**
 * The result of parsing. Never null, never thrown: syntax errors and exceeded limits come back in
 * {@link #errors()}. When there are errors the script holds whatever could be parsed (possibly
 * partial); callers that gate commands must treat any error as fail-closed.
 *
 * @param input  the parsed input
 * @param script the syntax tree (never null)
 * @param errors the errors, empty when the input parsed cleanly
 * @param definesFunction whether the parser met a function definition anywhere in the input (also inside
 *                        substitutions, and also one an error cut short); when false the tree holds none
 */
public record ParseResult(String input, Script script, List<ParseError> errors, boolean definesFunction) {

    public ParseResult {
        errors = List.copyOf(errors);
    }

    /** True when the input parsed with no error. */
    public boolean ok() {
        return errors.isEmpty();
    }

    /**
     * True when some error says the input ends inside an unfinished construct
     * ({@link ParseError.Kind#INCOMPLETE}): more input could complete it.
     */
    public boolean incomplete() {
        for (ParseError e : errors) {
            if (e.incomplete()) {
                return true;
            }
        }
        return false;
    }
}
