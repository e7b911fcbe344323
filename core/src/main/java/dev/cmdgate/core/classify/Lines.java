package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/** A text cut into the lines a line-oriented filter reads: a final newline ends the last line, not a new one. */
final class Lines {

    private Lines() {
    }

    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? text.length() : nl;
            out.add(text.substring(from, end));
            from = end + 1;
        }
        return out;
    }

    /** The lines joined again, each ended by a newline (the last one too, as head, tail, cut and sed print it). */
    static String join(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            b.append(l).append('\n');
        }
        return b.toString();
    }
}
