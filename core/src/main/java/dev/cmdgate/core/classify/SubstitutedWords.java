package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * A command's words with each command substitution whose output is a pure function of literals (and each operator
 * expansion whose value is known) replaced by that output: {@code cat $(printf '/%s/%s' etc shadow)} is
 * {@code cat /etc/shadow}, and is judged that way too.
 */
final class SubstitutedWords {

    private final Analysis a;
    /** The script's text, for the words named in findings. */
    private final ShellAnalysis sh;
    private final WordArgs wordArgs;
    private final ExpansionValues values;

    SubstitutedWords(Analysis a, ShellAnalysis sh, WordArgs wordArgs, ExpansionValues values) {
        this.a = a;
        this.sh = sh;
        this.wordArgs = wordArgs;
        this.values = values;
    }

    /**
     * The words with each command substitution evaluated by {@link SubstitutionOutput} replaced by its output (a
     * word that is one unquoted substitution is split at blanks, as the shell splits it); null when no word has one
     * that could be evaluated. A substitution through a decoder ({@code base64 -d}, {@code xxd -r}, {@code rev},
     * {@code tr}) whose output cannot be followed makes a word built to hide what it is: at least an unknown
     * program's verdict.
     */
    List<Arg> printedWords(List<Word> ws, Site site) {
        boolean any = false;
        for (int i = 0, n = ws.size(); i < n && !any; i++) {
            any = ws.get(i).literalValue() == null && evaluable(ws.get(i).parts());
        }
        if (!any) {
            return null;
        }
        SubstitutionOutput outputs = new SubstitutionOutput(a);
        List<Arg> out = new ArrayList<>(ws.size());
        boolean changed = false;
        for (Word w : ws) {
            String lit = w.literalValue();
            if (lit != null || !evaluable(w.parts())) {
                wordArgs.expand(w, lit, -1, out, site);
                continue;
            }
            int[] counts = new int[2]; // evaluated, decoded but not followed
            StringBuilder b = new StringBuilder();
            boolean unknown = renderPrinted(w.parts(), b, outputs, counts);
            if (counts[1] > 0) {
                a.raise(site, a.setting("unknown-program"), "the word " + sh.text(w.start(), w.end())
                        + " is decoded or transformed at run time from what cmdgate cannot follow");
            }
            if (counts[0] == 0) {
                out.add(wordArgs.arg(w));
                continue;
            }
            changed = true;
            String t = b.toString();
            if (w.parts().size() == 1 && !unknown) {
                for (String piece : Chars.splitRuns(t.trim(), " \t\n", 64)) {
                    if (!piece.isEmpty()) {
                        out.add(new Arg(piece, false, false, w.start(), w.end()));
                    }
                }
            } else {
                out.add(new Arg(t, unknown, false, w.start(), w.end()));
            }
        }
        return changed ? out : null;
    }

    /**
     * The value of an assignment's word ({@code p=$(printf '%s' /etc/shadow)}) with each command substitution
     * evaluated by {@link SubstitutionOutput} replaced by its output: not split, as an assignment is not; null when
     * nothing could be evaluated or some part stays only known at run time.
     */
    String printedValue(Word w) {
        if (w.literalValue() != null || !evaluable(w.parts())) {
            return null;
        }
        int[] counts = new int[2];
        StringBuilder b = new StringBuilder();
        boolean unknown = renderPrinted(w.parts(), b, new SubstitutionOutput(a), counts);
        return unknown || counts[0] == 0 ? null : b.toString();
    }

    /**
     * Whether some part is a command substitution or an expansion with an operator (<code>${NAME:OFF:LEN}</code>,
     * <code>${NAME//x/}</code> …) cmdgate may evaluate.
     */
    private static boolean evaluable(List<WordPart> parts) {
        for (WordPart p : parts) {
            if (p instanceof CommandSubstitution || p instanceof DoubleQuoted d && evaluable(d.parts())
                    || p instanceof ParameterExpansion pe && !WordArgs.plain(pe)) {
                return true;
            }
        }
        return false;
    }

    /** Renders the parts with evaluated substitutions; returns whether some part stays only known at run time. */
    private boolean renderPrinted(List<WordPart> parts, StringBuilder b, SubstitutionOutput outputs, int[] counts) {
        boolean unknown = false;
        for (WordPart p : parts) {
            String text = WordPart.staticText(p);
            if (text != null) {
                b.append(text);
            } else if (p instanceof DoubleQuoted d) {
                unknown |= renderPrinted(d.parts(), b, outputs, counts);
            } else if (p instanceof CommandSubstitution cs) {
                String v = outputs.of(cs.script());
                if (v != null) {
                    b.append(v);
                    counts[0]++;
                } else {
                    counts[1] += outputs.decodes(cs.script()) ? 1 : 0;
                    b.append("$(…)");
                    unknown = true;
                }
            } else if (p instanceof ParameterExpansion pe && !WordArgs.plain(pe) && values.single(pe) != null) {
                // its one value: the line's literal value of the variable, or the launch's HOME or PWD
                b.append(values.single(pe));
                counts[0]++;
            } else {
                WordArgs.render(List.of(p), b);
                unknown = true;
            }
        }
        return unknown;
    }
}
