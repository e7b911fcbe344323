package dev.cmdgate.core.rules;

/**
 * One condition of a {@code when} or {@code writes … if} row. Conditions in one row are ANDed;
 * {@code negate} inverts a single condition.
 *
 * @param kind   what is tested
 * @param name   the option's canonical name, or the fact's name
 * @param glob   the pattern for operand and option-value tests (null when unused); {@code @NAME} stands for
 *               any glob of the named list, {@code $sensitive} for a sensitive place, {@code $dynamic}
 *               for a value only known at run time
 * @param number the count for {@code operands>N} / {@code operands=N}, or the 0-based operand index
 */
public record Condition(Kind kind, boolean negate, String name, String glob, int number) {

    /** The kinds of test a rules row can make. */
    public enum Kind {
        /** {@code -r} / {@code --force}: the option is present. */
        OPTION,
        /** {@code --prune=now}: the option is present with a value matching the glob. */
        OPTION_VALUE,
        /** {@code operand=GLOB}: some operand matches. */
        OPERAND,
        /** {@code operand2=GLOB}: the operand at that (1-based in the file, 0-based here) index matches. */
        OPERAND_AT,
        /** {@code last=GLOB}: the last operand (the destination of cp, rsync …) matches. */
        LAST_OPERAND,
        /** {@code operands>N}. */
        OPERANDS_GT,
        /** {@code operands=N}. */
        OPERANDS_EQ,
        /** {@code --}: an explicit end of options was given. */
        DASHDASH,
        /** {@code fact:NAME}: a code analyser (sed, awk) reported the fact. */
        FACT
    }
}
