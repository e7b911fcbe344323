package dev.cmdgate.core.classify;

/**
 * A path as the shell's pathname expansion reads it, for comparing a written path that holds a pattern with the
 * gate's own files: {@code *} is any run of characters within one component, {@code ?} one character, a bracket
 * expression one character (any one: its members are not read, which can only find more), a component that is
 * exactly {@code **} any number of components (bash's {@code globstar}), a backslash makes the next character
 * literal. A wildcard at the start of a component does not match a leading {@code .} unless {@code dotglob} is on:
 * the line changed how patterns match ({@code shopt}, {@code GLOBIGNORE}), and then letters match either case too
 * ({@code nocaseglob}; a superset of what the options the line set can match).
 *
 * <p>Besides whole paths it answers whether some path that continues a given beginning can match — so a pattern
 * naming a file inside a protected directory ({@code ~/.config/*}{@code /config.properties}) is known to reach it.
 */
final class PathPattern {

    private static final char LITERAL = 'L';
    private static final char ONE = '?';
    private static final char RUN = '*';
    private static final char DEEP = 'D';

    /** Kind of each element ({@link #LITERAL}, {@link #ONE}, {@link #RUN}, {@link #DEEP}) and its character. */
    private final char[] kinds;
    private final char[] chars;
    private final boolean dotglob;

    private PathPattern(char[] kinds, char[] chars, boolean dotglob) {
        this.kinds = kinds;
        this.chars = chars;
        this.dotglob = dotglob;
    }

    /** Whether the text holds a character pathname expansion reads as a pattern. */
    static boolean isPattern(String text) {
        return text.indexOf('*') >= 0 || text.indexOf('?') >= 0 || text.indexOf('[') >= 0;
    }

    static PathPattern of(String pattern, boolean dotglob) {
        int n = pattern.length();
        char[] kinds = new char[n];
        char[] chars = new char[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = pattern.charAt(i);
            boolean componentStart = i == 0 || pattern.charAt(i - 1) == '/';
            if (c == '\\' && i + 1 < n) {
                kinds[k] = LITERAL;
                chars[k++] = pattern.charAt(++i);
            } else if (c == '*' && componentStart && pattern.startsWith("**", i)
                    && (i + 2 == n || pattern.charAt(i + 2) == '/')) {
                kinds[k] = DEEP;
                chars[k++] = c;
                i += (i + 2 < n) ? 2 : 1;   // "**/" is any number of whole components, the slash included
            } else if (c == '*') {
                kinds[k] = RUN;
                chars[k++] = c;
            } else if (c == '?') {
                kinds[k] = ONE;
                chars[k++] = c;
            } else if (c == '[' && bracketEnd(pattern, i) > 0) {
                kinds[k] = ONE;
                chars[k++] = c;
                i = bracketEnd(pattern, i);
            } else {
                kinds[k] = LITERAL;
                chars[k++] = c;
            }
        }
        return new PathPattern(java.util.Arrays.copyOf(kinds, k), java.util.Arrays.copyOf(chars, k), dotglob);
    }

    /** The index of the {@code ]} closing a bracket expression at {@code open}, or -1 (then the {@code [} is literal). */
    private static int bracketEnd(String p, int open) {
        int i = open + 1;
        if (i < p.length() && (p.charAt(i) == '!' || p.charAt(i) == '^')) {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;   // a ']' first is a member
        }
        for (; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '/') {
                return -1;
            }
            if (c == '[' && i + 1 < p.length() && ShellPattern.isClassOpen(p.charAt(i + 1))) {
                int close = p.indexOf(p.charAt(i + 1) + "]", i + 2);
                if (close > 0) {
                    i = close + 1;
                    continue;
                }
            }
            if (c == ']') {
                return i;
            }
        }
        return -1;
    }

    /** Whether the whole path matches. */
    boolean matches(String path) {
        boolean[] states = run(path);
        return states != null && states[kinds.length];
    }

    /** Whether some path that starts with {@code beginning} (and goes on) can match. */
    boolean matchesSomePathStartingWith(String beginning) {
        boolean[] states = run(beginning);
        if (states == null) {
            return false;
        }
        for (boolean s : states) {
            if (s) {
                return true;
            }
        }
        return false;
    }

    /** Whether the whole pattern matches some beginning of the text (a part only known at run time follows it). */
    boolean matchesBeginningOf(String text) {
        boolean[] states = run(text, true);
        return states != null && states[kinds.length];
    }

    private boolean[] run(String text) {
        return run(text, false);
    }

    /**
     * The positions in the pattern reachable after reading the text (index {@code kinds.length}: all read), or null;
     * with {@code untilMatched}, those after the shortest beginning the whole pattern matches, if one does.
     */
    private boolean[] run(String text, boolean untilMatched) {
        int m = kinds.length;
        boolean[] cur = new boolean[m + 1];
        cur[0] = true;
        closure(cur);
        for (int t = 0; t < text.length() && !(untilMatched && cur[m]); t++) {
            char c = text.charAt(t);
            boolean componentStart = t == 0 || text.charAt(t - 1) == '/';
            boolean[] next = new boolean[m + 1];
            boolean any = false;
            for (int i = 0; i < m; i++) {
                if (!cur[i]) {
                    continue;
                }
                boolean hiddenStart = c == '.' && componentStart && !dotglob;
                switch (kinds[i]) {
                    case LITERAL -> {
                        if (chars[i] == c || dotglob && Character.toLowerCase(chars[i]) == Character.toLowerCase(c)) {
                            next[i + 1] = true;
                            any = true;
                        }
                    }
                    case ONE -> {
                        if (c != '/' && !hiddenStart) {
                            next[i + 1] = true;
                            any = true;
                        }
                    }
                    case RUN -> {
                        if (c != '/' && !hiddenStart) {
                            next[i] = true;   // the run goes on; closure lets it end here too
                            any = true;
                        }
                    }
                    default -> {   // DEEP: any characters, slashes too, not a hidden component's dot
                        if (!hiddenStart) {
                            next[i] = true;
                            any = true;
                        }
                    }
                }
            }
            if (!any) {
                return null;
            }
            closure(next);
            cur = next;
        }
        return cur;
    }

    /** A {@code *} or {@code **} may match nothing: the position after it is reachable wherever it is. */
    private void closure(boolean[] states) {
        for (int i = 0; i < kinds.length; i++) {
            if (states[i] && (kinds[i] == RUN || kinds[i] == DEEP)) {
                states[i + 1] = true;
            }
        }
    }
}
