package dev.cmdgate.core.classify;

import java.util.List;
import java.util.Map;

/**
 * Whether a launch may run with shell options that widen pathname expansion (dotglob, nocaseglob, globstar, extglob,
 * GLOBIGNORE) from a source other than a {@code shopt} seen before the pattern in text order: {@code bash -O opt},
 * {@code BASHOPTS} or {@code BASH_ENV} in the line or the launch's environment, a sourced file ({@code source f},
 * {@code . f}), or a {@code shopt} anywhere in the line — a function, loop or trap written before it runs after it.
 * Any of them widens matching for the whole line: the patterns' wildcards are then taken to match a leading dot and
 * either case ({@link PathPattern}), a superset of what the options can do. A plain text scan, so a name merely
 * mentioned (in a message, a file name) widens too: that can only refuse more, never allow a write unseen.
 */
final class GlobOptionSources {

    /** Words whose presence anywhere in the line may set a widening option. */
    static final String[] IN_TEXT = {"shopt", "BASHOPTS", "BASH_ENV", "GLOBIGNORE", "dotglob", "nocaseglob",
        "nocasematch", "globstar", "extglob"};
    /**
     * A part of every word of {@link #IN_TEXT}: a word holding none of these holds none of those, so almost every
     * word (every launch pays this scan) is passed over in five searches instead of nine.
     */
    static final String[] IN_TEXT_PARTS = {"glob", "GLOB", "BASH", "shopt", "nocasematch"};
    /** Variables of the launch's environment that set options for every bash it starts. */
    private static final String[] IN_ENVIRONMENT = {"BASHOPTS", "BASH_ENV", "GLOBIGNORE"};

    /** The characters that end a word for {@link #sources}. */
    private static final String WORD_ENDS = " \t\n;&|()`";

    private GlobOptionSources() {
    }

    static boolean widen(List<String> argv, Map<String, String> env) {
        if (env != null) {
            for (String name : IN_ENVIRONMENT) {
                String v = env.get(name);
                if (v != null && !v.isEmpty()) {
                    return true;
                }
            }
        }
        if (argv == null) {
            return false;
        }
        for (String word : argv) {
            if (word == null) {
                continue;
            }
            if (mentionsOption(word) || sources(word)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the text holds one of {@link #IN_TEXT}. */
    static boolean mentionsOption(String text) {
        for (String part : IN_TEXT_PARTS) {
            if (text.contains(part)) {
                for (String marker : IN_TEXT) {
                    if (text.contains(marker)) {
                        return true;
                    }
                }
                return false;
            }
        }
        return false;
    }

    /** Whether a {@code '.'} ends a word of the text (the scan below splits words at these characters). */
    private static boolean hasLoneDot(String text) {
        for (int at = text.indexOf('.'); at >= 0; at = text.indexOf('.', at + 1)) {
            if (at + 1 == text.length() || WORD_ENDS.indexOf(text.charAt(at + 1)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the text runs {@code source} or {@code .} as a command: a word in command position. */
    static boolean sources(String text) {
        if (!text.contains("source") && !hasLoneDot(text)) {
            return false;   // the scan below is paid by every word of every launch: most words have neither
        }
        int n = text.length();
        boolean commandPosition = true;
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
                continue;
            }
            if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '{' || c == '\n' || c == '`') {
                commandPosition = c != ')';   // after a closing parenthesis an operator or a redirection follows
                i++;
                continue;
            }
            int end = i;
            while (end < n && WORD_ENDS.indexOf(text.charAt(end)) < 0) {
                end++;
            }
            String word = text.substring(i, end);
            if (commandPosition && (word.equals(".") || word.equals("source"))) {
                return true;
            }
            // after these a command follows; an assignment keeps the command position too
            commandPosition = word.equals("then") || word.equals("do") || word.equals("else") || word.equals("!")
                    || word.equals("{") || word.equals("exec") || word.equals("command") || word.equals("builtin")
                    || word.equals("eval") || commandPosition && word.indexOf('=') > 0;
            i = end;
        }
        return false;
    }
}
