package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.util.List;

/**
 * bash's history expansion, for a gated session: an interactive shell (or one after {@code set -H}) replaces
 * {@code !!}, {@code !rm}, {@code !-2} … with earlier lines before it parses a command, so the text cmdgate judged
 * is not what runs.
 */
final class History {

    private History() {
    }

    /**
     * Whether bash would expand a {@code !} in this text: one outside single quotes and not escaped, followed by
     * something other than a blank, a newline, {@code =}, {@code (} or (inside double quotes) the closing quote.
     */
    static boolean expands(String text) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (single) {
                single = c != '\'';
            } else if (c == '\\') {
                i++;
            } else if (c == '\'' && !dbl) {
                single = true;
            } else if (c == '"') {
                dbl = !dbl;
            } else if (c == '!' && i + 1 < text.length()) {
                char n = text.charAt(i + 1);
                if (!(n == ' ' || n == '\t' || n == '\n' || n == '\r' || n == '=' || n == '(' || dbl && n == '"')) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether this command turns history expansion on: {@code set -H}, {@code set -o histexpand}, and
     * {@code shopt -o [-s] histexpand} (shopt -o names set's options).
     */
    static boolean turnsOn(String command) {
        ParseResult r = ShellParser.parse(command);
        if (r.script() == null) {
            return false;
        }
        boolean[] on = {false};
        ShellWalker.walk(r.script(), new java.util.function.Predicate<Node>() {
            @Override
            public boolean test(Node n) {
                if (n instanceof SimpleCommand c && !c.words().isEmpty() && "shopt".equals(c.words().get(0).literalValue())) {
                    on[0] |= shoptSetsHistexpand(c.words());
                } else if (n instanceof SimpleCommand c && !c.words().isEmpty() && "set".equals(c.words().get(0).literalValue())) {
                    List<Word> w = c.words();
                    for (int i = 1; i < w.size(); i++) {
                        String v = w.get(i).literalValue();
                        String next = i + 1 < w.size() ? w.get(i + 1).literalValue() : "";
                        // a word only known at run time may be -H too
                        on[0] |= v == null || v.startsWith("-") && !v.startsWith("--") && v.indexOf('H') > 0
                                || v.equals("-o") && (next == null || next.equals("histexpand"));
                    }
                }
                return !on[0];
            }
        });
        return on[0];
    }

    /** {@code shopt -o … histexpand}: with -o, an operand naming histexpand (or only known at run time). */
    private static boolean shoptSetsHistexpand(List<Word> w) {
        boolean setOptions = false;
        boolean named = false;
        for (int i = 1; i < w.size(); i++) {
            String v = w.get(i).literalValue();
            if (v == null) {
                named = true; // a word only known at run time may be -o or histexpand
                setOptions = true;
            } else if (v.startsWith("-") && v.length() > 1 && !v.equals("--")) {
                setOptions |= v.indexOf('o') > 0;
            } else {
                named |= v.equals("histexpand");
            }
        }
        return setOptions && named;
    }
}
