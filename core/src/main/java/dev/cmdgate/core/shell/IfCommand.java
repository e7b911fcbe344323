package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code if c1; then b1; elif c2; then b2; else b3; fi}.
 *
 * @param branches   the {@code if} branch followed by the {@code elif} branches (at least one)
 * @param elseBody   the {@code else} body, or null
 */
public record IfCommand(int start, int end, List<Branch> branches, Script elseBody, List<Redirect> redirects)
        implements Command {

    public IfCommand {
        branches = List.copyOf(branches);
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(branches.size() + 1 + redirects.size());
        c.addAll(branches);
        if (elseBody != null) {
            c.add(elseBody);
        }
        c.addAll(redirects);
        return c;
    }

    /** One {@code if}/{@code elif} condition with its {@code then} body. */
    public record Branch(int start, int end, Script condition, Script body) implements Node {
        @Override
        public List<Node> children() {
            return List.of(condition, body);
        }
    }
}
