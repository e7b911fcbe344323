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
                if (j < words.size() && !words.get(j).equals(END)) {
                    String name = fileOf(unmark(words.get(j)));
                    if (!name.isEmpty() && !out.contains(name)) {
                        out.add(name);
                    }
                }
            }
        }
        return out;
    }

    /** The index after the phrase when it starts at {@code i}, else -1 (a quoted word never matches a phrase's word). */
    private static int matches(List<String> words, int i, String[] parts) {
        int j = i;
        for (String part : parts) {
            if (j >= words.size()) {
                return -1;
            }
            String w = words.get(j);
            if (w.equals(END) || !part.equals("*") && (isQuoted(w) || !part.equalsIgnoreCase(w))) {
                return -1;
            }
            j++;
        }
        return j;
    }

    /** A word that ends a statement's phrase. */
    private static final String END = "\n";
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
            } else if (c == '\n' || c == ';' || c == '(' || c == ')' || c == ',') {
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
