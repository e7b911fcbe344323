package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.shell.AnsiCQuoted;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SingleQuoted;
import dev.cmdgate.core.shell.WordPart;

/**
 * Here-document delimiters whose value cmdgate's framing cannot be sure to compute as bash does. The framing
 * decides where a document ends, and so which later lines are document text rather than commands; a delimiter
 * it computes differently from bash lets lines bash runs pass as text. Quoted with {@code $'…'} (bash decodes the
 * escapes: {@code <<$'E\x4fF'} ends at {@code EOF}), with a locale string {@code $"…"}, or with a backslash inside
 * quotes (kept literally there), the delimiter is refused rather than guessed: fail closed. Plain words, {@code \EOF},
 * {@code 'EOF'}, {@code "EOF"}, {@code E"O"F} and {@code <<-} are framed as before.
 */
final class HereDocDelimiters {

    private HereDocDelimiters() {
    }

    /** The first here-document delimiter in the code whose value is not certain, as written; null when none. */
    static String unsure(String code) {
        String[] found = {null};
        if (code.indexOf("<<") < 0) {
            return null;
        }
        ParseResult r = ShellParser.parse(code);
        if (r.script() == null) {
            return hereDocWithQuoting(code) ? code : null;
        }
        ShellWalker.walk(r.script(), n -> {
            if (found[0] == null && n instanceof Redirect x && x.target() != null
                    && (x.op() == Redirect.Op.HEREDOC || x.op() == Redirect.Op.HEREDOC_STRIP)) {
                for (WordPart p : x.target().parts()) {
                    if (unsure(p, code)) {
                        found[0] = text(x.target(), code);
                    }
                }
            }
            return found[0] == null;
        });
        // the raw text too: the parser may not have seen every here-document (one inside a quoted string or a substitution)
        return found[0] != null ? found[0] : hereDocWithQuoting(code) ? "<<$'…'" : null;
    }

    private static boolean unsure(WordPart p, String code) {
        return p instanceof AnsiCQuoted
                || p instanceof DoubleQuoted d && (d.localized() || text(d, code).indexOf('\\') >= 0)
                || p instanceof SingleQuoted && text(p, code).indexOf('\\') >= 0;
    }

    /** A {@code <<} (not {@code <<<}) whose word, as written, has {@code $'} or {@code $"} in it. */
    private static boolean hereDocWithQuoting(String code) {
        for (int i = code.indexOf("<<"); i >= 0; i = code.indexOf("<<", i + 2)) {
            int k = i + 2;
            if (k < code.length() && code.charAt(k) == '<') {
                i = k;
                continue;
            }
            if (k < code.length() && code.charAt(k) == '-') {
                k++;
            }
            while (k < code.length() && (code.charAt(k) == ' ' || code.charAt(k) == '\t')) {
                k++;
            }
            int end = k;
            while (end < code.length() && " \t\n;&|<>()".indexOf(code.charAt(end)) < 0) {
                end++;
            }
            String word = code.substring(k, end);
            if (word.contains("$'") || word.contains("$\"")) {
                return true;
            }
        }
        return false;
    }

    private static String text(Node n, String code) {
        return code.substring(Math.max(0, n.start()), Math.min(code.length(), n.end()));
    }
}
