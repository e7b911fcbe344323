package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.BraceExpansion;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.PatternChar;
import dev.cmdgate.core.shell.ProcessSubstitution;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * The words a parsed shell word stands for, as the classifier sees them ({@link Arg}): its static value, or its text
 * with the expansions kept as written; its fields after brace expansion; its alternatives with the literal values the
 * line gave its variables; and the pathname pattern it is when it has an unquoted glob.
 */
final class WordArgs {

    private final Analysis a;
    /** The values of expansions with an operator, where the variable's value is known. */
    private final ExpansionValues values;

    WordArgs(Analysis a, ExpansionValues values) {
        this.a = a;
        this.values = values;
    }

    /**
     * The command's words once per literal value of the variables they name ({@link EnvState#literals}),
     * the k-th list taking every variable's k-th value (its last, when it has fewer); empty when no word
     * names such a variable. Expansions the script gave no literal value stay as written.
     */
    List<List<Arg>> resolvedWords(List<Word> ws, Site site) {
        int n = 0;
        // each word's literal value once (it is built from the word's parts): asked again for every list below
        String[] lits = new String[ws.size()];
        for (int i = 0; i < lits.length; i++) {
            Word w = ws.get(i);
            lits[i] = w.literalValue();
            if (lits[i] == null) {
                n = Math.max(n, knownValues(w.parts()));
            }
        }
        if (n == 0) {
            return List.of();
        }
        List<List<Arg>> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            List<Arg> words = new ArrayList<>(ws.size());
            for (int i = 0; i < lits.length; i++) {
                expand(ws.get(i), lits[i], k, words, site);
            }
            out.add(words);
        }
        return out;
    }

    /**
     * Adds a word's fields after brace expansion (bounded: past the caps, the word as written and
     * {@code too-deep}); with {@code k >= 0}, with its variables' k-th literal values.
     */
    void expand(Word w, String lit, int k, List<Arg> words, Site site) {
        if (lit != null && lit.indexOf('{') < 0) {
            // no substitution and no brace syntax: the common case, no expansion work
            words.add(new Arg(lit, false, globLead(w, lit), w.start(), w.end(), pattern(w)));
        } else if (!a.budget.mayExpand()) {
            words.add(arg(w));
        } else {
            BraceExpansion be = w.expandBraces(ShellAnalysis.BRACE_CAP);
            if (be.overCap()) {
                a.raise(site, a.setting("too-deep"), "brace expansion makes more than " + ShellAnalysis.BRACE_CAP + " words");
            }
            if (!a.budget.expanded(be.words().size())) {
                a.raise(site, a.setting("too-deep"),
                        "brace expansions make more than " + Budget.MAX_EXPANDED_WORDS + " words in all");
            }
            for (Word x : be.words()) {
                if (k < 0) {
                    words.add(arg(x));
                } else {
                    resolved(x, k, words);
                }
            }
        }
    }

    /** One word's alternatives with the script's literal values of its variables (empty when it names none). */
    List<Arg> resolvedArgs(Word w) {
        if (w == null || w.literalValue() != null) {
            return List.of();
        }
        int n = knownValues(w.parts());
        List<Arg> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            List<Arg> one = new ArrayList<>(1);
            resolved(w, k, one);
            out.addAll(one);
        }
        return out;
    }

    /** The most literal values any variable a word's plain expansions name was given (0: none). */
    private int knownValues(List<WordPart> parts) {
        int n = 0;
        for (WordPart p : parts) {
            if (p instanceof DoubleQuoted d) {
                n = Math.max(n, knownValues(d.parts()));
            } else if (p instanceof ParameterExpansion pe && plain(pe)) {
                String t = a.env.resolve(pe.name());
                if (t != null) {
                    n = Math.max(n, a.env.literals(t).size() + a.env.partials(t).size());
                }
            } else if (p instanceof ParameterExpansion pe) {
                n = Math.max(n, values.count(pe));
            }
        }
        return n;
    }

    static boolean plain(ParameterExpansion pe) {
        return pe.operator() == null && !pe.length() && !pe.indirect() && pe.subscript() == null;
    }

    /**
     * Adds the word with its variables' k-th literal values. The blanks in an unquoted expansion's value split
     * the word as the shell splits it ({@code O="-r -f"; rm $O ~}; {@code a='/etc/shadow '; cat ${a}x} is
     * {@code cat /etc/shadow x}), when every value in the word is known.
     */
    private void resolved(Word w, int k, List<Arg> out) {
        StringBuilder b = new StringBuilder();
        StringBuilder pat = new StringBuilder();
        boolean[] flags = {false, false};
        java.util.BitSet blanks = new java.util.BitSet();
        renderResolved(w.parts(), b, pat, false, k, flags, blanks);
        String text = b.toString();
        if (w.parts().size() == 1 && w.parts().get(0) instanceof ParameterExpansion && !flags[UNKNOWN]) {
            for (String piece : Chars.splitRuns(text.trim(), FieldSeparators.of(a.env), 64)) {
                if (!piece.isEmpty()) {
                    // an unquoted value is expanded as a pattern too: x='/proc/*/env*'; cat $x
                    out.add(new Arg(piece, true, false, w.start(), w.end(), ShellPattern.isPattern(piece) ? piece : null));
                }
            }
            return;
        }
        if (!flags[UNKNOWN] && !blanks.isEmpty()) {
            int from = 0;
            for (int i = 0, fields = 0; i <= text.length() && fields < 64; i++) {
                if (i == text.length() || blanks.get(i)) {
                    if (i > from) {
                        String piece = text.substring(from, i);
                        out.add(new Arg(piece, true, false, w.start(), w.end(), ShellPattern.isPattern(piece) ? piece : null));
                        fields++;
                    }
                    from = i + 1;
                }
            }
            return;
        }
        out.add(new Arg(text, true, globLead(w, text), w.start(), w.end(), flags[GLOB] ? pat.toString() : null));
    }

    /** Marks the blanks of a value an unquoted expansion adds at {@code at}: the shell splits the word there. */
    private void markBlanks(String value, int at, boolean quoted, java.util.BitSet blanks) {
        if (quoted) {
            return;
        }
        String separators = FieldSeparators.of(a.env); // IFS=: splits at colons too
        for (int j = 0; j < value.length(); j++) {
            char c = value.charAt(j);
            if (separators.indexOf(c) >= 0) {
                blanks.set(at + j);
            }
        }
    }

    /** {@link #renderResolved}'s flags: a value is only known at run time; the word is a pattern. */
    private static final int UNKNOWN = 0;
    private static final int GLOB = 1;

    /**
     * Renders a word with its variables' k-th values ({@code b}) and the same as a pathname pattern ({@code pat}):
     * a literal value's glob characters are active where the expansion is unquoted, a value known in part
     * ({@link EnvState.Partial}) stands for the names its pattern matches, quoted or not.
     */
    private void renderResolved(List<WordPart> parts, StringBuilder b, StringBuilder pat, boolean quoted, int k,
            boolean[] flags, java.util.BitSet blanks) {
        for (WordPart p : parts) {
            if (p instanceof DoubleQuoted d) {
                renderResolved(d.parts(), b, pat, true, k, flags, blanks);
            } else if (p instanceof ParameterExpansion pe && plain(pe) && !pe.name().equals("HOME")) {
                String t = a.env.resolve(pe.name());
                List<String> literals = t == null ? List.of() : a.env.literals(t);
                List<EnvState.Partial> partials = t == null ? List.of() : a.env.partials(t);
                int all = literals.size() + partials.size();
                int i = Math.min(k, all - 1);
                if (all == 0) {
                    flags[UNKNOWN] = true;
                    b.append('$').append(pe.name());
                    pat.append('*');
                } else if (i < literals.size()) {
                    String v = literals.get(i);
                    markBlanks(v, b.length(), quoted, blanks);
                    b.append(v);
                    if (quoted || !ShellPattern.isPattern(v)) {
                        ShellPattern.appendLiteral(pat, v);
                    } else {
                        pat.append(v);
                        flags[GLOB] = true;
                    }
                } else {
                    EnvState.Partial v = partials.get(i - literals.size());
                    b.append(v.text());
                    pat.append(v.pattern());
                    flags[UNKNOWN] = true;
                    flags[GLOB] |= v.glob();
                }
            } else if (p instanceof ParameterExpansion pe && !plain(pe) && values.value(pe, k) != null) {
                // ${v//x/}, ${v%.*}, ${v,,} … of a variable whose k-th value is known: what bash computes
                String v = values.value(pe, k);
                markBlanks(v, b.length(), quoted, blanks);
                for (int at = v.indexOf('\0'); at >= 0; at = v.indexOf('\0', at + 1)) {
                    blanks.set(b.length() + at);   // ${a[@]}: each element is a word of its own
                }
                v = v.replace('\0', ' ');
                b.append(v);
                if (quoted || !ShellPattern.isPattern(v)) {
                    ShellPattern.appendLiteral(pat, v);
                } else {
                    pat.append(v);
                    flags[GLOB] = true;
                }
            } else {
                int at = b.length();
                render(List.of(p), b);
                String text = WordPart.staticText(p);
                if (p instanceof PatternChar g) {
                    pat.append(g.value());
                    flags[GLOB] = true;
                } else if (text != null) {
                    ShellPattern.appendLiteral(pat, text);
                } else {
                    pat.append('*');
                }
                if (b.indexOf("$", at) >= 0 || b.indexOf("\u2026", at) >= 0) {
                    flags[UNKNOWN] |= !(p instanceof ParameterExpansion pe && pe.name().equals("HOME") && plain(pe));
                }
            }
        }
    }

    /** A word as the classifier sees it: its static value, or its text with expansions kept. */
    Arg arg(Word w) {
        String lit = w.literalValue();
        if (lit != null) {
            return new Arg(lit, false, globLead(w, lit), w.start(), w.end(), pattern(w));
        }
        StringBuilder b = new StringBuilder();
        render(w.parts(), b);
        String text = b.toString();
        if (!a.env.hasProducers()) {   // no variable holds a command's output: walked only if a condition asks
            return new Arg(text, true, globLead(w, text), w.start(), w.end(), pattern(w), w);
        }
        // through variables as they stand now (the environment changes as the line goes on)
        return new Arg(text, true, globLead(w, text), w.start(), w.end(), pattern(w), w).producedBy(Producers.of(w, name -> {
            String target = a.env.resolve(name);
            return target == null ? null : a.env.producer(target);
        }));
    }

    /**
     * The word as a pathname-expansion pattern when it has an unquoted glob: its glob characters as written, its
     * other text (quoted or not) escaped, so {@code /usr/bin/r'*'[m]} stands for the names {@code r*m}, {@code r*}
     * being literal; an expansion stands for any one name ({@code /proc/$PPID/env*} is {@code /proc/*}{@code /env*},
     * which may name {@code /proc/1/environ}). Null for a word without a glob (nearly every word).
     */
    private static String pattern(Word w) {
        if (!w.hasGlob()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        appendPattern(w.parts(), b);
        return b.toString();
    }

    static void appendPattern(List<WordPart> parts, StringBuilder b) {
        for (WordPart p : parts) {
            if (p instanceof PatternChar g) {
                b.append(g.value());
            } else if (p instanceof DoubleQuoted d) {
                appendPattern(d.parts(), b);
            } else {
                String text = WordPart.staticText(p);
                if (text == null) {
                    b.append('*');   // a value only known at run time: any name
                } else {
                    ShellPattern.appendLiteral(b, text);
                }
            }
        }
    }

    /**
     * Whether pathname expansion may turn the word into words that start with '-': an unquoted glob
     * at its start ({@code *}, {@code ?x}) or after a leading dash ({@code -*}).
     */
    private static boolean globLead(Word w, String text) {
        if (w.parts().isEmpty() || !w.hasGlob()) {
            return false;
        }
        return w.parts().get(0) instanceof PatternChar || text.startsWith("-");
    }

    static void render(List<WordPart> parts, StringBuilder b) {
        for (int i = 0, n = parts.size(); i < n; i++) {
            WordPart p = parts.get(i);
            String text = WordPart.staticText(p);
            if (text != null) {
                b.append(text);
            } else if (p instanceof DoubleQuoted d) {
                render(d.parts(), b);
            } else if (p instanceof ParameterExpansion pe) {
                boolean plain = pe.operator() == null && !pe.length() && !pe.indirect() && pe.subscript() == null;
                if (plain && pe.name().equals("HOME")) {
                    b.append("${HOME}"); // the one expansion the classifier resolves (to ~)
                } else {
                    // braced when a name character follows, so envi${X}ron does not read as $Xron
                    String next = i + 1 < n ? WordPart.staticText(parts.get(i + 1)) : null;
                    boolean brace = plain && next != null && !next.isEmpty()
                            && (Character.isLetterOrDigit(next.charAt(0)) || next.charAt(0) == '_');
                    // its length and an alternative word keep a mark: neither is the value (SecretNames reads them)
                    String mark = pe.length() ? "#" : "";
                    String alt = pe.operator() != null && (pe.operator().equals("+") || pe.operator().equals(":+")) ? "+" : "";
                    b.append('$').append(!plain ? "{" + mark + pe.name() + alt + "…}" : brace ? "{" + pe.name() + "}" : pe.name());
                }
            } else if (p instanceof CommandSubstitution) {
                b.append("$(…)");
            } else if (p instanceof ProcessSubstitution ps) {
                b.append(ps.output() ? ">(…)" : "<(…)");
            } else if (p instanceof ArithmeticExpansion) {
                b.append("$((…))");
            }
        }
    }
}
