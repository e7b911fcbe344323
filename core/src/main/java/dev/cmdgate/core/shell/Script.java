package dev.cmdgate.core.shell;

import java.util.List;

/**
 * A command list: the whole input, or the body of a subshell, group, substitution, loop, branch,
 * function and so on. Statements run in order (each may be backgrounded).
 *
 * @param statements the statements, in source order (empty for an empty script)
 */
public record Script(int start, int end, List<Statement> statements) implements Node {

    public Script {
        statements = List.copyOf(statements);
    }

    @Override
    public List<Node> children() {
        return List.copyOf(statements);
    }
}
