package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.Literal;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Whether a value only known at run time can only be a number, so that bash evaluating it as arithmetic runs nothing:
 * an arithmetic expansion, a length ({@code ${#a}}), a shell parameter that is always a number ({@code $#}, {@code $?},
 * {@code $RANDOM}), a variable whose value is such a one, digits and blanks, and the output of a command substitution
 * whose last command prints only numbers by the rules ({@code numeric-output} rows: {@code $(wc -l < f)},
 * {@code $(grep -c x f)}, {@code $(date +%s)}). Anything else — what a file or another program holds — may be an
 * expression with an array subscript whose command substitutions bash runs.
 */
final class NumericValues {

    /** Special parameters bash always gives a number (its variables that are numbers are the rules' number-vars rows). */
    private static final Set<String> NUMBERS = Set.of("#", "?", "$", "!");
    private static final int MAX_DEPTH = 4;

    private final Analysis analysis;

    NumericValues(Analysis analysis) {
        this.analysis = analysis;
    }

    /** Whether the value (as written where it was assigned: {@code $(wc -l < f)}, {@code "$n"}) is only ever a number. */
    boolean numeric(String text) {
        return numeric(text, 0);
    }

    private boolean numeric(String text, int depth) {
        if (text == null || depth > MAX_DEPTH || substitutionOfNoCounter(text)) {
            return false;
        }
        ParseResult r = ShellParser.parse(": " + text);
        if (r.script() == null || !r.errors().isEmpty()) {
            return false;
        }
        SimpleCommand c = only(r.script());
        if (c == null || c.words().size() < 2 || !c.redirects().isEmpty() || !c.assignments().isEmpty()) {
            return false;
        }
        for (Word w : c.words().subList(1, c.words().size())) {
            if (!parts(w.parts(), depth)) {
                return false;   // for i in 1 $(seq 5): every item
            }
        }
        return true;
    }

    /**
     * A text that starts with a command substitution naming no {@code numeric-output} program, with no quote or
     * backslash that could make a word's value differ from its text: what it prints is not known to be a number
     * whatever the rest is, so the parse that would show it is skipped.
     */
    private boolean substitutionOfNoCounter(String text) {
        boolean substitution = text.startsWith("$(") && !text.startsWith("$((") || text.startsWith("`");
        return substitution && text.indexOf('\'') < 0 && text.indexOf('"') < 0 && text.indexOf('\\') < 0
                && !analysis.rules.mentionsNumericOutputProgram(text);
    }

    private boolean parts(List<WordPart> parts, int depth) {
        for (WordPart p : parts) {
            if (!part(p, depth)) {
                return false;
            }
        }
        return true;
    }

    private boolean part(WordPart p, int depth) {
        if (p instanceof Literal l) {
            return l.value().chars().allMatch(ch -> ch >= '0' && ch <= '9' || ch == ' ' || ch == '\t' || ch == '\n'
                    || ch == '-' || ch == '+');
        }
        if (p instanceof DoubleQuoted d) {
            return parts(d.parts(), depth);
        }
        if (p instanceof ArithmeticExpansion) {
            return true;
        }
        if (p instanceof ParameterExpansion pe) {
            if (pe.length()) {
                return true;
            }
            if (pe.operator() != null || pe.indirect() || pe.subscript() != null) {
                return false;
            }
            return NUMBERS.contains(pe.name()) || variable(pe.name(), depth)
                    || analysis.env.value(pe.name()) == null && analysis.rules.numberVar(pe.name());
        }
        if (p instanceof CommandSubstitution cs) {
            return printsNumbers(cs.script());
        }
        return false;
    }

    /** A variable this classification gave only numbers: digits, or a value that is numeric itself. */
    private boolean variable(String name, int depth) {
        if (!Variables.isName(name)) {
            return false;
        }
        String target = analysis.env.resolve(name);
        EnvState.Value v = target == null ? null : analysis.env.value(target);
        if (v == null) {
            return false;   // set before this command (inherited, an earlier session's line) or never: not known
        }
        return v.dynamic() ? numeric(analysis.env.producer(target), depth + 1) : v.text().strip().matches("[-+]?[0-9]*");
    }

    /**
     * Whether a substitution's script is one pipeline that prints only numbers by the rules: its last command a
     * {@code numeric-output} row's, or a first field cut from lines that start with a number ({@link NumericPipeline}).
     */
    private boolean printsNumbers(Script s) {
        if (s == null || s.statements().size() != 1 || s.statements().get(0).pipelines().size() != 1) {
            return false;
        }
        Pipeline p = s.statements().get(0).pipelines().get(0);
        List<List<String>> commands = new ArrayList<>(p.commands().size());
        for (Command c : p.commands()) {
            if (!(c instanceof SimpleCommand sc) || sc.words().isEmpty()) {
                return false;
            }
            String name = sc.commandName();
            if (name == null || FunctionNames.shadowed(analysis, name)) {
                return false;   // wc(){ cat f; }; n=$(wc -l < f): the function's output, not the program's
            }
            List<String> argv = new ArrayList<>();
            for (Word w : sc.words()) {
                String v = w.literalValue();
                if (v == null || v.indexOf('$') >= 0 && !isAwkProgram(argv, v) || v.indexOf('`') >= 0 || w.hasGlob()) {
                    return false;   // a name it prints may be text only known at run time (a pattern: any name)
                }
                argv.add(v);
            }
            commands.add(argv);
        }
        List<List<String>> printed = new ArrayList<>(commands.size());
        for (List<String> argv : commands) {
            printed.add(analysis.rules.numericOutputOperands(argv));
        }
        if (!NumericPipeline.numeric(commands, printed, analysis.rules)) {
            return false;
        }
        for (List<String> operands : printed) {   // what a producer prints beside its numbers (seq inf): no run-time name
            if (operands != null && PrintedNames.reachRuntimeValues(analysis, operands)) {
                return false;
            }
        }
        return true;
    }

    /** awk's program text holds {@code $1} as a field, not an expansion (it is single-quoted, so literal). */
    private static boolean isAwkProgram(List<String> before, String v) {
        return before.size() == 1 && (before.get(0).equals("awk") || before.get(0).equals("gawk")
                || before.get(0).equals("mawk"));
    }

    private static SimpleCommand only(Script s) {
        if (s == null || s.statements().size() != 1) {
            return null;
        }
        Statement st = s.statements().get(0);
        if (st.pipelines().size() != 1 || st.pipelines().get(0).commands().size() != 1) {
            return null;
        }
        return st.pipelines().get(0).commands().get(0) instanceof SimpleCommand c ? c : null;
    }
}
