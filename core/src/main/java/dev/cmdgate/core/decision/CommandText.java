package dev.cmdgate.core.decision;

import java.util.List;

/** Renders an argv the way a user would type it, quoting only words that need it. */
public final class CommandText {

    /** Longer renderings are shortened by {@link #render}: messages and logs, never a prompt screen. */
    static final int MAX = 300;
    private static final int HEAD = 200;
    private static final int TAIL = 80;

    private CommandText() {
    }

    /**
     * The whole argv as text, for one line of a message or a log. A rendering longer than {@value #MAX}
     * characters keeps its head and its tail and says how much was left out between them
     * ({@code head … [+N characters] … tail}), so a shortened command never looks complete. A screen
     * that asks for approval shows {@link #full} instead.
     */
    public static String render(List<String> argv) {
        String all = full(argv);
        if (all.length() <= MAX) {
            return all;
        }
        int head = HEAD;
        int tail = all.length() - TAIL;
        // never cut a surrogate pair in half
        if (Character.isHighSurrogate(all.charAt(head - 1))) {
            head--;
        }
        if (Character.isLowSurrogate(all.charAt(tail))) {
            tail--;
        }
        return all.substring(0, head) + " … [+" + (tail - head) + " characters] … " + all.substring(tail);
    }

    /** The whole argv as text, never shortened. */
    public static String full(List<String> argv) {
        StringBuilder out = new StringBuilder();
        for (String word : argv) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(needsQuotes(word) ? "'" + word.replace("'", "'\\''") + "'" : word);
        }
        return out.toString();
    }

    private static boolean needsQuotes(String word) {
        if (word.isEmpty()) {
            return true;
        }
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "-_./=:,+@%^".indexOf(c) >= 0)) {
                return true;
            }
        }
        return false;
    }
}
