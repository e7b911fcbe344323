package dev.cmdgate.agent.launch;

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

    private static final int FIND_NEXT = 0;
    private static final int IN_TOKEN = 1;
    private static final int IN_QUOTE = 2;
    private static final int IN_ESCAPE = 3;
    private static final int SKIP_LEAD_WS = 4;
    private static final int IN_COMMENT = 5;
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

    private static List<String> argfile(String t) {
        noNul(t);
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int state = FIND_NEXT;
        char quote = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (state == FIND_NEXT || state == SKIP_LEAD_WS) {
                if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f') {
                    continue;
                }
                state = state == FIND_NEXT ? IN_TOKEN : IN_QUOTE;
            } else if (state == IN_ESCAPE) {
                if (c == '\n' || c == '\r') {
                    state = SKIP_LEAD_WS;
                } else {
                    cur.append(c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c == 'f' ? '\f' : c);
                    state = IN_QUOTE;
                }
                continue;
            } else if (state == IN_COMMENT) {
                if (c == '\n' || c == '\r') {
                    state = FIND_NEXT;
                }
                continue;
            }
            switch (c) {
                case ' ', '\t', '\f' -> {
                    if (state == IN_QUOTE) {
                        cur.append(c);
                    } else {
                        out.add(cur.toString());
                        cur.setLength(0);
                        state = FIND_NEXT;
                    }
                }
                case '\n', '\r' -> {
                    out.add(cur.toString());
                    cur.setLength(0);
                    state = FIND_NEXT;
                }
                case '#' -> {
                    if (state == IN_QUOTE) {
                        cur.append(c);
                    } else if (cur.length() > 0 || i > 0 && !argfileBlank(t.charAt(i - 1))) {
                        throw new Ambiguous("a # inside a word");
                    } else {
                        state = IN_COMMENT;
                    }
                }
                case '\\' -> {
                    if (state == IN_QUOTE) {
                        state = IN_ESCAPE;
                    } else {
                        cur.append(c);
                    }
                }
                case '\'', '"' -> {
                    if (state == IN_QUOTE && quote != c) {
                        cur.append(c);
                    } else if (state == IN_TOKEN) {
                        quote = c;
                        state = IN_QUOTE;
                    } else {
                        state = IN_TOKEN;
                    }
                }
                default -> cur.append(c);
            }
        }
        if (state == IN_ESCAPE || state == SKIP_LEAD_WS) {
            throw new Ambiguous("a backslash at the end of the file");
        }
        if ((state == IN_TOKEN || state == IN_QUOTE) && cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }

    private static boolean argfileBlank(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f';
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
