package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/** {@code ( body )} — runs in a child shell. */
public record Subshell(int start, int end, Script body, List<Redirect> redirects) implements Command {

    public Subshell {
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
