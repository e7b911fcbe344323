package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * A loop runs its body again after the body's later commands changed the variables: {@code while :; do echo $((x));
 * read -r x < f; done} evaluates on its second round what {@code f} holds. The script is walked once, in order, so
 * the arithmetic judged inside a loop that found nothing only known at run time is kept here, and judged again when
 * the outermost loop's walk ends, with the values its whole body gave (bounded: past {@link #MAX} texts, the rest are
 * judged once only, which the budget's own bounds already make rare).
 */
final class LoopArithmetic {

    static final int MAX = 256;

    /** Arithmetic text and where it stands. */
    record Pending(String expr, Site site) {
    }

    private int depth;
    private List<Pending> pending = List.of();

    void enter() {
        depth++;
    }

    /** Keeps arithmetic judged harmless inside a loop for another look when the loop ends. */
    void judged(String expr, Site site) {
        if (depth == 0 || pending.size() >= MAX) {
            return;
        }
        if (pending.isEmpty()) {
            pending = new ArrayList<>();
        }
        pending.add(new Pending(expr, site));
    }

    /** Leaves a loop; after the outermost one, what to judge again (empty otherwise). */
    List<Pending> leave() {
        depth--;
        if (depth > 0 || pending.isEmpty()) {
            return List.of();
        }
        List<Pending> out = pending;
        pending = List.of();
        return out;
    }
}
