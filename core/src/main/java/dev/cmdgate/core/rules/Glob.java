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
