package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * How a program splits a file of arguments it reads in place of an {@code @FILE} word ({@code argfiles} rows):
 * cmdgate must see the very words the program will, so text that one reader would split otherwise is refused with
 * {@link Ambiguous} rather than guessed at, and the caller then treats the arguments as unknown.
 */
public enum ArgfileSyntax {

    /**
     * The JDK's argument files (the java launcher's C code; javac's and the other tools' tokenizer agree on every text
     * this accepts): blanks are space, tab, form feed, CR and LF; a CR or LF ends a word even inside quotes; {@code #}
     * before a word starts a comment that a CR or LF ends (a {@code #} inside a word is refused: the launcher and the
     * tools read it differently); single or double quotes keep blanks; inside quotes a backslash escapes the next
     * character ({@code \n \r \t \f}) and a backslash before a CR or LF continues the word after the next line's
     * leading blanks.
     */
    JDK,
    /**
     * GNU's response files (libiberty's {@code buildargv}: gcc, g++, the binutils): words separated by white space,
     * single or double quotes keep it, a backslash anywhere takes the next character as it is; no comments.
     */
    GNU;

    /** The arguments the file's text holds, as the program reads them. @throws Ambiguous when that is not certain */
    public List<String> words(String text) {
        if (text.indexOf('\0') >= 0) {
            throw new Ambiguous("a NUL character, where the program's C code would end the text");
        }
        return this == JDK ? jdk(text) : gnu(text);
    }

    /** Text whose reading by the program cmdgate cannot be sure of. */
    public static final class Ambiguous extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public Ambiguous(String why) {
            super(why);
        }
    }

    private static final int FIND_NEXT = 0;
    private static final int IN_TOKEN = 1;
    private static final int IN_QUOTE = 2;
    private static final int IN_ESCAPE = 3;
    private static final int SKIP_LEAD_WS = 4;
    private static final int IN_COMMENT = 5;

    private static boolean jdkBlank(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f';
    }

    private static List<String> jdk(String t) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int state = FIND_NEXT;
        char quote = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (state == FIND_NEXT || state == SKIP_LEAD_WS) {
                if (jdkBlank(c)) {
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
                    } else if (cur.length() > 0 || i > 0 && !jdkBlank(t.charAt(i - 1))) {
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

    /** C's {@code isspace}: space, tab, LF, vertical tab, form feed, CR. */
    private static boolean cSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static List<String> gnu(String t) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        boolean escaped = false;
        char quote = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (escaped) {
                cur.append(c);
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
                inWord = true;
            } else if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (cSpace(c)) {
                if (inWord) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
                continue;
            } else {
                cur.append(c);
            }
            inWord = true;
        }
        if (escaped || quote != 0) {
            throw new Ambiguous(escaped ? "a backslash at the end of the file" : "an unmatched quote");
        }
        if (inWord) {
            out.add(cur.toString());
        }
        return out;
    }
}
