package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.decision.CommandText;
import java.util.List;

/**
 * How the report writes text that came from an audit file: first as the console prompt shows it
 * ({@link ScreenText}: every invisible, control or bidi character an escape, long blank runs folded and
 * counted), then with HTML's five special characters as entities — so nothing from the file can become
 * markup, a script, an attribute or an invisible character on the page.
 */
final class Html {

    /** A command longer than this (as shown) is cut in the report, saying how much was left out. */
    static final int MAX_COMMAND = 64 * 1024;

    private Html() {
    }

    /** Text of the report's own (numbers, labels): only the HTML characters escaped. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String e = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (e != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (e != null) {
                    b.append(e);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    /** Text from the file: as the console shows it, then escaped; a text {@link Tally#cut} says how much it left out. */
    static String shown(String s) {
        if (s == null) {
            return "";
        }
        int cut = s.indexOf(Tally.CUT);
        if (cut < 0) {
            return esc(ScreenText.of(s));
        }
        int end = s.indexOf(Tally.CUT, cut + 1);
        String more = s.substring(cut + 1, end < 0 ? s.length() : end);
        return esc(ScreenText.of(s.substring(0, cut))) + "<span class=\"cut\">\u27e8" + esc(more) + " more characters\u27e9</span>";
    }

    /** An argv as the console prompt shows the command (quoted as a shell would read it), escaped. */
    static String command(List<String> argv) {
        String text = ScreenText.of(CommandText.full(argv));
        if (text.length() <= MAX_COMMAND) {
            return esc(text);
        }
        int keep = MAX_COMMAND;
        if (Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return esc(text.substring(0, keep)) + "<span class=\"cut\">\u27e8" + (text.length() - keep)
                + " more characters not shown\u27e9</span>";
    }
}
