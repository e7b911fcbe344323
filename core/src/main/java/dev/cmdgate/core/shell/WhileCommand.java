package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/** {@code while cond; do body; done}, or {@code until …} when {@code until} is true. */
public record WhileCommand(int start, int end, boolean until, Script condition, Script body,
        List<Redirect> redirects) implements Command {

    public WhileCommand {
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(2 + redirects.size());
        c.add(condition);
        c.add(body);
        c.addAll(redirects);
        return c;
    }
}
