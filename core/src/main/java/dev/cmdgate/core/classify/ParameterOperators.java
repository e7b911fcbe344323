package dev.cmdgate.core.classify;

import java.util.List;

/**
 * What bash's parameter-expansion operators make of a value that is known: removing a matching prefix or suffix
 * ({@code # ## % %%}), replacing a match ({@code / // /# /%}), changing case ({@code ^ ^^ , ,, ~ ~~}), the
 * transformations {@code @U @L @u @Q}, a substring and the length. Patterns are shell patterns matched against the
 * value as a string ({@link ShellPattern#stringMatchEnds}). Every method answers null where its answer would not be
 * exactly bash's: a pattern or value holding what depends on options or the locale, a value past the size bound,
 * an operation whose cost would pass the bound. Callers then take the expansion as only known at run time.
 */
final class ParameterOperators {

    /** Values longer than this are not computed. */
    static final int MAX_VALUE = 4096;
    /** Bound on value length² × pattern length for the operators that try every start position. */
    private static final long MAX_WORK = 4_000_000L;

    private ParameterOperators() {
    }

    /**
     * A replacement string: its pieces in order, a null piece standing for the matched text (an unquoted {@code &}
     * while {@code patsub_replacement} is on, bash 5.2's default).
     */
    record Replacement(List<String> pieces) {

        Replacement {
            pieces = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(pieces));
        }

        static Replacement literal(String text) {
            return new Replacement(List.of(text));
        }

        String with(String matched) {
            StringBuilder b = new StringBuilder();
            for (String p : pieces) {
                b.append(p == null ? matched : p);
            }
            return b.toString();
        }
    }

    /** <code>${v#p}</code>, <code>${v##p}</code>, <code>${v%p}</code>, <code>${v%%p}</code>. */
    static String trim(String value, String op, String pattern, boolean nocase) {
        if (!usable(value, pattern, nocase)) {
            return null;
        }
        String v = nocase ? lower(value) : value;
        String p = nocase ? lower(pattern) : pattern;
        int n = v.length();
        switch (op) {
            case "#", "##" -> {
                boolean[] ends = ShellPattern.stringMatchEnds(p, v, 0, n);
                int e = op.equals("#") ? first(ends) : last(ends);
                return e < 0 ? value : value.substring(e);
            }
            case "%", "%%" -> {
                if (tooCostly(n, p)) {
                    return null;
                }
                boolean shortest = op.equals("%");
                for (int k = 0; k <= n; k++) {
                    int s = shortest ? n - k : k;
                    if (ShellPattern.stringMatchEnds(p, v, s, n)[n - s]) {
                        return value.substring(0, s);
                    }
                }
                return value;
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * <code>${v/p/r}</code> (the first match), <code>${v//p/r}</code> (every match), <code>${v/#p/r}</code> (a match
     * at the start), <code>${v/%p/r}</code> (a match at the end); each match the longest at the leftmost place it
     * starts, as bash's {@code pat_subst} takes it.
     */
    static String replace(String value, String op, String pattern, Replacement rep, boolean nocase) {
        if (!usable(value, pattern, nocase)) {
            return null;
        }
        int n = value.length();
        if (pattern.isEmpty()) {
            // bash: a null pattern prefixes or appends the replacement when anchored, else changes nothing
            return op.equals("/#") ? rep.with("") + value : op.equals("/%") ? value + rep.with("") : value;
        }
        String v = nocase ? lower(value) : value;
        String p = nocase ? lower(pattern) : pattern;
        if (n == 0) {
            return ShellPattern.matchesString(p, "") ? rep.with("") : "";
        }
        switch (op) {
            case "/#" -> {
                int e = last(ShellPattern.stringMatchEnds(p, v, 0, n));
                return e < 0 ? value : rep.with(value.substring(0, e)) + value.substring(e);
            }
            case "/%" -> {
                if (tooCostly(n, p)) {
                    return null;
                }
                for (int s = 0; s <= n; s++) {
                    if (ShellPattern.stringMatchEnds(p, v, s, n)[n - s]) {
                        return value.substring(0, s) + rep.with(value.substring(s));
                    }
                }
                return value;
            }
            case "/", "//" -> {
                if (tooCostly(n, p)) {
                    return null;
                }
                StringBuilder out = new StringBuilder();
                int str = 0;
                while (str < n) {
                    int s = str;
                    int e = -1;
                    for (; s <= n && e < 0; s++) {
                        int l = last(ShellPattern.stringMatchEnds(p, v, s, n));
                        if (l >= 0) {
                            e = s + l;
                            break;
                        }
                    }
                    if (e < 0) {
                        break;
                    }
                    out.append(value, str, s).append(rep.with(value.substring(s, e)));
                    if (e == s) {
                        // an empty match: bash copies one character and goes on after it
                        if (s < n) {
                            out.append(value.charAt(s));
                        }
                        e = s + 1;
                    }
                    str = e;
                    if (op.equals("/")) {
                        break;
                    }
                    if (out.length() > MAX_VALUE) {
                        return null;
                    }
                }
                if (str < n) {
                    out.append(value, str, n);
                }
                return out.length() > MAX_VALUE ? null : out.toString();
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * <code>${v^p}</code> and <code>${v^^p}</code> make the first (every) character matching the pattern upper case,
     * {@code ,} and {@code ,,} lower case, {@code ~} and {@code ~~} toggle it; an empty pattern is {@code ?}. ASCII
     * only: elsewhere case depends on the locale.
     */
    static String caseChange(String value, String op, String pattern) {
        String p = pattern.isEmpty() ? "?" : pattern;
        if (!usable(value, p, false)) {
            return null;
        }
        boolean all = op.length() == 2;
        char kind = op.charAt(0);
        StringBuilder b = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((all || i == 0) && ShellPattern.matchesString(p, String.valueOf(c))) {
                c = switch (kind) {
                    case '^' -> upper(c);
                    case ',' -> lower(c);
                    default -> Character.isUpperCase(c) ? lower(c) : upper(c);
                };
            }
            b.append(c);
        }
        return b.toString();
    }

    /**
     * <code>${v@U}</code> (upper case), {@code @L} (lower case), {@code @u} (the first character upper case),
     * {@code @Q} (quoted for reuse as input), {@code @E} (backslash escapes expanded as in <code>$'…'</code>);
     * null for the others and outside ASCII.
     */
    static String transform(String value, String letter) {
        if (!ascii(value) || value.length() > MAX_VALUE) {
            return null;
        }
        switch (letter) {
            case "U" -> {
                return caseChange(value, "^^", "");
            }
            case "L" -> {
                return caseChange(value, ",,", "");
            }
            case "u" -> {
                return caseChange(value, "^", "");
            }
            case "Q" -> {
                for (int i = 0; i < value.length(); i++) {
                    char c = value.charAt(i);
                    if (c < 32 || c == 127) {
                        return null; // bash writes $'…' then
                    }
                }
                return "'" + value.replace("'", "'\\''") + "'";
            }
            case "E" -> {
                return escapes(value);
            }
            default -> {
                return null;
            }
        }
    }

    /** The value read as the body of <code>$'…'</code>, by the shell parser's own reading of one. */
    private static String escapes(String value) {
        StringBuilder body = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length()) {
                body.append(c).append(value.charAt(++i));
            } else if (c == '\'') {
                body.append("\\'");
            } else {
                body.append(c);
            }
        }
        dev.cmdgate.core.shell.ParseResult r = dev.cmdgate.core.shell.ShellParser.parse(": $'" + body + "'");
        if (!r.ok()) {
            return null;
        }
        List<dev.cmdgate.core.shell.SimpleCommand> cs = dev.cmdgate.core.shell.ShellWalker.simpleCommands(r.script());
        if (cs.size() != 1 || cs.get(0).words().size() != 2) {
            return null;
        }
        String v = cs.get(0).words().get(1).literalValue();
        return v == null || v.length() > MAX_VALUE ? null : v;
    }

    /** <code>${#v}</code>: its length in characters (ASCII only: elsewhere the locale decides what a character is). */
    static String length(String value) {
        return ascii(value) ? Integer.toString(value.length()) : null;
    }

    /**
     * <code>${v:off:len}</code> with literal numbers, as bash takes them: a negative offset counts from the end, a
     * negative length is where to stop from the end; null where bash fails (the end before the start).
     */
    static String substring(String value, int off, Integer len) {
        int n = value.length();
        int from = off < 0 ? Math.max(0, n + off) : Math.min(n, off);
        int l = len == null ? n : len;
        int to = l < 0 ? n + l : from + l;
        return to < from ? null : value.substring(from, Math.min(n, to));
    }

    private static boolean usable(String value, String pattern, boolean nocase) {
        return value.length() <= MAX_VALUE && ascii(value) && ShellPattern.exactInString(pattern)
                && !(nocase && pattern.contains("[:"));
    }

    private static boolean tooCostly(int n, String pattern) {
        return (long) (n + 1) * (n + 1) * (pattern.length() + 1) > MAX_WORK;
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 127) {
                return false;
            }
        }
        return true;
    }

    private static int first(boolean[] ends) {
        for (int i = 0; i < ends.length; i++) {
            if (ends[i]) {
                return i;
            }
        }
        return -1;
    }

    private static int last(boolean[] ends) {
        for (int i = ends.length - 1; i >= 0; i--) {
            if (ends[i]) {
                return i;
            }
        }
        return -1;
    }

    private static String lower(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            b.append(lower(s.charAt(i)));
        }
        return b.toString();
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    private static char upper(char c) {
        return c >= 'a' && c <= 'z' ? (char) (c - 32) : c;
    }
}
