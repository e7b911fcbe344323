package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;

/**
 * An {@code example "LINE" -> CLASS} row: a shell line the rules must classify as exactly that class. A
 * section carries lines its rows must match (the risky spelling) and lines they must not (the everyday
 * spelling, with the class it gets without them), so a change to the rules that breaks either is caught
 * where the rules are checked.
 *
 * @param origin  the rules file ("built-in rules" or the user file's path)
 * @param line    the row's line number in that file
 * @param section the section the row sits in ({@code @settings} for the settings)
 * @param command the shell line, classified as {@code sh -c LINE}
 * @param expected the class it must get
 * @param files   the files the line is judged with ({@code with PATH "LINE"...}): path as written (relative to the
 *                example's working directory, {@code ~/…} in its home, or absolute) to the file's text; empty: none
 */
public record RuleExample(String origin, int line, String section, String command, CommandClass expected,
        java.util.Map<String, String> files) {

    public RuleExample {
        files = java.util.Map.copyOf(files);
    }

    /** An example judged without files. */
    public RuleExample(String origin, int line, String section, String command, CommandClass expected) {
        this(origin, line, section, command, expected, java.util.Map.of());
    }
}
