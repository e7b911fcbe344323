package dev.cmdgate.core.classify;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A POSIX regular expression as GNU's regcomp reads it (basic, as grep; extended, as grep -E and pgrep), rewritten
 * as a {@link Pattern}: bracket expressions keep backslashes and {@code [} as literals and name classes such as
 * {@code [:alpha:]}, a basic expression's {@code \(} {@code \{} {@code \|} {@code \+} are the operators and its bare
 * {@code ( { | +} literals, {@code \<} and {@code \>} are word boundaries. A construct it does not model (collating
 * elements, an escape Java reads otherwise, a syntax Java refuses) gives null: the caller takes the expression
 * as matching anything.
 */
final class PosixRegex {

    /** The dialects of the programs that read patterns. */
    enum Dialect {
        BASIC, EXTENDED, FIXED, PERL
    }

    private static final Map<String, String> CLASSES = Map.ofEntries(Map.entry("alpha", "\\p{Alpha}"),
            Map.entry("digit", "\\p{Digit}"), Map.entry("alnum", "\\p{Alnum}"), Map.entry("upper", "\\p{Upper}"),
            Map.entry("lower", "\\p{Lower}"), Map.entry("space", "\\s"), Map.entry("blank", "\\p{Blank}"),
            Map.entry("punct", "\\p{Punct}"), Map.entry("print", "\\p{Print}"), Map.entry("graph", "\\p{Graph}"),
            Map.entry("cntrl", "\\p{Cntrl}"), Map.entry("xdigit", "\\p{XDigit}"));

    private PosixRegex() {
    }

    /** The expression as a Java pattern (case folded when asked), or null when it cannot be read faithfully. */
    static Pattern compile(String regex, Dialect d, boolean ignoreCase) {
        String java = d == Dialect.FIXED ? Pattern.quote(regex) : d == Dialect.PERL ? regex : translate(regex, d == Dialect.BASIC);
        if (java == null) {
            return null;
        }
        try {
            return Pattern.compile(java, ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        } catch (PatternSyntaxException | StackOverflowError e) {
            return null;
        }
    }

    private static String translate(String re, boolean basic) {
        StringBuilder b = new StringBuilder(re.length() + 8);
        int n = re.length();
        for (int i = 0; i < n; i++) {
            char c = re.charAt(i);
            boolean atStart = b.length() == 0 || b.charAt(b.length() - 1) == '(' || b.charAt(b.length() - 1) == '|';
            if (c == '\\') {
                if (i + 1 >= n) {
                    return null;
                }
                char e = re.charAt(++i);
                if (basic && "(){}|+?".indexOf(e) >= 0) {
                    if (e == '{') {
                        int end = interval(re, i + 1, true);
                        if (end < 0) {
                            return null;
                        }
                        b.append('{').append(bounds(re.substring(i + 1, end - 2))).append('}');
                        i = end - 1;
                    } else {
                        b.append(e);
                    }
                } else if (e == '<' || e == '>') {
                    b.append("\\b");
                } else if ("bBwWsS".indexOf(e) >= 0) {
                    b.append('\\').append(e);
                } else if (e == '`') {
                    b.append("\\A");
                } else if (e == '\'') {
                    b.append("\\z");
                } else if (e >= '1' && e <= '9') {
                    b.append('\\').append(e);
                } else if (!Character.isLetterOrDigit(e)) {
                    b.append('\\').append(e);
                } else {
                    return null;
                }
            } else if (c == '[') {
                int end = bracket(re, i, b);
                if (end < 0) {
                    return null;
                }
                i = end;
            } else if (basic && "(){}|+?".indexOf(c) >= 0) {
                b.append('\\').append(c);
            } else if (c == '{') {
                int end = interval(re, i + 1, false);
                if (end < 0 || atStart) {
                    b.append("\\{");
                } else {
                    b.append('{').append(bounds(re.substring(i + 1, end - 1))).append('}');
                    i = end - 1;
                }
            } else if (c == '}') {
                b.append("\\}");
            } else if (c == '*' && atStart) {
                b.append("\\*");   // a leading star is a literal in both dialects (GNU)
            } else if (basic && c == '^' && !atStart) {
                b.append("\\^");
            } else if (basic && c == '$' && i + 1 < n && !re.startsWith("\\)", i + 1) && !re.startsWith("\\|", i + 1)) {
                b.append("\\$");
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** {@code {,N}} is {@code {0,N}} to GNU; Java needs the lower bound written. */
    private static String bounds(String inner) {
        return inner.startsWith(",") ? "0" + inner : inner;
    }

    /** The index just past an interval's closing brace ({@code \}} in a basic expression), or -1 when none. */
    private static int interval(String re, int from, boolean basic) {
        int i = from;
        while (i < re.length() && (Character.isDigit(re.charAt(i)) || re.charAt(i) == ',')) {
            i++;
        }
        if (i == from) {
            return -1;
        }
        if (basic) {
            return re.startsWith("\\}", i) ? i + 2 : -1;
        }
        return i < re.length() && re.charAt(i) == '}' ? i + 1 : -1;
    }

    /** Appends the bracket expression starting at {@code open}; returns the index of its closing bracket, or -1. */
    private static int bracket(String re, int open, StringBuilder b) {
        int i = open + 1;
        int n = re.length();
        b.append('[');
        if (i < n && re.charAt(i) == '^') {
            b.append('^');
            i++;
        }
        boolean first = true;
        while (i < n) {
            char c = re.charAt(i);
            if (c == ']' && !first) {
                b.append(']');
                return i;
            }
            first = false;
            if (c == '[' && i + 1 < n && (re.charAt(i + 1) == ':' || re.charAt(i + 1) == '=' || re.charAt(i + 1) == '.')) {
                char kind = re.charAt(i + 1);
                int close = re.indexOf(kind + "]", i + 2);
                if (kind != ':' || close < 0) {
                    return -1;
                }
                String cls = CLASSES.get(re.substring(i + 2, close));
                if (cls == null) {
                    return -1;
                }
                b.append(cls);
                i = close + 2;
                continue;
            }
            if (c == '\\' || c == '[' || c == '&' || c == '^' || c == ']') {
                b.append('\\');
            }
            b.append(c);
            i++;
        }
        return -1;
    }
}
