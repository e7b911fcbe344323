package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The few character-class tests and splits the classifier needs, without regular expressions: a
 * {@code String.matches} or {@code split} with a pattern compiles that pattern on every call, which on
 * the launch path cost more than the analysis around it. Each method says which pattern it stands for
 * ({@code CharsTest} checks them against {@link java.util.regex}). The agent splits JVM option text with
 * {@link #splitRuns} too.
 */
public final class Chars {

    /** The characters of {@code \s} in a Java pattern: blank, tab, newline, vertical tab, form feed, return. */
    public static final String WHITESPACE = " \t\n\u000B\f\r";

    private Chars() {
    }

    /**
     * {@code s.split("[" + separators + "]+", limit)}: pieces between runs of separators (a run at the start
     * gives an empty first piece; with {@code limit} 0 trailing empty pieces are dropped, with a positive
     * limit the last piece holds the rest).
     */
    public static String[] splitRuns(String s, String separators, int limit) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int start = 0;
        int i = 0;
        boolean matched = false;
        while (i < n && (limit <= 0 || out.size() < limit - 1)) {
            if (separators.indexOf(s.charAt(i)) < 0) {
                i++;
                continue;
            }
            matched = true;
            out.add(s.substring(start, i));
            while (i < n && separators.indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            start = i;
        }
        if (!matched) {
            return new String[] {s};
        }
        out.add(s.substring(start));
        if (limit == 0) {
            while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
                out.remove(out.size() - 1);
            }
        }
        return out.toArray(new String[0]);
    }

    /** {@code s.matches("[" + all + "]*")} with at least one character of {@code some} (which lies in {@code all}). */
    static boolean onlyWithOne(String s, String all, String some) {
        boolean found = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (all.indexOf(c) < 0) {
                return false;
            }
            found |= some.indexOf(c) >= 0;
        }
        return found;
    }

    /**
     * The index past the bracket closing the one at {@code open} ({@code (}, <code>{</code> or {@code [}), nested
     * brackets of its kind counted; the end of {@code s} when none closes it (what is cut short runs to the end).
     */
    static int pastClosing(String s, int open) {
        char opening = s.charAt(open);
        char close = opening == '(' ? ')' : opening == '{' ? '}' : ']';
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == opening) {
                depth++;
            } else if (c == close && --depth == 0) {
                return i + 1;
            }
        }
        return s.length();
    }
}
