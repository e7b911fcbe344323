package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code [[ expression ]]}. The expression is kept as its sequence of words; operators
 * ({@code && || ! ( ) < > == =~ -f …}) appear as literal words. Words are not glob-expanded or
 * split by the shell here, but substitutions in them still run and are exposed.
 */
public record TestCommand(int start, int end, List<Word> words, List<Redirect> redirects) implements Command {

    public TestCommand {
        words = List.copyOf(words);
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(words.size() + redirects.size());
        c.addAll(words);
        c.addAll(redirects);
        return c;
    }
}
