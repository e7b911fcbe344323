package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code name() compound-command} or {@code function name [()] compound-command}. Defining a
 * function runs nothing; its body runs whenever the name is later used as a command word.
 *
 * @param name      the function name as written (after quote removal where static)
 * @param keyword   true when written with the {@code function} keyword
 * @param body      the body (a compound command; its own redirections are in {@code body.redirects()})
 * @param redirects always empty (redirections written after the body belong to the body)
 */
public record FunctionDefinition(int start, int end, String name, boolean keyword, Command body,
        List<Redirect> redirects) implements Command {

    public FunctionDefinition {
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(1 + redirects.size());
        c.add(body);
        c.addAll(redirects);
        return c;
    }
}
