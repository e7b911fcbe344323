package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.AssignRule;
import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What other parts of cmdgate ask about commands — the OAP policy, the stdin session detector —
 * answered from the rules, so that which programs are shells, which directories hold the standard
 * programs, which options give a shell its script and which builtins set variables are written once,
 * in the rules file. Thread-safe (the rules are immutable).
 */
public final class CommandKnowledge {

    private static volatile CommandKnowledge builtin;

    private final RuleSet rules;

    public CommandKnowledge(RuleSet rules) {
        this.rules = rules;
    }

    /** Over the built-in rules (loaded on first use). */
    public static CommandKnowledge builtin() {
        CommandKnowledge k = builtin;
        if (k == null) {
            k = new CommandKnowledge(RuleSet.builtin());
            builtin = k;
        }
        return k;
    }

    public RuleSet rules() {
        return rules;
    }

    /** Whether programs in this directory ({@code /usr/bin}) are the standard ones ({@code system-dirs}). */
    public boolean isSystemDir(String dir) {
        return rules.isSystemDir(dir);
    }

    /** Whether the rules have a section for this program name ({@link #programName}'s answer). */
    public boolean known(String program) {
        return program != null && rules.program(program) != null;
    }

    /**
     * The program a command word names as the rules see it: the word when it has no slash, the file
     * name of a path in a system directory ({@code /usr/bin/../bin/bash} is {@code bash}); null for any
     * other path ({@code ./bash}, {@code /tmp/bash}).
     */
    public String programName(String word) {
        if (word == null) {
            return null;
        }
        int slash = word.lastIndexOf('/');
        if (slash < 0) {
            return word;
        }
        String dir = PathText.resolveDots(PathText.normalize(word.substring(0, Math.max(slash, 1))));
        String name = word.substring(slash + 1);
        return !name.isEmpty() && rules.isSystemDir(dir) ? name : null;
    }

    /**
     * The shell an argv starts and the words it is given: the program when it is one of the rules'
     * {@code shells}, or the applet of a shell that runs its first operand ({@code busybox sh}); null
     * when the argv does not start a shell.
     */
    private Shell shell(List<String> argv) {
        if (argv == null || argv.isEmpty()) {
            return null;
        }
        String program = programName(argv.get(0));
        if (program == null || !rules.isShell(program)) {
            return null;
        }
        Section s = rules.program(program);
        int first = 1;
        if (s != null && s.runs() != null) {
            // busybox sh: the applet named by the first operand is the shell
            if (argv.size() < 2 || !rules.isShell(argv.get(1))) {
                return null;
            }
            program = argv.get(1);
            s = rules.program(program);
            first = 2;
            if (s == null || s.runs() != null) {
                return null;
            }
        }
        if (s == null) {
            return null;
        }
        List<Arg> words = new ArrayList<>(argv.size());
        words.add(Arg.literal(program));
        for (int i = first; i < argv.size(); i++) {
            words.add(Arg.literal(argv.get(i)));
        }
        return new Shell(program, s, OptionParser.parse(s, words));
    }

    private record Shell(String program, Section section, ParsedArgs args) {
    }

    /**
     * The script an argv gives a shell inline ({@code sh -c SCRIPT}, {@code bash -lc SCRIPT},
     * {@code busybox sh -c SCRIPT}), by the shell's {@code code sh flag} row; null when the argv does not
     * start a shell with an inline script.
     */
    public String inlineScript(List<String> argv) {
        Shell sh = shell(argv);
        if (sh == null) {
            return null;
        }
        for (Section s : sh.args().path) {
            for (CodeRule c : s.codes()) {
                if (c.source() == CodeRule.Source.FLAG && sh.args().has(c.name()) && !sh.args().operands.isEmpty()) {
                    return sh.args().operands.get(0).text;
                }
            }
        }
        return null;
    }

    /**
     * Whether an argv starts a shell that reads its commands from standard input and from nothing else:
     * a shell of the rules, no inline script and no script file, and only options the shell's section
     * declares without an effect (an option that runs a start-up file, {@code --rcfile}, has one; an
     * option the rules do not know might). {@code bash}, {@code bash -s a b}, {@code zsh -f},
     * {@code busybox sh} do; {@code bash -c …}, {@code bash x.sh}, {@code bash --rcfile f} do not.
     */
    public boolean readsCommandsFromStdin(List<String> argv) {
        Shell sh = shell(argv);
        if (sh == null) {
            return false;
        }
        ParsedArgs p = sh.args();
        Section s = sh.section();
        for (ParsedArgs.Use u : p.options) {
            OptionSpec o = u.spec();
            if (o == null || o.effect() != null || o.stop()) {
                return false;
            }
            for (CodeRule c : s.codes()) {
                if (c.name() != null && c.name().equals(o.canonical())) {
                    return false; // -c, or an option whose value is code
                }
            }
        }
        if (s.stdinCode() == null) {
            return false;
        }
        int n = s.stdinCodeAfter();
        return p.operands.size() <= n || p.operands.get(n).text.equals("-") || p.has("-s");
    }

    /** Whether the program changes the shell's working directory to its first operand ({@code chdir} rows: cd, pushd). */
    public boolean changesDirectory(String program) {
        Section s = program == null || program.indexOf('/') >= 0 ? null : rules.program(program);
        return s != null && s.chdir();
    }

    /**
     * The variables a command sets, exports or removes by the rules ({@code assigns} and {@code unsets}
     * rows: {@code export}, {@code declare}, {@code read}, {@code printf -v}, {@code unset}, {@code env -u};
     * a wrapper's leading {@code NAME=value} operands: {@code env NAME=value CMD}). Inline assignments
     * ({@code NAME=value CMD}) are not in the argv; the classifier records them on the command.
     */
    public Set<String> variablesChanged(List<String> argv) {
        Set<String> out = new LinkedHashSet<>();
        ParsedArgs p = parsed(argv);
        if (p == null) {
            return out;
        }
        Conditions conditions = new Conditions(rules);
        for (Section x : p.path) {
            List<AssignRule> rows = new ArrayList<>(x.assigns());
            rows.addAll(x.unsets());
            for (AssignRule r : rows) {
                if (!conditions.holds(r.conditions(), p, Set.of())) {
                    continue;
                }
                switch (r.source()) {
                    case OPERANDS, NAMES -> {
                        for (Arg a : p.operands) {
                            addName(out, a.text);
                        }
                    }
                    case OPERAND -> {
                        if (r.index() < p.operands.size()) {
                            addName(out, p.operands.get(r.index()).text);
                        }
                    }
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.option()) && u.value() != null) {
                                addName(out, u.value());
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        Section deepest = p.section();
        if (deepest != null && deepest.runs() != null && deepest.runs().assignments()) {
            List<Arg> ops = p.restFrom >= 0 ? p.operands.subList(p.restFrom, p.operands.size()) : p.operands;
            for (Arg a : ops) {
                if (a.text.indexOf('=') <= 0) {
                    break; // the command the wrapper runs
                }
                out.add(a.text.substring(0, a.text.indexOf('=')));
            }
        }
        return out;
    }

    /** Stands, in {@link #removedVariables}, for every variable: a name only known at run time, or all of them. */
    public static final String ANY_VARIABLE = "*";

    /**
     * The variables the command removes from the environment of what it runs or of the shell ({@code unsets} rows:
     * {@code unset NAME}, {@code env -u NAME}), with {@link #ANY_VARIABLE} when it may remove any ({@code unset "$n"})
     * or removes them all ({@code unsets all}: {@code env -i}, {@code env -}, {@code exec -c}).
     */
    public Set<String> removedVariables(List<String> argv) {
        Set<String> out = new LinkedHashSet<>();
        String program = argv == null || argv.isEmpty() ? null : programName(argv.get(0));
        Section s = program == null ? null : rules.program(program);
        if (s == null || s.unsets().isEmpty() && !s.hasSubs()) {
            return out;   // most commands remove nothing: no need to parse their words
        }
        ParsedArgs p = parsed(argv);
        if (p == null) {
            return out;
        }
        Conditions conditions = new Conditions(rules);
        for (Section x : p.path) {
            for (AssignRule r : x.unsets()) {
                if (!conditions.holds(r.conditions(), p, Set.of())) {
                    continue;
                }
                List<String> named = new ArrayList<>();
                switch (r.source()) {
                    case ALL -> out.add(ANY_VARIABLE);
                    case NAMES, OPERANDS -> {
                        for (Arg a : p.operands) {
                            named.add(a.text);
                        }
                    }
                    case OPERAND -> {
                        if (r.index() < p.operands.size()) {
                            named.add(p.operands.get(r.index()).text);
                        }
                    }
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.option()) && u.value() != null) {
                                named.add(u.value());
                            }
                        }
                    }
                }
                for (String w : named) {
                    if (w.indexOf('$') >= 0 || w.indexOf('`') >= 0) {
                        out.add(ANY_VARIABLE);   // only known at run time
                    } else {
                        addName(out, w);
                    }
                }
            }
        }
        return out;
    }

    /** The argv parsed by the rules of its program, or null when the rules do not know it. */
    private ParsedArgs parsed(List<String> argv) {
        if (argv == null || argv.isEmpty()) {
            return null;
        }
        String program = programName(argv.get(0));
        Section s = program == null ? null : rules.program(program);
        if (s == null) {
            return null;
        }
        List<Arg> words = new ArrayList<>(argv.size());
        for (String w : argv) {
            words.add(Arg.literal(w));
        }
        return OptionParser.parse(s, words);
    }

    private static void addName(Set<String> out, String word) {
        int eq = word.indexOf('=');
        String name = Variables.assignedName(eq > 0 ? word.substring(0, eq) : word);
        if (name != null) {
            out.add(name);
        }
    }
}
