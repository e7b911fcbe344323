package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code coproc [NAME] command}: runs the command asynchronously with pipes to the shell.
 *
 * @param name the coprocess name, or null (default {@code COPROC})
 * @param body the command run as a coprocess
 */
public record CoprocCommand(int start, int end, String name, Command body, List<Redirect> redirects)
        implements Command {

    public CoprocCommand {
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
