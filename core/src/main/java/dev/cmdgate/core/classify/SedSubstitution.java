package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code sed SCRIPT} prints from known input ({@code prints substitute}) when the script is only {@code s} and
 * {@code y} commands without addresses, separated by {@code ;} or newlines: {@code s/X/m/}, {@code s/^/r/g},
 * {@code y/abc/xyz/}. A pattern is read only when it is literal text, with {@code ^} first and {@code $} last as
 * anchors; a replacement only with {@code &} and the escapes {@code \&}, {@code \\}, {@code \n} and the delimiter.
 * Flags: none, {@code g}, or a number. Anything else (a bracket, a dot, a star, a back-reference, {@code -n},
 * {@code -E}, a file) is null: a word sed makes by a means not followed stays only known at run time.
 */
final class SedSubstitution {

    private SedSubstitution() {
    }

    private record Edit(char command, String pattern, boolean start, boolean end, String replacement, int nth, boolean all) {
    }

    static String apply(List<Arg> words, String input) {
        String script;
        if (words.size() == 2 && !words.get(1).text.startsWith("-")) {
            script = words.get(1).text;
        } else if (words.size() == 3 && (words.get(1).text.equals("-e") || words.get(1).text.equals("--"))) {
            script = words.get(2).text;
        } else if (words.size() == 2 && words.get(1).text.startsWith("--expression=")) {
            script = words.get(1).text.substring("--expression=".length());
        } else {
            return null;
        }
        List<Edit> edits = parse(script);
        if (edits == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String line : Lines.of(input)) {
            for (Edit e : edits) {
                line = e.command() == 'y' ? translate(line, e) : substitute(line, e);
            }
            out.add(line);
        }
        return Lines.join(out);
    }

    private static List<Edit> parse(String script) {
        List<Edit> edits = new ArrayList<>();
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            if (c == ' ' || c == '\t' || c == ';' || c == '\n') {
                i++;
                continue;
            }
            if ((c != 's' && c != 'y') || i + 1 >= n) {
                return null; // an address or another command
            }
            char delim = script.charAt(i + 1);
            if (delim == '\\' || delim == '\n' || delim == ' ' || delim == '$' || delim == '^') {
                return null;
            }
            StringBuilder first = new StringBuilder();
            StringBuilder second = new StringBuilder();
            int j = part(script, i + 2, delim, first, c == 's');
            if (j < 0) {
                return null;
            }
            j = part(script, j, delim, second, false);
            if (j < 0) {
                return null;
            }
            int flagsStart = j;
            while (j < n && script.charAt(j) != ';' && script.charAt(j) != '\n') {
                j++;
            }
            String flags = script.substring(flagsStart, j).strip();
            Edit e = c == 's' ? substitution(first.toString(), second.toString(), flags) : translation(first, second, flags);
            if (e == null) {
                return null;
            }
            edits.add(e);
            i = j;
        }
        return edits.isEmpty() || edits.size() > 16 ? null : edits;
    }

    /**
     * Reads up to the next unescaped delimiter, keeping escapes but the delimiter's and, in a pattern, marking the
     * anchors as they were written; returns the index after the delimiter, -1 when there is none.
     */
    private static int part(String s, int i, char delim, StringBuilder out, boolean pattern) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == delim) {
                return i + 1;
            }
            if (c == '\\' && i + 1 < s.length()) {
                char d = s.charAt(i + 1);
                if (d == delim) {
                    out.append("\\\u0000").append(d); // an escaped delimiter is that character, literal
                } else {
                    out.append(c).append(d);
                }
                i += 2;
                continue;
            }
            if (c == '\n') {
                return -1; // sed: an unterminated command
            }
            out.append(c);
            i++;
        }
        return -1;
    }

    private static Edit substitution(String raw, String replacement, String flags) {
        boolean start = raw.startsWith("^");
        boolean end = raw.endsWith("$") && !raw.endsWith("\\$") && raw.length() > (start ? 1 : 0);
        String body = raw.substring(start ? 1 : 0, raw.length() - (end ? 1 : 0));
        StringBuilder lit = new StringBuilder();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                if (i + 2 < body.length() && body.charAt(i + 1) == '\u0000') {
                    lit.append(body.charAt(i + 2));
                    i += 2;
                    continue;
                }
                return null; // \( \{ \+ \n \w …: not read
            }
            if (".[]*^$".indexOf(c) >= 0) {
                return null;
            }
            lit.append(c);
        }
        if (lit.length() == 0 && !start && !end) {
            return null; // the empty pattern is the last one used
        }
        String repl = replacement(replacement);
        if (repl == null) {
            return null;
        }
        int nth = 1;
        boolean all = false;
        if (flags.equals("g")) {
            all = true;
        } else if (!flags.isEmpty()) {
            if (flags.length() > 3 || !flags.chars().allMatch(Character::isDigit) || Integer.parseInt(flags) == 0) {
                return null; // p, w FILE, e, i, m, a number with g …
            }
            nth = Integer.parseInt(flags);
        }
        return new Edit('s', lit.toString(), start, end, repl, nth, all);
    }

    /** The replacement with its escapes read; {@code &} is kept as U+0001 for the matched text. Null if not read. */
    private static String replacement(String r) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c == '&') {
                out.append('\u0001');
            } else if (c == '\\' && i + 1 < r.length()) {
                char d = r.charAt(++i);
                if (d == '\u0000' && i + 1 < r.length()) {
                    out.append(r.charAt(++i));
                } else if (d == '&' || d == '\\') {
                    out.append(d);
                } else if (d == 'n') {
                    out.append('\n');
                } else {
                    return null; // \1 … back-references, \U case changes: not read
                }
            } else if (c == '\u0001' || c == '\u0000') {
                return null;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static Edit translation(StringBuilder from, StringBuilder to, String flags) {
        String a = yText(from.toString());
        String b = yText(to.toString());
        if (a == null || b == null || a.length() != b.length() || !flags.isEmpty()) {
            return null;
        }
        return new Edit('y', a, false, false, b, 0, false);
    }

    private static String yText(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char d = s.charAt(++i);
                if (d == '\u0000' && i + 1 < s.length()) {
                    out.append(s.charAt(++i));
                } else if (d == '\\') {
                    out.append('\\');
                } else if (d == 'n') {
                    out.append('\n');
                } else {
                    return null;
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String translate(String line, Edit e) {
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            int at = e.pattern().indexOf(line.charAt(i));
            out.append(at < 0 ? line.charAt(i) : e.replacement().charAt(at));
        }
        return out.toString();
    }

    private static String substitute(String line, Edit e) {
        String p = e.pattern();
        List<int[]> matches = new ArrayList<>();
        if (e.start() && e.end()) {
            if (line.equals(p)) {
                matches.add(new int[] {0, line.length()});
            }
        } else if (e.start()) {
            if (line.startsWith(p)) {
                matches.add(new int[] {0, p.length()});
            }
        } else if (e.end()) {
            if (line.endsWith(p)) {
                matches.add(new int[] {line.length() - p.length(), line.length()});
            }
        } else {
            int from = 0;
            while (from <= line.length()) {
                int at = line.indexOf(p, from);
                if (at < 0) {
                    break;
                }
                matches.add(new int[] {at, at + p.length()});
                from = at + p.length();
            }
        }
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (int k = 0; k < matches.size(); k++) {
            if (!e.all() && k + 1 != e.nth()) {
                continue;
            }
            int[] m = matches.get(k);
            out.append(line, last, m[0]);
            out.append(e.replacement().replace("\u0001", line.substring(m[0], m[1])));
            last = m[1];
        }
        out.append(line.substring(last));
        return out.toString();
    }
}
