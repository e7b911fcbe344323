package dev.cmdgate.agent.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of a JVM option variable ({@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}):
 * options separated by blanks, an option with a blank in it written in single or double quotes. Reading and
 * writing it the way the JVM does matters twice: the option cmdgate hands a child must arrive whole, and an
 * options file a quoted option names must be found to be protected.
 */
public final class JvmOptionWords {

    private JvmOptionWords() {
    }

    /** An option as the variable must hold it: quoted when it contains a blank or a quote. */
    static String quote(String option) {
        boolean plain = true;
        for (int i = 0; i < option.length() && plain; i++) {
            char c = option.charAt(i);
            plain = !Character.isWhitespace(c) && c != '\'' && c != '"';
        }
        if (plain) {
            return option;
        }
        return option.indexOf('\'') < 0 ? "'" + option + "'" : "\"" + option + "\"";
    }

    /** The options of a variable's value: split at blanks outside quotes, the quotes removed. */
    public static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = null;
        char quote = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                cur = cur == null ? new StringBuilder() : cur;
            } else if (Character.isWhitespace(c)) {
                if (cur != null) {
                    out.add(cur.toString());
                    cur = null;
                }
            } else {
                cur = cur == null ? new StringBuilder() : cur;
                cur.append(c);
            }
        }
        if (cur != null) {
            out.add(cur.toString());
        }
        return out;
    }
}
