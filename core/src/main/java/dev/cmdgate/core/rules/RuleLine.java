package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import java.util.ArrayList;
import java.util.List;

/**
 * A line of a rules file (docs/rules-format.md). The static methods are the format's lexical layer: the words
 * of a line, the section paths a header names — text in, strings out, no state, no regular expressions. An
 * instance is one row being read, handed to the reader of its kind ({@link SettingsRows}, {@link LanguageRows},
 * {@link CodeRule#parse} …) with what those share: its words, the verdict after its arrow (which names the row
 * as {@code FILE:LINE}, where a finding points a reviewer) and the conditions of an {@code if} tail.
 *
 * <p>The built-in rules are read on a gated JVM's first decision, in the interpreter, where each class loaded
 * costs about half a millisecond: hence one class for the two, and words that are plain strings.
 */
final class RuleLine {

    /** The row's words, the keyword first. */
    final List<String> words;
    private final String origin;
    private final int line;
    private final RuleSet rules;

    RuleLine(List<String> words, String origin, int line, RuleSet rules) {
        this.words = words;
        this.origin = origin;
        this.line = line;
        this.rules = rules;
    }

    int size() {
        return words.size();
    }

    String get(int i) {
        return words.get(i);
    }

    /** Word {@code i}, which the row must have. */
    String need(int i) {
        if (i >= words.size()) {
            throw new IllegalArgumentException("row ends too early");
        }
        return words.get(i);
    }

    /** Where the row's arrow is; it must come at {@code at} or later. */
    int arrow(int at) {
        int arrow = words.indexOf("->");
        if (arrow < at) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"'");
        }
        return arrow;
    }

    /** The verdict {@code -> CLASS LEVEL "reason"} after the arrow at {@code arrow}, which ends the row. */
    Rating verdictAfter(int arrow) {
        if (words.size() != arrow + 4) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"' at the end of the row");
        }
        return verdict(words.get(arrow + 1), words.get(arrow + 2), words.get(arrow + 3));
    }

    /** A verdict written in this row. */
    Rating verdict(String commandClass, String level, String reason) {
        return new Rating(CommandClass.parse(commandClass), RiskLevel.parse(level), reason, where());
    }

    /** The row as findings name it: {@code builtin.rules:123} or {@code /etc/x.rules:7}. */
    String where() {
        return origin + ":" + line;
    }

    /** The conditions written as words {@code from} to {@code to} ({@link Condition#parse}). */
    List<Condition> conditions(Section s, int from, int to) {
        return Condition.parse(s, words.subList(from, to), rules.lists);
    }

    /** The conditions of an optional {@code if CONDITION...} tail starting at {@code i}. */
    List<Condition> ifConditions(Section s, int i) {
        if (i >= words.size()) {
            return List.of();
        }
        if (!words.get(i).equals("if") || i + 1 >= words.size()) {
            throw new IllegalArgumentException("expected 'if CONDITION...' at the end of the row");
        }
        return conditions(s, i + 1, words.size());
    }

    /** Splits a line into words; "double quoted" words may hold spaces and \" ; # starts a comment. */
    static List<String> split(String line) {
        return split(line, null);
    }

    /**
     * As {@link #split(String)}, adding to {@code quoted} (when not null) whether each word was written in double
     * quotes: a quoted word is text, never syntax ({@link TrustRows}). Reads the line's characters from an array:
     * in the interpreter a {@code charAt} is several calls.
     */
    static List<String> split(String line, List<Boolean> quoted) {
        List<String> out = new ArrayList<>();
        int n = line.length();
        int i = 0;
        while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        if (i == n || line.charAt(i) == '#') {
            return out;   // blank or a comment: most lines of the built-in rules, not worth copying
        }
        char[] cs = new char[n];
        line.getChars(i, n, cs, i);
        while (i < n) {
            char c = cs[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (c == '#') {
                break;
            } else if (c == '"') {
                StringBuilder b = new StringBuilder();
                i++;
                boolean closed = false;
                while (i < n) {
                    char d = cs[i];
                    if (d == '\\' && i + 1 < n) {
                        b.append(cs[i + 1]);
                        i += 2;
                    } else if (d == '"') {
                        i++;
                        closed = true;
                        break;
                    } else {
                        b.append(d);
                        i++;
                    }
                }
                if (!closed) {
                    throw new IllegalArgumentException("unterminated \"quoted text\"");
                }
                out.add(b.toString());
                if (quoted != null) {
                    quoted.add(Boolean.TRUE);
                }
            } else {
                int st = i;
                while (i < n && cs[i] != ' ' && cs[i] != '\t' && cs[i] != '\r') {
                    i++;
                }
                out.add(line.substring(st, i));
                if (quoted != null) {
                    quoted.add(Boolean.FALSE);
                }
            }
        }
        return out;
    }

    /**
     * The section paths a program header names ({@code inner} is the text between the brackets,
     * trimmed, not an {@code @} section). No regular expressions: this runs for every header of a
     * program the first time a command names it.
     */
    static List<List<String>> headerPaths(String inner) {
        List<List<String>> paths = new ArrayList<>();
        // "[npm install|npm i]": whole paths as alternatives, when every alternative has more than
        // one word; otherwise '|' separates names at one position:
        // "[python|python3 -m:pip|-m:pip3]"
        List<String> whole = splitBars(inner, true);
        boolean allPaths = whole.size() > 1;
        for (String w : whole) {
            allPaths &= splitBlanks(w.trim()).size() > 1;
        }
        if (allPaths) {
            for (String w : whole) {
                paths.add(splitBlanks(w.trim()));
            }
            return paths;
        }
        List<String> words = splitBlanks(inner);
        if (words.size() > 1) {
            // "[nix profile|nix run|nix-env]" mixes whole paths with a one-word name and would multiply out
            // into nonsense sections ("nix profile run …"): a position's alternatives never repeat the program
            for (int k = 1; k < words.size(); k++) {
                for (String alt : splitBars(words.get(k), false)) {
                    for (String first : splitBars(words.get(0), false)) {
                        if (alt.equals(first)) {
                            throw new IllegalArgumentException("header '" + inner + "' mixes whole paths with one-word names"
                                    + " (write each in its own header)");
                        }
                    }
                }
            }
        }
        paths.add(new ArrayList<>());
        for (String w : words) {
            List<String> alts = splitBars(w, false);
            List<List<String>> next = new ArrayList<>();
            for (List<String> p : paths) {
                for (String a : alts) {
                    if (a.isEmpty()) {
                        throw new IllegalArgumentException("empty name in header '" + inner + "'");
                    }
                    List<String> q = new ArrayList<>(p);
                    q.add(a);
                    next.add(q);
                }
            }
            paths = next;
        }
        return paths;
    }

    /**
     * The first words of the paths {@link #headerPaths} gives (each once), without building the paths:
     * what the built-in rules' index needs of every header. A header {@link #headerPaths} rejects may give
     * anything here; the full read reports it.
     */
    static List<String> headerFirstWords(String inner) {
        List<String> whole = splitBars(inner, true);
        boolean allPaths = whole.size() > 1;
        for (String w : whole) {
            allPaths &= hasBlank(w);
        }
        List<String> out = new ArrayList<>();
        if (allPaths) {
            for (String w : whole) {
                String first = splitBlanks(w).get(0);
                if (!out.contains(first)) {
                    out.add(first);
                }
            }
            return out;
        }
        int end = 0;
        while (end < inner.length() && !isBlank(inner.charAt(end))) {
            end++;
        }
        for (String a : splitBars(inner.substring(0, end), false)) {
            if (!a.isEmpty() && !out.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    /** A name-prefix program ({@code mkfs*}). */
    static boolean isPrefixName(String name) {
        return name.length() > 1 && name.endsWith("*");
    }

    /** {@code name.matches("[A-Za-z0-9_-]+")}, without a regular expression: what a named list may be called. */
    static boolean isListName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (isBlank(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code s.split("\\|")}, or with {@code trim} {@code s.split("\\s*\\|\\s*")} of a trimmed string: the
     * pieces between bars (trimmed), trailing empty pieces dropped, the whole string when it has no bar.
     */
    private static List<String> splitBars(String s, boolean trim) {
        List<String> out = new ArrayList<>();
        int from = 0;
        while (true) {
            int bar = s.indexOf('|', from);
            String piece = s.substring(from, bar < 0 ? s.length() : bar);
            out.add(trim ? piece.trim() : piece);
            if (bar < 0) {
                break;
            }
            from = bar + 1;
        }
        if (out.size() > 1) {
            int k = out.size();
            while (k > 0 && out.get(k - 1).isEmpty()) {
                k--;
            }
            return new ArrayList<>(out.subList(0, k));
        }
        return out;
    }

    /** {@code s.split("\\s+")} of a trimmed string: its words ({@code [""]} for an empty string). */
    static List<String> splitBlanks(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        if (n == 0) {
            out.add("");
            return out;
        }
        while (i < n) {
            while (i < n && isBlank(s.charAt(i))) {
                i++;
            }
            int st = i;
            while (i < n && !isBlank(s.charAt(i))) {
                i++;
            }
            if (i > st) {
                out.add(s.substring(st, i));
            }
        }
        return out;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\013' || c == '\f' || c == '\r';
    }
}
