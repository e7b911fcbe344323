package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads git's configuration format (git-config(1), "CONFIGURATION FILE") into its settings, in file order:
 * {@code [section]}, {@code [section "subsection"]} and the old {@code [section.subsection]} headers, a setting
 * on the header's line, {@code name = value} with quotes, the escapes {@code \\ \" \n \t \b}, {@code \} at the
 * end of a line continuing it, {@code #}/{@code ;} comments, a name without {@code =} (a boolean true). Total:
 * anything git would reject is an {@link IllegalArgumentException} naming the line, never a guess.
 */
final class GitConfigText {

    /** One setting: the key as git compares it (section and name in lower case) and the value (null: a bare name). */
    record Setting(String key, String value, int line) {
    }

    private final String text;
    private int pos;
    private int line = 1;
    private String section;

    private GitConfigText(String text) {
        this.text = text;
        this.pos = text.startsWith("\uFEFF") ? 1 : 0;
    }

    /** The settings of a configuration file's text. */
    static List<Setting> parse(String text) {
        return new GitConfigText(text).settings();
    }

    private List<Setting> settings() {
        List<Setting> out = new ArrayList<>();
        while (true) {
            skipBlanks();
            if (pos >= text.length()) {
                return out;
            }
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
            } else if (c == '#' || c == ';') {
                skipComment();
            } else if (c == '[') {
                pos++;
                section = header();
            } else if (isAlpha(c)) {
                if (section == null) {
                    throw bad("a setting before any [section]");
                }
                out.add(setting());
            } else {
                throw bad("unexpected character '" + c + "'");
            }
        }
    }

    private String header() {
        int st = pos;
        while (pos < text.length() && (isAlnum(text.charAt(pos)) || text.charAt(pos) == '-' || text.charAt(pos) == '.')) {
            pos++;
        }
        if (pos == st) {
            throw bad("a section header without a name");
        }
        String name = text.substring(st, pos).toLowerCase(Locale.ROOT);
        char c = pos < text.length() ? text.charAt(pos) : '\n';
        if (c == ']') {
            pos++;
            return name;   // [section] or the old [section.subsection], compared in lower case as git does
        }
        if (c != ' ' && c != '\t') {
            throw bad("a malformed section header");
        }
        skipBlanks();
        if (pos >= text.length() || text.charAt(pos) != '"') {
            throw bad("a subsection name must be quoted");
        }
        pos++;
        StringBuilder sub = new StringBuilder();
        while (true) {
            if (pos >= text.length() || text.charAt(pos) == '\n') {
                throw bad("an unterminated subsection name");
            }
            char d = text.charAt(pos++);
            if (d == '"') {
                break;
            }
            if (d == '\\') {
                if (pos >= text.length() || text.charAt(pos) == '\n') {
                    throw bad("an unterminated subsection name");
                }
                d = text.charAt(pos++);
            }
            sub.append(d);
        }
        if (pos >= text.length() || text.charAt(pos) != ']') {
            throw bad("a malformed section header");
        }
        pos++;
        return name + "." + sub;
    }

    private Setting setting() {
        int at = line;
        int st = pos;
        while (pos < text.length() && (isAlnum(text.charAt(pos)) || text.charAt(pos) == '-')) {
            pos++;
        }
        String key = section + "." + text.substring(st, pos).toLowerCase(Locale.ROOT);
        skipBlanks();
        if (pos >= text.length() || text.charAt(pos) == '\n' || text.charAt(pos) == '#' || text.charAt(pos) == ';') {
            return new Setting(key, null, at);
        }
        if (text.charAt(pos) != '=') {
            throw bad("expected '=' after " + key);
        }
        pos++;
        return new Setting(key, value(), at);
    }

    /** A value up to the end of its (possibly continued) line: quotes, escapes, comments, blanks as git reads them. */
    private String value() {
        StringBuilder v = new StringBuilder();
        boolean quoted = false;
        StringBuilder blanks = new StringBuilder();   // blanks outside quotes count only when something follows them
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '\n') {
                if (quoted) {
                    throw bad("an unterminated quote");
                }
                line++;
                return v.toString();
            }
            if (!quoted && (c == ' ' || c == '\t' || c == '\r')) {
                if (v.length() > 0) {
                    blanks.append(c);
                }
                continue;
            }
            if (!quoted && (c == '#' || c == ';')) {
                skipComment();
                return v.toString();
            }
            v.append(blanks);
            blanks.setLength(0);
            if (c == '\\') {
                if (pos >= text.length()) {
                    throw bad("a backslash at the end of the file");
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case '\n' -> line++;   // continued on the next line
                    case '\\', '"' -> v.append(e);
                    case 'n' -> v.append('\n');
                    case 't' -> v.append('\t');
                    case 'b' -> v.append('\b');
                    default -> throw bad("an unknown escape \\" + e);
                }
            } else if (c == '"') {
                quoted = !quoted;
            } else {
                v.append(c);
            }
        }
        if (quoted) {
            throw bad("an unterminated quote");
        }
        return v.toString();
    }

    private void skipBlanks() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t' || text.charAt(pos) == '\r')) {
            pos++;
        }
    }

    private void skipComment() {
        while (pos < text.length() && text.charAt(pos) != '\n') {
            pos++;
        }
    }

    private IllegalArgumentException bad(String what) {
        return new IllegalArgumentException("line " + line + ": " + what);
    }

    private static boolean isAlpha(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAlnum(char c) {
        return isAlpha(c) || c >= '0' && c <= '9';
    }
}
