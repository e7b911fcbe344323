package dev.cmdgate.core.rules;

import java.util.ArrayList;
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
public record OptionSpec(List<String> names, String canonical, Arity arity, Rating effect,
        boolean stop, boolean sub, boolean split, String valueName, int extraValues) {

    /** Whether the option takes a value. */
    public enum Arity { NONE, REQUIRED, OPTIONAL }

    /** {@code opt NAMES [=ARG|=?ARG] [=ARG...] [stop] [sub] [split] [-> CLASS LEVEL "reason"]}. */
    static OptionSpec parse(RuleLine row) {
        List<String> t = row.words;
        List<String> names = new ArrayList<>();
        Arity arity = Arity.NONE;
        boolean stop = false;
        boolean sub = false;
        boolean split = false;
        Rating effect = null;
        String valueName = null;
        int extraValues = 0;
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            if (w.equals("->")) {
                effect = row.verdictAfter(i);
                break;
            } else if (w.startsWith("=?")) {
                arity = Arity.OPTIONAL;
                valueName = w.substring(2);
            } else if (w.startsWith("=") && arity == Arity.REQUIRED) {
                extraValues++; // opt --bind =SRC =DEST
            } else if (w.startsWith("=")) {
                arity = Arity.REQUIRED;
                valueName = w.substring(1);
            } else if (w.equals("stop")) {
                stop = true;
            } else if (w.equals("sub")) {
                sub = true;
            } else if (w.equals("split")) {
                split = true;
            } else if (w.startsWith("-") && w.length() >= 2 && !w.equals("--")) {
                names.add(w);
            } else {
                throw new IllegalArgumentException("unexpected '" + w + "' in opt row");
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("opt row names no option");
        }
        String canonical = names.get(0);
        for (String nm : names) {
            if (nm.startsWith("--")) {
                canonical = nm;
                break;
            }
        }
        return new OptionSpec(List.copyOf(names), canonical, arity, effect, stop, sub, split, valueName, extraValues);
    }
}
