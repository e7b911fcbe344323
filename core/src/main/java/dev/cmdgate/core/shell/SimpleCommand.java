package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code [assignments] [words] } with redirections anywhere: {@code X=1 LANG=C rm -rf dir 2>/dev/null}.
 * A simple command may have no words (only assignments and/or redirections).
 *
 * @param assignments leading {@code NAME=value} / {@code NAME+=value} / {@code NAME=(…)} words
 * @param words       the command word followed by its arguments, unexpanded
 * @param redirects   the redirections, in source order
 */
public record SimpleCommand(int start, int end, List<Assignment> assignments, List<Word> words,
        List<Redirect> redirects) implements Command {

    public SimpleCommand {
        assignments = List.copyOf(assignments);
        words = List.copyOf(words);
        redirects = List.copyOf(redirects);
    }

    /** The command word, or null when there are no words. */
    public Word commandWord() {
        return words.isEmpty() ? null : words.get(0);
    }

    /**
     * The command name after quote removal ({@code 'r'm} → {@code rm}), or null when there is no
     * command word or it is not static (see {@link Word#literalValue()}).
     */
    public String commandName() {
        return words.isEmpty() ? null : words.get(0).literalValue();
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(assignments.size() + words.size() + redirects.size());
        c.addAll(assignments);
        c.addAll(words);
        c.addAll(redirects);
        c.sort(ShellWalker.BY_POSITION);
        return c;
    }
}
