package dev.cmdgate.core.shell;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Iterative (stack-safe) traversal of a syntax tree, including every nested script
 * (substitutions, here-document bodies, function bodies, compound command bodies).
 */
public final class ShellWalker {

    /** Orders nodes by start offset, then end offset. */
    public static final Comparator<Node> BY_POSITION = new ByPosition();

    /**
     * A class, not {@code comparingInt(Node::start).thenComparingInt(Node::end)}: those are four classes spun on
     * a JVM's first shell line (every simple command sorts its children), and several calls per comparison in the
     * interpreter that runs it.
     */
    private static final class ByPosition implements Comparator<Node> {
        @Override
        public int compare(Node a, Node b) {
            int c = Integer.compare(a.start(), b.start());
            return c != 0 ? c : Integer.compare(a.end(), b.end());
        }
    }

    private ShellWalker() {
    }

    /**
     * Visits {@code root} and its descendants in pre-order (source order). When the visitor
     * returns false the children of that node are skipped.
     */
    public static void walk(Node root, Predicate<Node> visitor) {
        ArrayDeque<Node> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            if (!visitor.test(n)) {
                continue;
            }
            List<Node> c = n.children();
            for (int i = c.size() - 1; i >= 0; i--) {
                stack.push(c.get(i));
            }
        }
    }

    /** Every simple command anywhere under {@code root}, in pre-order. */
    public static List<SimpleCommand> simpleCommands(Node root) {
        List<SimpleCommand> out = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof SimpleCommand s) {
                out.add(s);
            }
            return true;
        });
        return out;
    }

    /** Every command and process substitution anywhere under {@code root}, in pre-order. */
    public static List<Substitution> substitutions(Node root) {
        List<Substitution> out = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof Substitution s) {
                out.add(s);
            }
            return true;
        });
        return out;
    }
}
