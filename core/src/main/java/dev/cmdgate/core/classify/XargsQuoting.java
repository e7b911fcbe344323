package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The words xargs reads from its input by default (no {@code -0}, {@code -d}): blanks and newlines separate them,
 * single and double quotes group a word and are removed, a backslash outside quotes takes the next character as
 * it is. {@code xargs cat <<< '/etc/sha\dow'} and {@code xargs cat <<< "'/etc/shadow'"} read {@code /etc/shadow}.
 * With {@code -0} or {@code -d} xargs keeps the characters, so the caller adds these words to the plain split
 * rather than replacing it (a superset of both readings).
 */
final class XargsQuoting {

    private XargsQuoting() {
    }

    /** Whether the text has a character this reading changes (the common input has none: nothing to add). */
    static boolean quotes(String text) {
        return text.indexOf('\'') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\\') >= 0;
    }

    /** The words, or null when a quote is not closed on its line (xargs stops with an error: nothing runs). */
    static List<String> split(String text, int max) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < text.length() && out.size() < max; i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n') {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else if (c == '\'' || c == '"') {
                int end = text.indexOf(c, i + 1);
                int nl = text.indexOf('\n', i + 1);
                if (end < 0 || nl >= 0 && nl < end) {
                    return null;
                }
                w.append(text, i + 1, end);
                inWord = true;
                i = end;
            } else if (c == '\\' && i + 1 < text.length()) {
                w.append(text.charAt(++i));
                inWord = true;
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord && out.size() < max) {
            out.add(w.toString());
        }
        return out;
    }
}
