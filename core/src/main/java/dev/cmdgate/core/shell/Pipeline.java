package dev.cmdgate.core.shell;

import java.util.List;

/**
 * {@code [time [-p]] [!] c1 | c2 |& c3}. A single command is a pipeline of one.
 *
 * @param negated   preceded by {@code !}
 * @param timed     preceded by the {@code time} keyword
 * @param commands  at least one command
 * @param operators {@code commands.size() - 1} pipe operators
 */
public record Pipeline(int start, int end, boolean negated, boolean timed, List<Command> commands,
        List<PipeOp> operators) implements Node {

    public Pipeline {
        commands = List.copyOf(commands);
        operators = List.copyOf(operators);
    }

    @Override
    public List<Node> children() {
        return List.copyOf(commands);
    }

    /** {@code |} and {@code |&} (stdout and stderr). */
    public enum PipeOp { PIPE, PIPE_ALL }
}
