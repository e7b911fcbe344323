package dev.cmdgate.core.classify;

/**
 * A pathname-expansion pattern as the shell matches it against file names: {@code *} any run of characters,
 * {@code ?} one character, {@code [...]} one character of a set ({@code [a-z]}, {@code [!x]} or {@code [^x]},
 * {@code [[:alpha:]]}; a collating symbol {@code [[.x.]]} or an equivalence class {@code [[=x=]]}, which depend on
 * the locale, as any character), {@code \} makes the next character literal; none of them matches a {@code /}, so a
 * pattern is matched one path component at a time, nor a component's leading {@code .} (only a {@code .} written
 * out does). Unlike the rules' globs ({@code dev.cmdgate.core.rules.Glob}),
 * this is the shell's own syntax: a command word such as {@code /???/r[m]} is turned into one
 * ({@code ShellAnalysis}) and compared with the programs the rules name. No regular expressions: this may run
 * on the first launch decision.
 */
final class ShellPattern {

    private ShellPattern() {
    }

    /** Whether the text is one of the names the pattern expands to (component by component). */
    static boolean matches(String pattern, String text) {
        if (!mayEndWith(pattern, text)) {
            return false;
        }
        int p = 0;
        int t = 0;
        while (true) {
            int pe = slash(pattern, p);
            int te = text.indexOf('/', t);
            if (te < 0) {
                te = text.length();
            }
            if (!component(pattern, p, pe, text, t, te)) {
                return false;
            }
            boolean patternGoesOn = pe < pattern.length();
            boolean textGoesOn = te < text.length();
            if (patternGoesOn != textGoesOn) {
                return false;
            }
            if (!patternGoesOn) {
                return true;
            }
            p = pe + 1;
            t = te + 1;
        }
    }

    /**
     * A test that costs one character: a pattern ending in a character that matches only itself matches only a text
     * ending in it. A pattern word is compared with every credential store's name, and nearly all differ there.
     */
    private static boolean mayEndWith(String pattern, String text) {
        char c = literalEnd(pattern);
        return c == 0 || !text.isEmpty() && text.charAt(text.length() - 1) == c;
    }

    /**
     * The pattern's last character when it matches only itself (escaped or not), which every name it matches ends
     * in; 0 when it is {@code *}, {@code ?} or a bracket's {@code ]}, or the pattern is empty.
     */
    static char literalEnd(String pattern) {
        int n = pattern.length();
        char c = n == 0 ? 0 : pattern.charAt(n - 1);
        return c == '*' || c == '?' || c == ']' ? 0 : c;
    }

    /** Whether the pattern has a character that matches more than itself (else it is a name). */
    static boolean isPattern(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '*' || c == '?' || c == '[' && bracketEnd(pattern, i, pattern.length()) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the pattern has a character outside {@code *}, {@code ?} and bracket expressions. */
    static boolean hasLiteral(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '[') {
                int end = bracketEnd(pattern, i, pattern.length());
                if (end > 0) {
                    i = end;
                    continue;
                }
            }
            if (c != '*' && c != '?') {
                return true;
            }
        }
        return false;
    }

    /** The pattern with its escapes removed: the name it stands for when {@link #isPattern} is false. */
    static String unescape(String pattern) {
        StringBuilder b = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                c = pattern.charAt(++i);
            }
            b.append(c);
        }
        return b.toString();
    }

    /** The index of the last unescaped {@code /} of the pattern, or -1. */
    static int lastSlash(String pattern) {
        int last = -1;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '/') {
                last = i;
            }
        }
        return last;
    }

    /**
     * Appends a literal text to a pattern: its {@code * ? [ \} escaped. A {@code ]} is left as it is: the shell's
     * parser hands over an unquoted {@code [} as a pattern character and the rest of the bracket ({@code r]}) as
     * text.
     */
    static void appendLiteral(StringBuilder b, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
    }

    /**
     * Where the pattern matches a piece of a string as the shell matches one in a parameter expansion
     * (<code>${v#pat}</code>, <code>${v//pat/rep}</code>): {@code *} any run of characters, a {@code /} and a
     * leading {@code .} among them, {@code ?} any one character. Element {@code e - from} of the result is true
     * when {@code text[from, e)} matches the whole pattern. One pass over the text with the set of pattern
     * positions reached (no backtracking): the cost is the text's length times the pattern's.
     */
    static boolean[] stringMatchEnds(String pattern, String text, int from, int to) {
        int m = pattern.length();
        int[] at = new int[m + 1];
        int count = 0;
        for (int p = 0; p < m; count++) {
            at[count] = p;
            p += elementWidth(pattern, p, m);
        }
        at[count] = m;
        boolean[] ends = new boolean[to - from + 1];
        boolean[] cur = new boolean[count + 1];
        cur[0] = true;
        closeStars(pattern, at, count, cur);
        ends[0] = cur[count];
        for (int t = from; t < to; t++) {
            boolean[] next = new boolean[count + 1];
            boolean alive = false;
            char c = text.charAt(t);
            for (int i = 0; i < count; i++) {
                if (!cur[i]) {
                    continue;
                }
                if (pattern.charAt(at[i]) == '*') {
                    next[i] = true;
                    alive = true;
                } else if (stepInString(pattern, at[i], m, c)) {
                    next[i + 1] = true;
                    alive = true;
                }
            }
            if (!alive) {
                break;
            }
            closeStars(pattern, at, count, next);
            ends[t - from + 1] = next[count];
            cur = next;
        }
        return ends;
    }

    /** Whether the whole string matches the pattern ({@link #stringMatchEnds}). */
    static boolean matchesString(String pattern, String text) {
        return stringMatchEnds(pattern, text, 0, text.length())[text.length()];
    }

    /**
     * Whether {@link #stringMatchEnds} matches the pattern exactly as bash does: false when it holds what depends on
     * options or the locale — an extended pattern ({@code @(…)}, {@code !(…)} …, which {@code extglob} turns on), a
     * collating symbol, an equivalence class, a character class other than the ASCII letters and digits, or a
     * character outside ASCII.
     */
    static boolean exactInString(String pattern) {
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            char c = pattern.charAt(i);
            if (c > 127) {
                return false;
            }
            if (c == '\\') {
                i++;
            } else if (c == '(' && i > 0 && "?*+@!".indexOf(pattern.charAt(i - 1)) >= 0) {
                return false;
            } else if (c == '[' && i + 1 < n && isClassOpen(pattern.charAt(i + 1))) {
                char kind = pattern.charAt(i + 1);
                int close = pattern.indexOf(kind + "]", i + 2);
                if (kind != ':' || close < 0 || !EXACT_CLASSES.contains(pattern.substring(i + 2, close))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static final java.util.Set<String> EXACT_CLASSES = java.util.Set.of("alpha", "digit", "alnum", "lower",
            "upper", "xdigit");

    /** The width of the pattern element at p: an escape, a bracket expression, or one character. */
    private static int elementWidth(String pat, int p, int pl) {
        char x = pat.charAt(p);
        if (x == '\\' && p + 1 < pl) {
            return 2;
        }
        if (x == '[') {
            int end = bracketEnd(pat, p, pl, true);
            if (end > 0) {
                return end - p + 1;
            }
        }
        return 1;
    }

    private static boolean stepInString(String pat, int p, int pl, char c) {
        char x = pat.charAt(p);
        if (x == '\\' && p + 1 < pl) {
            return pat.charAt(p + 1) == c;
        }
        if (x == '?') {
            return true;
        }
        if (x == '[') {
            int end = bracketEnd(pat, p, pl, true);
            if (end > 0) {
                return inBracket(pat, p + 1, end, c);
            }
        }
        return x == c;
    }

    /** A {@code *} may match nothing: the position after it is reached wherever it is. */
    private static void closeStars(String pat, int[] at, int count, boolean[] states) {
        for (int i = 0; i < count; i++) {
            if (states[i] && pat.charAt(at[i]) == '*') {
                states[i + 1] = true;
            }
        }
    }

    /** Appends text to a pattern with every character made literal (a quoted part of a pattern). */
    static void appendQuoted(StringBuilder b, String text) {
        for (int i = 0; i < text.length(); i++) {
            b.append('\\').append(text.charAt(i));
        }
    }

    private static int slash(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '/') {
                return i;
            }
        }
        return s.length();
    }

    /** One component: the classic one-star backtracking, each element other than {@code *} matching one character. */
    private static boolean component(String pat, int p0, int pl, String text, int t0, int tl) {
        if (t0 < tl && text.charAt(t0) == '.' && (p0 >= pl || pat.charAt(p0) != '.'
                && !(pat.charAt(p0) == '\\' && p0 + 1 < pl && pat.charAt(p0 + 1) == '.'))) {
            return false; // a leading dot is matched only by a dot written out (.ssh, not *ssh)
        }
        int p = p0;
        int t = t0;
        int afterStar = -1;
        int mark = 0;
        while (t < tl) {
            if (p < pl && pat.charAt(p) == '*') {
                afterStar = ++p;
                mark = t;
                continue;
            }
            int w = p < pl ? step(pat, p, pl, text.charAt(t)) : -1;
            if (w > 0) {
                p += w;
                t++;
            } else if (afterStar >= 0) {
                p = afterStar;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < pl && pat.charAt(p) == '*') {
            p++;
        }
        return p == pl;
    }

    /** The width of the pattern element at p when it matches c, else -1. */
    private static int step(String pat, int p, int pl, char c) {
        char x = pat.charAt(p);
        if (x == '\\' && p + 1 < pl) {
            return pat.charAt(p + 1) == c ? 2 : -1;
        }
        if (x == '?') {
            return 1;
        }
        if (x == '[') {
            int end = bracketEnd(pat, p, pl);
            if (end > 0) {
                return inBracket(pat, p + 1, end, c) ? end - p + 1 : -1;
            }
        }
        return x == c ? 1 : -1;
    }

    /** The index of the {@code ]} closing the bracket expression opened at p, or -1 (then {@code [} is literal). */
    private static int bracketEnd(String pat, int p, int pl) {
        return bracketEnd(pat, p, pl, false);
    }

    /**
     * As {@link #bracketEnd(String, int, int)}; {@code inString}: the pattern is matched against a string, not a path,
     * so a {@code /} may be a member.
     */
    private static int bracketEnd(String pat, int p, int pl, boolean inString) {
        int i = p + 1;
        if (i < pl && (pat.charAt(i) == '!' || pat.charAt(i) == '^')) {
            i++;
        }
        if (i < pl && pat.charAt(i) == ']') {
            i++;
        }
        while (i < pl) {
            char c = pat.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '[' && i + 1 < pl && isClassOpen(pat.charAt(i + 1))) {
                int close = pat.indexOf(pat.charAt(i + 1) + "]", i + 2);
                if (close < 0 || close >= pl) {
                    return -1;
                }
                i = close + 2;
            } else if (c == ']') {
                return i;
            } else if (c == '/' && !inString) {
                return -1;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static boolean inBracket(String pat, int from, int end, char c) {
        int i = from;
        boolean negated = pat.charAt(i) == '!' || pat.charAt(i) == '^';
        if (negated) {
            i++;
        }
        boolean hit = false;
        boolean first = true;
        while (i < end) {
            char a = pat.charAt(i);
            if (a == '[' && i + 1 < end && isClassOpen(pat.charAt(i + 1))) {
                char kind = pat.charAt(i + 1);
                int close = pat.indexOf(kind + "]", i + 2);
                // a collating symbol [.x.] or an equivalence class [=x=] depends on the locale: any character
                hit |= kind != ':' || inClass(pat.substring(i + 2, close), c);
                i = close + 2;
                first = false;
                continue;
            }
            if (a == '\\' && i + 1 < end) {
                a = pat.charAt(++i);
            } else if (a == ']' && !first) {
                break;
            }
            first = false;
            i++;
            if (i + 1 < end && pat.charAt(i) == '-') {
                char b = pat.charAt(i + 1);
                if (b == '\\' && i + 2 < end) {
                    b = pat.charAt(i + 2);
                    i++;
                }
                hit |= a <= c && c <= b;
                i += 2;
            } else {
                hit |= a == c;
            }
        }
        return hit != negated;
    }

    /** Whether {@code [} followed by this opens a class {@code [:x:]}, a collating symbol {@code [.x.]} or an equivalence class {@code [=x=]}. */
    static boolean isClassOpen(char c) {
        return c == ':' || c == '.' || c == '=';
    }

    /** A POSIX character class; one this does not know matches every character (it may name more programs). */
    private static boolean inClass(String name, char c) {
        switch (name) {
            case "alpha":
                return Character.isLetter(c);
            case "digit":
                return c >= '0' && c <= '9';
            case "alnum":
                return Character.isLetterOrDigit(c);
            case "lower":
                return Character.isLowerCase(c);
            case "upper":
                return Character.isUpperCase(c);
            case "space":
            case "blank":
                return c == ' ' || c == '\t' || c == '\n';
            case "xdigit":
                return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
            default:
                return true;
        }
    }
}
