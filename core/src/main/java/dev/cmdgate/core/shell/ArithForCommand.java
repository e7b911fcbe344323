package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code for (( init; condition; update )); do body; done}. Each expression is kept as a word
 * (parsed like the inside of {@code $(( ))}), so substitutions inside it are exposed; an omitted
 * expression is an empty word.
 */
public record ArithForCommand(int start, int end, Word init, Word condition, Word update, Script body,
        List<Redirect> redirects) implements Command {

    public ArithForCommand {
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(4 + redirects.size());
        c.add(init);
        c.add(condition);
        c.add(update);
        c.add(body);
        c.addAll(redirects);
        return c;
    }
}
