package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code fifo} row: which operands name FIFOs the command creates (mkfifo, mknod NAME p). A shell
 * or interpreter that later reads its code from such a path in the same script reads another
 * process's output, not a file whose content is known.
 *
 * @param index      the operand (from 0), or -1 for every operand
 * @param conditions the row applies only when these hold
 */
public record FifoRule(int index, List<Condition> conditions) {

    /** {@code fifo operands|operand N [if CONDITION...]}. */
    static FifoRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        int i = 2;
        int index;
        switch (row.need(1)) {
            case "operands" -> index = -1;
            case "operand" -> {
                index = Integer.parseInt(row.need(i++)) - 1;
                if (index < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            default -> throw new IllegalArgumentException("expected: fifo operands|operand N [if CONDITION...]");
        }
        List<Condition> conds = List.of();
        if (i < t.size()) {
            if (!t.get(i).equals("if")) {
                throw new IllegalArgumentException("expected 'if' in fifo row");
            }
            conds = row.conditions(s, i + 1, t.size());
        }
        return new FifoRule(index, conds);
    }
}
