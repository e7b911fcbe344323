package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code (( expression ))}. The expression is kept as a word parsed like the inside of
 * {@code $(( ))}: substitutions in it (also in array subscripts, {@code (( a[$(cmd)] ))}) are
 * exposed as parts.
 */
public record ArithmeticCommand(int start, int end, Word expression, List<Redirect> redirects)
        implements Command {

    public ArithmeticCommand {
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(1 + redirects.size());
        c.add(expression);
        c.addAll(redirects);
        return c;
    }
}
