package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * What a command substitution prints when that is a pure function of literals: one pipeline whose every stage
 * has a {@code prints} row that holds — {@code printf '\x72\x6d'}, {@code echo cm0g… | base64 -d},
 * {@code rev <<< 'fr- mr'}, {@code xxd -r -p <<< 2f65…}, {@code echo . | tr '!-0' '"-1'} — with literal words
 * and input (a here-string, a quoted here-document, the stage before). The output is what the word becomes
 * ({@code ShellAnalysis} judges the command again with it). Bounded in stages and size; anything else is not
 * evaluated.
 */
final class SubstitutionOutput {

    static final int MAX_STAGES = 8;
    static final int MAX_OUTPUT = 4096;

    private final Analysis a;

    SubstitutionOutput(Analysis a) {
        this.a = a;
    }

    /** The output (trailing newlines removed, as the shell removes them), or null when not evaluated. */
    String of(Script script) {
        if (script == null || script.statements().isEmpty() || script.statements().size() > MAX_STAGES) {
            return null;
        }
        // $(: ; echo shadow), $(echo /etc; echo /shadow): the statements' outputs one after another
        StringBuilder all = new StringBuilder();
        for (Statement st : script.statements()) {
            Pipeline p = onePipeline(st);
            String out = p == null ? null : output(p);
            if (out == null || all.length() + out.length() > MAX_OUTPUT) {
                return null;
            }
            all.append(out);
        }
        String text = all.toString();
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '\n') {
            end--;
        }
        return text.substring(0, end);
    }

    /** What one pipeline prints, or null when not evaluated. */
    private String output(Pipeline p) {
        String text = null;
        boolean first = true;
        for (Command c : p.commands()) {
            if (!(c instanceof SimpleCommand sc) || !sc.assignments().isEmpty() || sc.words().isEmpty()) {
                return null;
            }
            List<Arg> words = new ArrayList<>(sc.words().size());
            for (Word w : sc.words()) {
                // a brace list becomes its words, as bash expands it first (a quoted or lone brace stays itself)
                dev.cmdgate.core.shell.BraceExpansion braces = w.expandBraces();
                if (braces.overCap()) {
                    return null;
                }
                for (Word b : braces.words()) {
                    String lit = b.literalValue();
                    if (lit == null || b.hasGlob()) {
                        return null;
                    }
                    words.add(Arg.literal(lit));
                }
            }
            if (words.isEmpty()) {
                return null;
            }
            Analysis.Stdin in = first ? Analysis.Stdin.NONE : new Analysis.Stdin(Analysis.StdinKind.HEREDOC, text, true);
            for (Redirect r : sc.redirects()) {
                in = input(r, in);
                if (in == null) {
                    return null;
                }
            }
            String name = words.get(0).text;
            if (SILENT.contains(name) && p.commands().size() == 1 && !a.isFunction(name)) {
                text = ""; // : and true print nothing (and read no input)
                first = false;
                continue;
            }
            Section s = printer(name);
            if (s == null) {
                return null;
            }
            text = Printed.output(a, s, words, in);
            if (text == null || text.length() > MAX_OUTPUT) {
                return null;
            }
            first = false;
        }
        return text;
    }

    /** Builtins that print nothing whatever their words. */
    private static final java.util.Set<String> SILENT = java.util.Set.of(":", "true", "false");

    /**
     * Whether a stage of the substitution is a decoder or transformation ({@code base64 -d}, {@code xxd -r},
     * {@code rev}, {@code tr}): its output, when not evaluated, is a word built to hide what it is.
     */
    boolean decodes(Script script) {
        Pipeline p = onePipeline(script);
        if (p == null) {
            return false;
        }
        for (Command c : p.commands()) {
            if (c instanceof SimpleCommand sc && !sc.words().isEmpty()) {
                String name = sc.words().get(0).literalValue();
                Section s = name == null ? null : printer(name);
                if (s != null && Printed.isFilter(s.prints()) && mayHold(s, sc)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the {@code prints} row's conditions may hold (they do, or a word is only known at run time). */
    private boolean mayHold(Section s, SimpleCommand sc) {
        if (s.printsIf().isEmpty()) {
            return true;
        }
        List<Arg> words = new ArrayList<>(sc.words().size());
        for (Word w : sc.words()) {
            String lit = w.literalValue();
            if (lit == null || w.hasGlob()) {
                return true;
            }
            words.add(Arg.literal(lit));
        }
        return a.conditions.holds(s.printsIf(), OptionParser.parse(s, words), new java.util.LinkedHashSet<>());
    }

    private static Pipeline onePipeline(Script script) {
        if (script == null || script.statements().size() != 1) {
            return null;
        }
        return onePipeline(script.statements().get(0));
    }

    private static Pipeline onePipeline(Statement st) {
        if (st.pipelines().size() != 1 || st.background()) {
            return null;
        }
        Pipeline p = st.pipelines().get(0);
        return p.commands().size() <= MAX_STAGES ? p : null;
    }

    /** The section of a program with a {@code prints} row (not a function of the script's), or null. */
    private Section printer(String name) {
        if (name.indexOf('/') >= 0 || a.isFunction(name)) {
            return null;
        }
        Section s = a.rules.program(name);
        return s != null && s.prints() != null ? s : null;
    }

    /** The input a redirection gives (a literal here-string or here-document), the same for 2>/dev/null; null else. */
    private static Analysis.Stdin input(Redirect r, Analysis.Stdin in) {
        boolean stdin = r.fd() == -1 || r.fd() == 0;
        if (r.op() == Redirect.Op.HERESTRING && stdin && r.target() != null) {
            String v = r.target().literalValue();
            return v == null ? null : new Analysis.Stdin(Analysis.StdinKind.HEREDOC, v + "\n", true);
        }
        if ((r.op() == Redirect.Op.HEREDOC || r.op() == Redirect.Op.HEREDOC_STRIP) && stdin && r.hereDoc() != null) {
            HereDoc hd = r.hereDoc();
            return hd.quoted() || hd.body().isStatic() ? new Analysis.Stdin(Analysis.StdinKind.HEREDOC, hd.text(), true) : null;
        }
        if (r.fd() == 2 && r.isOutput() && r.target() != null && "/dev/null".equals(r.target().literalValue())) {
            return in;
        }
        return null;
    }
}
