package dev.cmdgate.core.rules;

import java.util.List;

/**
 * Shell-style patterns for rules: {@code *} matches any run of characters (slashes too), {@code ?}
 * one character, and a backslash makes the next character literal ({@code /\*} is the two
 * characters {@code /*}).
 */
public final class Glob {

    private Glob() {
    }

    public static boolean anyMatch(List<String> patterns, String text) {
        for (int i = 0, n = patterns.size(); i < n; i++) {
            if (matches(patterns.get(i), text)) {
                return true;
            }
        }
        return false;
    }

    /**
     * As {@link #anyMatch} for a list of patterns read into character arrays once: the text is read once too, and
     * each character is one array access, where {@code charAt} is several calls in the interpreter — which is what
     * runs a gated JVM's first launch (every variable of its environment against the secret-variable globs).
     */
    static boolean anyMatch(char[][] patterns, String text) {
        char[] t = text.toCharArray();
        for (char[] p : patterns) {
            if (matches(p, t)) {
                return true;
            }
        }
        return false;
    }

    /** The patterns as {@link #anyMatch(char[][], String)} takes them. */
    static char[][] compile(List<String> patterns) {
        char[][] out = new char[patterns.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = patterns.get(i).toCharArray();
        }
        return out;
    }

    /**
     * {@link #matches(String, String)} on character arrays: the same steps, written out again because the
     * string version, with {@code charAt} intrinsic once compiled, is the cheaper one for the many short
     * matches of warm code; {@code GlobTest} keeps the two equal on random patterns and texts.
     */
    static boolean matches(char[] pattern, char[] text) {
        int p = 0;
        int t = 0;
        int star = -1;
        int mark = 0;
        int pl = pattern.length;
        int tl = text.length;
        while (t < tl) {
            char c = p < pl ? pattern[p] : 0;
            if (p < pl && c == '\\' && p + 1 < pl && pattern[p + 1] == text[t]) {
                p += 2;
                t++;
            } else if (p < pl && c != '\\' && c != '*' && (c == '?' || c == text[t])) {
                p++;
                t++;
            } else if (p < pl && c == '*') {
                star = p++;
                mark = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < pl && pattern[p] == '*') {
            p++;
        }
        return p == pl;
    }

    /** Iterative wildcard match, O(pattern × text) at worst, no recursion, no regex. */
    public static boolean matches(String pattern, String text) {
        int p = 0;
        int t = 0;
        int star = -1;
        int mark = 0;
        int pl = pattern.length();
        int tl = text.length();
        while (t < tl) {
            if (p < pl && pattern.charAt(p) == '\\' && p + 1 < pl && pattern.charAt(p + 1) == text.charAt(t)) {
                p += 2;
                t++;
            } else if (p < pl && pattern.charAt(p) != '\\' && pattern.charAt(p) != '*'
                    && (pattern.charAt(p) == '?' || pattern.charAt(p) == text.charAt(t))) {
                p++;
                t++;
            } else if (p < pl && pattern.charAt(p) == '*') {
                star = p++;
                mark = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < pl && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pl;
    }
}
