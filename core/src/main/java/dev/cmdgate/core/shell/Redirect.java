package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * A redirection: {@code 2>>log}, {@code &>f}, {@code 2>&1}, {@code <<EOF}, {@code <<<word},
 * <code>{fd}>f</code>.
 *
 * @param fd         the explicit file descriptor number written before the operator, or -1 when
 *                   none was written (the operator's default applies: 0 for input, 1 for output)
 * @param fdVariable for <code>{name}>file</code> the variable name, else null
 * @param op         the operator
 * @param target     the target word (file name, fd number or {@code -} for duplication, the word
 *                   of a here-string, the delimiter word of a here-document as written)
 * @param hereDoc    the here-document for {@link Op#HEREDOC} and {@link Op#HEREDOC_STRIP}, else null
 */
public record Redirect(int start, int end, int fd, String fdVariable, Op op, Word target, HereDoc hereDoc)
        implements Node {

    /**
     * True for {@code n>&m}, {@code n<&m}, {@code n>&-} style duplication/closing where the target is
     * a static fd number or {@code -} (possibly with a trailing {@code -} for moves). A {@code >&word}
     * whose target is not a number is bash's "stdout and stderr to file word" and returns false.
     */
    public boolean isFdDuplication() {
        if (op != Op.DUP_OUT && op != Op.DUP_IN) {
            return false;
        }
        String t = target == null ? null : target.literalValue();
        if (t == null || t.isEmpty()) {
            return false;
        }
        if (t.equals("-")) {
            return true;
        }
        int n = t.endsWith("-") ? t.length() - 1 : t.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** True when this redirection can write to the target file (or fd). */
    public boolean isOutput() {
        return op.output;
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(2);
        if (target != null) {
            c.add(target);
        }
        if (hereDoc != null) {
            c.add(hereDoc);
        }
        return c;
    }

    /** Redirection operators. */
    public enum Op {
        /** {@code >} */ OUT(">", true),
        /** {@code >>} */ APPEND(">>", true),
        /** {@code >|} */ CLOBBER(">|", true),
        /** {@code <} */ IN("<", false),
        /** {@code <>} (opens for reading and writing) */ READ_WRITE("<>", true),
        /** {@code &>} (stdout and stderr) */ OUT_ALL("&>", true),
        /** {@code &>>} (append stdout and stderr) */ APPEND_ALL("&>>", true),
        /** {@code >&} (fd duplication, or stdout+stderr to a file when the target is not a number) */
        DUP_OUT(">&", true),
        /** {@code <&} */ DUP_IN("<&", false),
        /** {@code <<} */ HEREDOC("<<", false),
        /** {@code <<-} (leading tabs stripped) */ HEREDOC_STRIP("<<-", false),
        /** {@code <<<} */ HERESTRING("<<<", false);

        private final String token;
        private final boolean output;

        Op(String token, boolean output) {
            this.token = token;
            this.output = output;
        }

        /** The operator as written. */
        public String token() {
            return token;
        }
    }
}
