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
}
