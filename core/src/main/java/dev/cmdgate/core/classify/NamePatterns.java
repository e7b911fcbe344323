package dev.cmdgate.core.classify;

import java.util.List;
import java.util.regex.Pattern;

/**
 * An operand that is itself a name pattern ({@code systemctl stop 'audit*'}, {@code '[a]uditd'}, {@code 'a?ditd'}):
 * programs such as systemctl match it, as fnmatch does, against the names they manage, so it names every entry of
 * a list one of whose names it may match. A list glob open at its end ({@code auditd*}) stands for longer names too
 * ({@link OpenNames}). Only words holding a wildcard are read so; a plain name is compared as text.
 */
final class NamePatterns {

    private NamePatterns() {
    }

    /** Whether the word holds a wildcard fnmatch reads: {@code *}, {@code ?} or a bracket expression. */
    static boolean isPattern(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '*' || c == '?' || c == '[' && word.indexOf(']', i + 2) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the pattern may match a name one of the globs stands for. */
    static boolean mayName(String pattern, List<String> globs) {
        Pattern re = compile(pattern);
        if (re == null) {
            return true;   // a pattern the reading cannot rewrite may name anything
        }
        for (String g : globs) {
            String fixed = OpenNames.fixedText(g);
            if (fixed != null ? OpenNames.reaches(re, true, "", fixed)
                    : g.indexOf('[') < 0 && re.matcher(g.replace("*", "").replace('?', 'x')).matches()) {
                return true;
            }
        }
        return false;
    }

    /** The fnmatch pattern as a Java one, or null when it cannot be read. */
    static Pattern compile(String pattern) {
        StringBuilder b = new StringBuilder(pattern.length() + 8);
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            switch (c) {
                case '*' -> b.append(".*");
                case '?' -> b.append('.');
                case '\\' -> {
                    if (++i < pattern.length()) {
                        b.append(Pattern.quote(String.valueOf(pattern.charAt(i))));
                    }
                }
                case '[' -> {
                    int end = pattern.indexOf(']', i + 2);
                    if (end < 0) {
                        b.append("\\[");
                        break;
                    }
                    String inner = pattern.substring(i + 1, end);
                    if (inner.contains("[:") || inner.contains("[=") || inner.contains("[.")) {
                        return null;
                    }
                    boolean negated = inner.startsWith("!") || inner.startsWith("^");
                    String members = negated ? inner.substring(1) : inner;
                    String set = bracketSet(members);
                    if (set == null) {
                        return null;
                    }
                    b.append(negated ? "[^" : "[").append(set).append(']');
                    i = end;
                }
                default -> b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        // every piece is quoted or checked above, so the expression always compiles
        return Pattern.compile(b.toString(), Pattern.DOTALL);
    }

    /**
     * A bracket expression's members as the inside of a Java class: each character quoted, a range kept only when it
     * runs upwards ({@code a-z}); null when there is no member or a range runs backwards, which fnmatch reads
     * differently from one C library to the next.
     */
    private static String bracketSet(String members) {
        if (members.isEmpty()) {
            return null;
        }
        StringBuilder s = new StringBuilder(members.length() * 2);
        for (int k = 0; k < members.length(); k++) {
            char lo = members.charAt(k);
            if (k + 2 < members.length() && members.charAt(k + 1) == '-') {
                char hi = members.charAt(k + 2);
                if (lo > hi) {
                    return null;
                }
                s.append(member(lo)).append('-').append(member(hi));
                k += 2;
            } else {
                s.append(member(lo));
            }
        }
        return s.toString();
    }

    /** One character inside a Java class, escaped unless it is a letter or digit (whose escapes mean classes). */
    private static String member(char c) {
        return Character.isLetterOrDigit(c) ? String.valueOf(c) : "\\" + c;
    }
}
