package dev.cmdgate.agent.launch;

import dev.cmdgate.core.rules.ArgfileSyntax;
import java.util.ArrayList;
import java.util.List;

/**
 * How the JDK splits each kind of options file into options, read as the JDK's own C code does: cmdgate must see
 * the very words the JVM will, so a file one reader would split otherwise is an attack (a comment that ends at a
 * carriage return hides an option from a reader that ends it at a newline). Text the JDK could read more than one
 * way, or that cmdgate's reading is not sure to follow (a NUL byte, a token the JVM would cut), is refused with
 * {@link Ambiguous}: the caller then counts the file as unreadable.
 */
enum OptionFileGrammar {

    /**
     * The java launcher's {@code @argfile}: blanks are space, tab, form feed, CR and LF; a CR or LF ends a token even
     * inside quotes; {@code #} outside quotes starts a comment that a CR or LF ends; inside quotes a backslash escapes
     * the next character ({@code \n \r \t \f}) and a backslash before a CR or LF continues the token after the next
     * line's leading blanks.
     */
    ARGFILE,
    /**
     * HotSpot's {@code -XX:VMOptionsFile=}: tokens separated by C white space, a
     * quoted part (single or double) kept whole across blanks and lines, no escapes, no comments.
     */
    VM_OPTIONS,
    /**
     * HotSpot's {@code -XX:Flags=}: {@code #} before a token comments to the end of the line; a token ends at an
     * unquoted blank or at a newline even inside quotes; a quote opens only inside a token; a token of 1023
     * characters makes the JVM stop reading.
     */
    FLAGS,
    /**
     * What a launch script passes to java from a variable or file it expands unquoted ({@code $MAVEN_OPTS}, Maven's
     * {@code .mvn/jvm.config}): most scripts split it at blanks and keep quotes and {@code #} as they are, some
     * (Gradle's) honour quotes. Both readings count: the words of each, one after the other.
     */
    SCRIPT;

    /** The options of the file's text, as the JDK reads them. @throws Ambiguous when that is not certain */
    List<String> words(String text) {
        return switch (this) {
            case ARGFILE -> argfile(text);
            case VM_OPTIONS -> vmOptions(text);
            case FLAGS -> flags(text);
            case SCRIPT -> script(text);
        };
    }

    /** Text whose reading by the JDK cmdgate cannot be sure of. */
    static final class Ambiguous extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Ambiguous(String why) {
            super(why);
        }
    }

    /** HotSpot's buffer for one {@code -XX:Flags=} token. */
    private static final int FLAGS_TOKEN = 1024;

    private static void noNul(String text) {
        if (text.indexOf('\0') >= 0) {
            throw new Ambiguous("a NUL character, where the JDK's C code would end the text");
        }
    }

    /** Space, tab, LF, vertical tab, form feed and CR: C's {@code isspace} as HotSpot calls it. */
    private static boolean cSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static List<String> script(String text) {
        List<String> out = new ArrayList<>(JvmOptionWords.split(text));
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (cSpace(c)) {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        return out;
    }

    /** The launcher's reading, which core shares with the JDK tools' {@code argfiles} rows. */
    private static List<String> argfile(String t) {
        try {
            return ArgfileSyntax.JDK.words(t);
        } catch (ArgfileSyntax.Ambiguous e) {
            throw new Ambiguous(e.getMessage());
        }
    }

    private static List<String> vmOptions(String t) {
        noNul(t);
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = t.length();
        while (i < n) {
            while (i < n && cSpace(t.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            StringBuilder cur = new StringBuilder();
            while (i < n && !cSpace(t.charAt(i))) {
                char c = t.charAt(i);
                if (c == '\'' || c == '"') {
                    int close = t.indexOf(c, i + 1);
                    if (close < 0) {
                        throw new Ambiguous("an unmatched quote");
                    }
                    cur.append(t, i + 1, close);
                    i = close + 1;
                } else {
                    cur.append(c);
                    i++;
                }
            }
            out.add(cur.toString());
        }
        return out;
    }

    private static List<String> flags(String t) {
        noNul(t);
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean blank = true;
        boolean comment = false;
        boolean inQuote = false;
        char quote = 0;
        for (int i = 0; i < t.length(); i++) {
            if (cur.length() >= FLAGS_TOKEN - 1) {
                throw new Ambiguous("a token longer than HotSpot reads");
            }
            char c = t.charAt(i);
            if (blank) {
                if (comment) {
                    comment = c != '\n';
                } else if (c == '#') {
                    comment = true;
                } else if (!cSpace(c)) {
                    blank = false;
                    cur.append(c);
                }
            } else if (c == '\n' || !inQuote && cSpace(c)) {
                out.add(cur.toString());
                cur.setLength(0);
                blank = true;
                inQuote = false;
            } else if (!inQuote && (c == '\'' || c == '"')) {
                inQuote = true;
                quote = c;
            } else if (inQuote && c == quote) {
                inQuote = false;
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }
}
