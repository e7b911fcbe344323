package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.Redirect;
import java.util.ArrayList;
import java.util.List;

/**
 * The words a command's own input redirection hands an xargs-like wrapper, when the line says what they are: a
 * here-string ({@code xargs cat <<< /etc/shadow} reads the words {@code echo /etc/shadow | xargs cat} reads), a
 * literal here-document, {@code < <(echo …)} (what the one command inside prints) and {@code < FILE} for a file
 * whose text the script itself wrote ({@link ScriptFiles}). Anything else (a file not written by the line, a
 * here-document with expansions, a substitution of several commands) gives no words: the wrapper's command is then
 * judged with an argument only known at run time, as for any input.
 */
final class InputWords {

    private InputWords() {
    }

    /**
     * The words of the last redirection of standard input among {@code rs}, which gave {@code in}; null when they
     * are not known from the line.
     */
    static PipedWords of(Analysis a, ShellAnalysis sh, List<Redirect> rs, Analysis.Stdin in, Analysis.Ctx ctx) {
        Redirect last = null;
        for (Redirect r : rs) {
            boolean stdin = r.fd() == -1 || r.fd() == 0;
            if (stdin && (r.op() == Redirect.Op.HERESTRING || r.op() == Redirect.Op.HEREDOC
                    || r.op() == Redirect.Op.HEREDOC_STRIP || r.op() == Redirect.Op.IN)) {
                last = r;
            }
        }
        if (last == null) {
            return null;
        }
        PipedWords w = switch (last.op()) {
            case HERESTRING -> {
                if (last.target() == null) {
                    yield null;
                }
                Arg word = sh.arg(last.target());
                PipedWords h = PipedWords.ofWords(a, hereString(word), ctx.pipeline(), ctx.stage());
                yield word.dynamic ? h : h.withText(word.text + "\n"); // a here-string ends in a newline
            }
            case HEREDOC, HEREDOC_STRIP -> {
                HereDoc hd = last.hereDoc();
                yield hd != null && (hd.quoted() || hd.body().isStatic())
                        ? PipedWords.ofText(a, hd.text(), ctx.pipeline(), ctx.stage()) : null;
            }
            default -> {
                if (last.target() == null) {
                    yield null;
                }
                List<Arg> printer = sh.substitutionPrinter(last.target());
                if (printer != null) {
                    yield PipedWords.of(a, printer, ctx.pipeline(), ctx.stage());
                }
                Arg file = sh.arg(last.target());
                yield file.unresolved() ? null
                        : PipedWords.ofText(a, a.scriptFiles.text(file.text), ctx.pipeline(), ctx.stage());
            }
        };
        return w == null ? null : w.arrivingOn(in);
    }

    /**
     * A here-string's words as xargs splits them: the word is not split by the shell, so its blanks are the ones
     * xargs splits at; a piece holding an expansion stays one word only known at run time (its value may hold more
     * words, as for {@code echo $x | xargs cat}), and the whole word keeps its pattern when it is one piece.
     */
    static List<Arg> hereString(Arg w) {
        String[] pieces = Chars.splitRuns(w.text, " \t\n", PipedWords.MAX_WORDS);
        List<Arg> out = new ArrayList<>(pieces.length);
        for (String p : pieces) {
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals(w.text)) {
                out.add(w);
            } else {
                boolean dynamic = w.dynamic && (p.indexOf('$') >= 0 || p.indexOf('\u2026') >= 0 || p.indexOf('`') >= 0);
                out.add(new Arg(p, dynamic, false, -1, -1));
            }
        }
        if (!w.dynamic && XargsQuoting.quotes(w.text)) {
            // xargs's own quote and backslash removal: the words it reads by default, beside the plain split
            List<String> unquoted = XargsQuoting.split(w.text, PipedWords.MAX_WORDS);
            for (String u : unquoted == null ? List.<String>of() : unquoted) {
                out.add(Arg.literal(u));
            }
        }
        return out;
    }
}
