package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The names a statement gives right after a phrase ({@code writes named} rows): SQL's {@code VACUUM INTO 'F'} and
 * {@code ATTACH 'F'}, sqlite3's {@code .once F} and {@code .backup DB F}. The text is split into words as SQL and the
 * dot commands split it: blanks between words, a quoted string ({@code '…'} with {@code ''} for a quote, {@code "…"},
 * {@code `…`}) one word without its quotes, and a line end, {@code ;}, {@code (}, {@code )} and {@code ,} ending a
 * statement's phrase. A phrase is words compared without regard to case, {@code *} standing for any one word; after
 * it, words starting with {@code -} (a dot command's options) are passed over, and the next word is the name. A
 * {@code file:} URI names the file its path gives (sqlite's URI file names).
 */
final class NamedAfter {

    /** At most this many names from one value. */
    private static final int MAX_NAMES = 64;

    private NamedAfter() {
    }

    static List<String> names(String text, List<String> phrases) {
        List<String> words = words(text);
        List<String> out = new ArrayList<>(1);
        for (String phrase : phrases) {
            String[] parts = phrase.split(" ");
            for (int i = 0; i + parts.length < words.size() && out.size() < MAX_NAMES; i++) {
                int j = matches(words, i, parts);
                if (j < 0) {
                    continue;
                }
                while (j < words.size() && words.get(j).length() > 1 && words.get(j).charAt(0) == '-') {
                    j++;
                }
                if (j < words.size() && !words.get(j).equals(END) && !words.get(j).equals(OPEN)) {
                    String w = words.get(j);
                    String next = j + 1 < words.size() ? words.get(j + 1) : END;
                    if (!known(parts[0], w, next)) {
                        if (isQuoted(next) && letters(w)) {
                            continue;   // ATTACH DATABASE 'F': a keyword of a longer phrase, the name follows
                        }
                        if (!out.contains(COMPUTED)) {
                            out.add(COMPUTED);
                        }
                        continue;
                    }
                    String name = fileOf(unmark(w));
                    if (!name.isEmpty() && !out.contains(name)) {
                        out.add(name);
                    }
                    String decoded = name.indexOf('\\') >= 0 ? backslashes(name) : name;
                    if (!decoded.equals(name) && !out.contains(decoded)) {
                        out.add(decoded);   // a dot-command's "…" argument with sqlite's escapes: \151 is i
                    }
                }
            }
        }
        return out;
    }

    /**
     * Stands for a name the statement computes ({@code writefile('a'||'b', …)}, {@code ATTACH replace(…)}, a column's
     * value): the file written is not known.
     */
    static final String COMPUTED = "\u0000computed";

    /**
     * Whether the word after a phrase is the name itself: a dot command ({@code .output F}) takes its word as written;
     * a statement's name is a quoted string that ends the expression ({@code ATTACH 'F' AS a}, {@code writefile('F',
     * …)}), anything else (a column, a function, {@code 'a'||'b'}) is computed when the statement runs.
     */
    private static boolean known(String phraseStart, String word, String next) {
        if (phraseStart.startsWith(".")) {
            return true;
        }
        if (!isQuoted(word)) {
            return false;
        }
        if (next.equals(END)) {
            return true;
        }
        return letters(next);
    }

    private static boolean letters(String w) {
        for (int i = 0; i < w.length(); i++) {
            if (!Character.isLetter(w.charAt(i))) {
                return false;
            }
        }
        return !w.isEmpty();
    }

    /**
     * The text with sqlite's backslash escapes taken (its shell's {@code resolve_backslashes}, applied to a dot
     * command's double-quoted argument): {@code \a \b \t \n \v \f \r}, an octal {@code \NNN}, and any other
     * character after a backslash standing for itself.
     */
    static String backslashes(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                b.append(c);
                continue;
            }
            c = s.charAt(++i);
            switch (c) {
                case 'a' -> b.append('\u0007');
                case 'b' -> b.append('\b');
                case 't' -> b.append('\t');
                case 'n' -> b.append('\n');
                case 'v' -> b.append('\u000b');
                case 'f' -> b.append('\f');
                case 'r' -> b.append('\r');
                default -> {
                    if (c >= '0' && c <= '7') {
                        int v = c - '0';
                        for (int k = 0; k < 2 && i + 1 < n && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '7'; k++) {
                            v = v * 8 + s.charAt(++i) - '0';
                        }
                        b.append((char) (v & 0xff));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** The index after the phrase when it starts at {@code i}, else -1 (a quoted word never matches a phrase's word). */
    private static int matches(List<String> words, int i, String[] parts) {
        int j = i;
        for (String part : parts) {
            if (j >= words.size()) {
                return -1;
            }
            String w = words.get(j);
            if (w.equals(END) || w.equals(OPEN) && !part.equals(OPEN)
                    || !part.equals("*") && (isQuoted(w) || !part.equalsIgnoreCase(w))) {
                return -1;
            }
            j++;
        }
        return j;
    }

    /** A word that ends a statement's phrase. */
    private static final String END = "\n";
    /** An opening bracket, which also ends a phrase unless the phrase has it ({@code writefile (}). */
    private static final String OPEN = "(";
    /** Marks a quoted word (its first character), so that {@code '-x'} is a name and {@code 'into'} no keyword. */
    private static final char QUOTED = '\u0001';

    private static boolean isQuoted(String w) {
        return !w.isEmpty() && w.charAt(0) == QUOTED;
    }

    private static String unmark(String w) {
        return isQuoted(w) ? w.substring(1) : w;
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (c == '(') {
                out.add(OPEN);
                i++;
            } else if (c == '\n' || c == ';' || c == ')' || c == ',') {
                out.add(END);
                i++;
            } else if (c == '\'' || c == '"' || c == '`') {
                StringBuilder b = new StringBuilder().append(QUOTED);
                i++;
                while (i < n) {
                    char d = s.charAt(i++);
                    if (d == c) {
                        if (i < n && s.charAt(i) == c) {
                            b.append(c);   // '' stands for one quote
                            i++;
                            continue;
                        }
                        break;
                    }
                    b.append(d);
                }
                out.add(b.toString());
            } else {
                int st = i;
                while (i < n && " \t\r\n;(),'\"`".indexOf(s.charAt(i)) < 0) {
                    i++;
                }
                out.add(s.substring(st, i));
            }
        }
        return out;
    }

    /** The file a sqlite URI file name opens ({@code file:PATH?mode=…}); other names as they are. */
    private static String fileOf(String name) {
        if (!name.regionMatches(true, 0, "file:", 0, 5)) {
            return name;
        }
        String p = name.substring(5);
        int q = p.indexOf('?');
        p = q >= 0 ? p.substring(0, q) : p;
        int h = p.indexOf('#');
        p = h >= 0 ? p.substring(0, h) : p;
        if (p.startsWith("//")) {
            int slash = p.indexOf('/', 2);
            p = slash < 0 ? "" : p.substring(slash);   // file://localhost/abs: the authority is not part of the path
        }
        return p;
    }
}
