package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code code} row: where a command finds code or a command line to run, and how that text is
 * read. The reading ({@code language}) is one of
 * <ul>
 * <li>{@code sh}: a shell line, parsed and classified like any script;</li>
 * <li>{@code argv}: words (split at blanks with quotes, or at {@code sep}) run as one command,
 *     without a shell;</li>
 * <li>{@code program}: the name of a program, run with {@code args} (and the command's operands
 *     with {@code withOperands});</li>
 * <li>{@code file}: the path of a file whose content is code cmdgate cannot see;</li>
 * <li>{@code sed}, {@code awk}: analysed for facts; a language with a {@code [@lang NAME]} section:
 *     analysed with that section's tables; any other name: code cmdgate cannot see into.</li>
 * </ul>
 *
 * @param language the reading
 * @param source   where the text is
 * @param name     the option (OPT, FLAG) whose value or presence marks the code
 * @param index    operand index (OPERAND, {@link #EVERY} for every operand) or first operand (OPERANDS)
 * @param after    markers: with {@code keys}, or for operands, the text must start with one and the
 *                 code is what follows it; for OPT values without keys, the code is the text after
 *                 the first occurrence of one (case-insensitive); empty means the whole text
 * @param until    OPERANDS only: words that end the code
 * @param unless   the row does not apply when one of these options is present
 * @param keys     globs of configuration keys (case-insensitive): an OPT value is {@code KEY=VALUE}
 *                 or {@code KEY VALUE}, an OPERAND's key is the operand before it, a VALUES operand
 *                 is {@code KEY=VALUE}; the row applies only when the key matches, and the code is VALUE
 * @param args     {@code program}: fixed arguments the program is run with
 * @param sep      {@code argv}: the character that separates the words (gcc -wrapper's comma), or null
 * @param withOperands {@code program}: the command's operands are the program's arguments
 */
public record CodeRule(String language, Source source, String name, int index, List<String> after,
        List<String> until, List<String> unless, List<String> keys, List<String> args, String sep,
        boolean withOperands) {

    /** OPERAND index meaning every operand. */
    public static final int EVERY = -1;

    /** Where the code is found. */
    public enum Source { OPT, FLAG, OPERAND, OPERANDS, VALUES }
}
