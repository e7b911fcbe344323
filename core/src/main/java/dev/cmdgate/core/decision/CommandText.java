package dev.cmdgate.core.decision;

import java.util.List;

/** Renders an argv the way a user would type it, quoting only words that need it. */
public final class CommandText {

    private static final int MAX = 300;

    private CommandText() {
    }

    public static String render(List<String> argv) {
        StringBuilder out = new StringBuilder();
        for (String word : argv) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(needsQuotes(word) ? "'" + word.replace("'", "'\\''") + "'" : word);
            if (out.length() > MAX) {
                return out.substring(0, MAX) + "…";
            }
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
