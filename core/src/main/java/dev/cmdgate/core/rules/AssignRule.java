package dev.cmdgate.core.rules;

import java.util.List;

/**
 * An {@code assigns} row: which arguments of a command set shell variables. Builtins such as
 * {@code export}, {@code declare}, {@code read} and {@code printf -v} set variables like
 * {@code NAME=value} does, so a variable that changes what programs run is judged however it is set.
 *
 * @param source     where the variable names are: {@code NAME=VALUE} operands (OPERANDS), every
 *                   operand (NAMES), one operand (OPERAND, {@code index}), an option's value (OPT,
 *                   {@code option}); for an {@code unsets} row, every variable (ALL)
 * @param option     the option's canonical name (OPT)
 * @param index      the 0-based operand index (OPERAND)
 * @param exports    the variables are also exported (they reach the programs the shell runs later)
 * @param nameref    {@code NAME=TARGET} makes NAME another name for the variable TARGET ({@code declare -n})
 * @param conditions the row applies only when these hold
 */
public record AssignRule(Source source, String option, int index, boolean exports, boolean nameref,
        List<Condition> conditions) {

    public AssignRule {
        conditions = List.copyOf(conditions);
    }

    /** Where the names of the variables set are found. */
    public enum Source {
        /** {@code NAME=VALUE} operands set NAME to VALUE; a plain {@code NAME} operand names an existing variable. */
        OPERANDS,
        /** Every operand names a variable set to a value only known at run time ({@code read NAME…}). */
        NAMES,
        /** One operand names a variable set to a value only known at run time ({@code getopts OPTS NAME}). */
        OPERAND,
        /** An option's value names a variable set to a value only known at run time ({@code printf -v NAME}). */
        OPT,
        /** {@code unsets all}: the command clears the whole environment of what it runs ({@code env -i}, {@code exec -c}). */
        ALL
    }

    /**
     * {@code unsets names|operand N|opt OPT|all [if CONDITION...]}: the forms of an {@code assigns} row that name
     * variables, or every variable.
     */
    static AssignRule parseUnsets(Section s, RuleLine row) {
        List<String> t = row.words;
        AssignRule r = t.size() > 1 && t.get(1).equals("all")
                ? new AssignRule(Source.ALL, null, 0, false, false, row.ifConditions(s, 2))
                : parse(s, row);
        if (r.source() == Source.OPERANDS || r.exports() || r.nameref()) {
            throw new IllegalArgumentException("expected: unsets names|operand N|opt OPT|all [if CONDITION...]");
        }
        return r;
    }

    /**
     * {@code assigns operands|names|operand N|opt OPT [exports] [nameref] [if CONDITION...]}; {@code unsets} rows
     * are written the same way ({@link #parseUnsets}).
     */
    static AssignRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: assigns operands|names|operand N|opt OPT [exports] [nameref] [if …]");
        }
        Source src;
        String option = null;
        int index = 0;
        int i = 2;
        switch (t.get(1)) {
            case "operands" -> src = Source.OPERANDS;
            case "names" -> src = Source.NAMES;
            case "operand" -> {
                src = Source.OPERAND;
                index = Integer.parseInt(row.need(i++)) - 1;
                if (index < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            case "opt" -> {
                src = Source.OPT;
                option = s.optionName(row.need(i++));
            }
            default -> throw new IllegalArgumentException("unknown assigns form '" + t.get(1) + "'");
        }
        boolean exports = false;
        boolean nameref = false;
        for (; i < t.size() && !t.get(i).equals("if"); i++) {
            switch (t.get(i)) {
                case "exports" -> exports = true;
                case "nameref" -> nameref = true;
                default -> throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in assigns row");
            }
        }
        return new AssignRule(src, option, index, exports, nameref, row.ifConditions(s, i));
    }
}
