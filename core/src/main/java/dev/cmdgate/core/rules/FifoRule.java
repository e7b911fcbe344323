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
}
