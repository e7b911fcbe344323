package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code NAME=value}, {@code NAME+=value}, {@code NAME[sub]=value} or {@code NAME=(w1 w2 …)}.
 *
 * @param name      the variable name
 * @param subscript the array subscript for {@code NAME[sub]=…} (parsed like arithmetic), else null
 * @param append    true for {@code +=}
 * @param value     the value word (possibly empty), or null for an array assignment
 * @param array     the element words of {@code NAME=(…)} (elements like {@code [k]=v} are kept as
 *                  words), or null for a scalar assignment
 */
public record Assignment(int start, int end, String name, Word subscript, boolean append, Word value,
        List<Word> array) implements Node {

    public Assignment {
        array = array == null ? null : List.copyOf(array);
    }

    /** True for {@code NAME=(…)}. */
    public boolean isArray() {
        return array != null;
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>();
        if (subscript != null) {
            c.add(subscript);
        }
        if (value != null) {
            c.add(value);
        }
        if (array != null) {
            c.addAll(array);
        }
        return c;
    }
}
