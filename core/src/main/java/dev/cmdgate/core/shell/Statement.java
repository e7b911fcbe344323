package dev.cmdgate.core.shell;

import java.util.List;

/**
 * An and-or list terminated by a separator: {@code p1 && p2 || p3 &}. {@code operators.get(i)}
 * joins {@code pipelines.get(i)} and {@code pipelines.get(i + 1)}.
 *
 * @param pipelines  at least one pipeline
 * @param operators  {@code pipelines.size() - 1} operators
 * @param terminator the separator that ended the statement ({@link Separator#NONE} at end of
 *                   input or before a closing keyword/bracket)
 */
public record Statement(int start, int end, List<Pipeline> pipelines, List<LogicalOp> operators,
        Separator terminator) implements Node {

    public Statement {
        pipelines = List.copyOf(pipelines);
        operators = List.copyOf(operators);
    }

    /** True when the statement runs in the background ({@code &}). */
    public boolean background() {
        return terminator == Separator.AMPERSAND;
    }

    @Override
    public List<Node> children() {
        return List.copyOf(pipelines);
    }

    /** {@code &&} and {@code ||}. */
    public enum LogicalOp { AND, OR }

    /** What ended a statement. */
    public enum Separator { NONE, SEMICOLON, AMPERSAND, NEWLINE }
}
