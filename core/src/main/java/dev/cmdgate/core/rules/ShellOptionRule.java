package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code sets} row: a shell option the command turns on that changes how later words are read.
 *
 * @param option     which option
 * @param conditions the row applies only when these hold
 */
public record ShellOptionRule(Option option, List<Condition> conditions) {

    public ShellOptionRule {
        conditions = List.copyOf(conditions);
    }

    /** The shell options that change which words set variables. */
    public enum Option {
        /** {@code set -a}: every variable assigned from now on is exported. */
        ALLEXPORT,
        /** {@code set -k}: {@code NAME=value} words anywhere in a command are assignments for it. */
        KEYWORD
    }

    /** {@code sets allexport|keyword [if CONDITION...]}. */
    static ShellOptionRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 2 || !List.of("allexport", "keyword").contains(t.get(1))) {
            throw new IllegalArgumentException("expected: sets allexport|keyword [if CONDITION...]");
        }
        return new ShellOptionRule(t.get(1).equals("allexport") ? Option.ALLEXPORT : Option.KEYWORD, row.ifConditions(s, 2));
    }
}
