package dev.cmdgate.agent.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The text of a JVM option variable ({@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}):
 * options separated by blanks, an option with a blank in it written in single or double quotes. Reading and
 * writing it the way the JVM does matters twice: the option cmdgate hands a child must arrive whole, and an
 * options file a quoted option names must be found to be protected.
 */
public final class JvmOptionWords {

    private JvmOptionWords() {
    }

    /** The java launcher's options that take the next word as their value. */
    static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads", "--add-exports", "--add-opens",
            "--patch-module", "--enable-native-access", "--source", "-d", "--describe-module");

    /**
     * The words of a {@code java} command line ({@code words} without the program) before its main class,
     * {@code -jar FILE} or {@code -m MODULE}, without the values of those that take one ({@code -cp PATH}): what
     * follows them is the application's.
     */
    public static List<String> launcherOptions(List<String> words) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (endsOptions(w)) {
                break;
            }
            out.add(w);
            if (WITH_VALUE.contains(w)) {
                i++;
            }
        }
        return out;
    }

    /** Whether this word of a {@code java} command line ends its JVM options: the main class, {@code -jar}, {@code -m}. */
    static boolean endsOptions(String w) {
        return w.equals("-jar") || w.equals("-m") || w.equals("--module") || w.startsWith("--module=")
                || !(w.startsWith("-") || w.startsWith("@"));
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
