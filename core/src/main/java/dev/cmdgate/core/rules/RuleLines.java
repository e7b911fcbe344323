package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * The lexical layer of the rules format (docs/rules-format.md): the words of a line, and the section paths
 * a header names. Text in, strings out, no state; what the words mean is for the readers of each kind of
 * row. No regular expressions: the built-in rules are read on a gated JVM's first decision, in the
 * interpreter.
 */
final class RuleLines {

    private RuleLines() {
    }

    /** A word of a rules row, and whether it was written in double quotes. */
    record Token(String text, boolean quoted) {
        /** The unquoted word {@code marker} (a quoted one is text, never syntax). */
        boolean is(String marker) {
            return !quoted && text.equals(marker);
        }
    }

    /** Splits a line into words; "double quoted" words may hold spaces and \" ; # starts a comment. */
    static List<String> tokens(String line) {
        List<Token> words = words(line);
        List<String> out = new ArrayList<>(words.size());
        for (Token w : words) {
            out.add(w.text());
        }
        return out;
    }

    /**
     * As {@link #tokens}, saying of each word whether it was quoted. Reads the line's characters from an
     * array: the built-in rules are read on every gated JVM's first launch, in the interpreter, where a
     * {@code charAt} is several calls.
     */
    static List<Token> words(String line) {
        List<Token> out = new ArrayList<>();
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
                out.add(new Token(b.toString(), true));
            } else {
                int st = i;
                while (i < n && cs[i] != ' ' && cs[i] != '\t' && cs[i] != '\r') {
                    i++;
                }
                out.add(new Token(line.substring(st, i), false));
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
