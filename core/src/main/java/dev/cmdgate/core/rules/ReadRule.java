package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code reads} row: which arguments name files whose contents the command reads. Every read path is
 * checked against the credential stores of {@code [@settings]} ({@code credential-paths},
 * {@code credential-names}); reading one is the first half of exfiltration.
 *
 * @param target     which arguments: OPERANDS, FIRST, LAST, BUT_FIRST (every operand but the first: zip's
 *                   files after the archive), BUT_LAST (every operand but the last: cp's sources), OPT (the
 *                   value of option {@code name}), KEY ({@code name=PATH} operands, dd's {@code if=}), AFTER
 *                   (the argument after one of {@code words}), MENTIONS_OPT / MENTIONS_OPERANDS (every path
 *                   named inside the value or the operands: {@code curl -d @FILE}, {@code -F k=@FILE})
 * @param name       the option's canonical name or the key
 * @param conditions the row applies only when these hold
 * @param words      the marker words of an AFTER row (empty otherwise)
 * @param recursive  the command reads a directory operand's whole tree (tar -c, cp -r, grep -r): a directory
 *                   that holds a credential store counts as reading it
 */
public record ReadRule(Target target, String name, List<Condition> conditions, List<String> words, boolean recursive) {

    /** Which arguments are read. */
    public enum Target { OPERANDS, FIRST, LAST, BUT_FIRST, BUT_LAST, OPT, KEY, AFTER, MENTIONS_OPT, MENTIONS_OPERANDS }
}
