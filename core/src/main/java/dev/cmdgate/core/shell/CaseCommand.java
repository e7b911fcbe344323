package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/** {@code case subject in pat1|pat2) body ;; … esac}. */
public record CaseCommand(int start, int end, Word subject, List<Item> items, List<Redirect> redirects)
        implements Command {

    public CaseCommand {
        items = List.copyOf(items);
        redirects = List.copyOf(redirects);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(1 + items.size() + redirects.size());
        c.add(subject);
        c.addAll(items);
        c.addAll(redirects);
        return c;
    }

    /**
     * One case item.
     *
     * @param patterns   the {@code |}-separated patterns (at least one)
     * @param body       the commands (possibly empty)
     * @param terminator {@code ";;"}, {@code ";&"}, {@code ";;&"}, or {@code ""} for the last item
     *                   before {@code esac}
     */
    public record Item(int start, int end, List<Word> patterns, Script body, String terminator) implements Node {

        public Item {
            patterns = List.copyOf(patterns);
        }

        @Override
        public List<Node> children() {
            List<Node> c = new ArrayList<>(patterns.size() + 1);
            c.addAll(patterns);
            c.add(body);
            return c;
        }
    }
}
