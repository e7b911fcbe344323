package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code for name [in words]; do body; done}, or {@code select name [in words]; do body; done}.
 *
 * @param select   true for {@code select}
 * @param variable the loop variable name as written
 * @param items    the words after {@code in}, or null when there is no {@code in} clause
 *                 (the loop then iterates over {@code "$@"})
 */
public record ForCommand(int start, int end, boolean select, String variable, List<Word> items, Script body,
        List<Redirect> redirects) implements Command {

    public ForCommand {
        items = items == null ? null : List.copyOf(items);
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>();
        if (items != null) {
            c.addAll(items);
        }
        c.add(body);
        c.addAll(redirects);
        return c;
    }
}
