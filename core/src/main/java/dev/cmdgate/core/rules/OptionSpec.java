package dev.cmdgate.core.rules;

import java.util.List;

/**
 * One {@code opt} row: the spellings of an option, whether it takes a value and what it does.
 *
 * @param names     every spelling, with dashes ({@code -r}, {@code -R}, {@code --recursive})
 * @param canonical the name reported to policies: the first long name, else the first name
 * @param arity     whether the option takes a value
 * @param effect    the verdict the option raises the command to, or null
 * @param stop      the option ends option parsing (python -c)
 * @param sub       the option's value names a sub-command section ({@code python -m pip})
 * @param split     the option's value is split into words that are parsed in its place (env -S)
 * @param valueName the value's placeholder as written in the row ({@code COMMAND} in {@code =COMMAND}),
 *                  null without a value; a name such as COMMAND or PROGRAM declares that the value
 *                  is run, and the rules self-check then wants a {@code code} row saying how it is read
 * @param extraValues arguments the option takes after its value ({@code bwrap --bind SRC DEST}: 1)
 */
public record OptionSpec(List<String> names, String canonical, Arity arity, Verdict effect,
        boolean stop, boolean sub, boolean split, String valueName, int extraValues) {

    /** Whether the option takes a value. */
    public enum Arity { NONE, REQUIRED, OPTIONAL }
}
