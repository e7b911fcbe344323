package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/** The path-like words inside a value in a program's own syntax, and whether text holds an expansion. */
final class PathWords {

    private PathWords() {
    }

    /** The words of a value made of path characters, in order ({@code $HOME} written as {@code ~}). */
    static List<String> of(String text) {
        String v = text.replace("${HOME}", "~").replace("$HOME", "~");
        List<String> words = new ArrayList<>();
        int n = v.length();
        int i = 0;
        while (i < n) {
            while (i < n && !pathChar(v.charAt(i))) {
                i++;
            }
            int st = i;
            while (i < n && pathChar(v.charAt(i))) {
                i++;
            }
            if (i > st) {
                words.add(v.substring(st, i));
            }
        }
        return words;
    }

    /** Whether the text holds an expansion: a parameter, a command substitution, or a part only known at run time. */
    static boolean hasExpansion(String text) {
        return text.indexOf('$') >= 0 || text.indexOf('`') >= 0 || text.indexOf('\u2026') >= 0;
    }

    private static boolean pathChar(char c) {
        return Character.isLetterOrDigit(c) || "/._~+%$-".indexOf(c) >= 0;
    }
}
