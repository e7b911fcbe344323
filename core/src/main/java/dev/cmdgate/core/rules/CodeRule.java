package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code code} row: where a command finds code to run, and in which language. Language
 * {@code sh} is parsed and classified; {@code sed} and {@code awk} are analysed for facts; any
 * other language is code cmdgate cannot see into.
 *
 * @param language the language name
 * @param source   where the code is
 * @param name     the option (OPT, FLAG) whose value or presence marks the code
 * @param index    operand index (OPERAND) or first operand (OPERANDS)
 * @param after    OPT only: the code is the text after the first occurrence of one of these
 *                 markers in the value (case-insensitive); empty means the whole value
 * @param until    OPERANDS only: words that end the code
 * @param unless   the row does not apply when one of these options is present
 */
public record CodeRule(String language, Source source, String name, int index, List<String> after,
        List<String> until, List<String> unless) {

    /** Where the code is found. */
    public enum Source { OPT, FLAG, OPERAND, OPERANDS, VALUES }
}
