package dev.cmdgate.core.classify;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.shell.ArithForCommand;
import dev.cmdgate.core.shell.ArithmeticCommand;
import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.BraceExpansion;
import dev.cmdgate.core.shell.BraceGroup;
import dev.cmdgate.core.shell.CaseCommand;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.CoprocCommand;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ForCommand;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.PatternChar;
import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.IfCommand;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseError;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.ProcessSubstitution;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Subshell;
import dev.cmdgate.core.shell.Substitution;
import dev.cmdgate.core.shell.TestCommand;
import dev.cmdgate.core.shell.WhileCommand;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks a parsed shell script (package {@code dev.cmdgate.core.shell}) and hands every simple
 * command, with its words expanded as far as they can be statically, to {@link Analysis}.
 * Substitutions, here-documents, function bodies and compound commands are all visited.
 */
final class ShellAnalysis {

    /** Nesting bound passed to the parser: deeper input fails closed as a parse error. */
    static final int PARSE_DEPTH = 100;
    static final int BRACE_CAP = Word.DEFAULT_BRACE_CAP;

    private final Analysis a;
    private final String src;
    /** The values of expansions with an operator, where the variable's value is known. */
    private final ExpansionValues values;
    /** The operators' work bound was raised already (once is enough). */
    private boolean operatorsRaised;

    private ShellAnalysis(Analysis a, String src) {
        this.a = a;
        this.src = src;
        this.values = new ExpansionValues(a);
    }

    /** Parses and classifies {@code code} as a shell script in context {@code ctx}. */
    static void script(Analysis a, String code, Analysis.Ctx ctx) {
        if (code.indexOf('\0') >= 0) {
            // bash and C strings would cut the script at the NUL: what runs is not what is shown
            a.raise(code, ctx.loc(), a.setting("parse-error"), "the script contains a NUL byte");
        }
        ParseResult r = ShellParser.parse(code, PARSE_DEPTH);
        ShellAnalysis s = new ShellAnalysis(a, code);
        if (!r.ok()) {
            ParseError e = r.errors().get(0);
            a.raise(code, ctx.loc(), a.setting("parse-error"), e.message() + " at offset " + e.offset());
            a.receiversUnknown = true;   // what the shell would run is not all known: nobody can vouch for its environment
        }
        DefinedFunctions outer = a.functions;
        a.functions = r.definesFunction() ? DefinedFunctions.of(r.script(), code) : DefinedFunctions.NONE;
        try {
            s.script(r.script(), ctx);
        } finally {
            a.functions = outer;
        }
    }

    /** Classifies a function body rewritten for one call ({@link FunctionCalls}), with the script's functions. */
    static void calledBody(Analysis a, String code, Analysis.Ctx ctx) {
        ParseResult r = ShellParser.parse(code, PARSE_DEPTH);
        if (!r.ok()) {
            a.raise(code, ctx.loc(), a.setting("parse-error"), r.errors().get(0).message());
            return;
        }
        a.functions.enterBody();
        try {
            new ShellAnalysis(a, code).script(r.script(), ctx);
        } finally {
            a.functions.leaveBody();
        }
    }

    private String loc(Analysis.Ctx ctx, int start, int end) {
        return ctx.loc() + " [" + start + "," + end + ")";
    }

    private String text(int start, int end) {
        int s = Math.max(0, Math.min(start, src.length()));
        int e = Math.max(s, Math.min(end, src.length()));
        return src.substring(s, e);
    }

    private void script(Script s, Analysis.Ctx ctx) {
        for (Statement st : s.statements()) {
            statement(st, ctx);
            a.functions.passed(s, st);
            if (a.budget.exhausted) {
                return;
            }
        }
    }

    private void statement(Statement st, Analysis.Ctx ctx) {
        for (Pipeline p : st.pipelines()) {
            int id = a.nextPipeline++;
            List<Command> cmds = p.commands();
            for (int i = 0; i < cmds.size(); i++) {
                Analysis.Stdin in = i == 0 ? ctx.stdin() : Analysis.Stdin.PIPE;
                PipedWords outer = a.piped;
                // echo /proc/$PPID/environ | xargs cat: what an echo or printf before prints is xargs's words
                a.piped = i > 0 && cmds.get(i - 1) == a.lastSimple ? PipedWords.of(a, a.lastWords, id, i)
                        : i == 0 && outer != null ? outer.inherited(ctx, id) : null; // echo P | while read l …
                try {
                    command(cmds.get(i), new Analysis.Ctx(ctx.loc(), ctx.depth(), id, i, in));
                } finally {
                    a.piped = outer;
                }
                if (a.budget.exhausted) {
                    return;
                }
            }
        }
    }

    private void command(Command c, Analysis.Ctx ctx) {
        if (c instanceof SimpleCommand sc) {
            simple(sc, ctx);
            return;
        }
        Site site = new Site(ctx, text(c.start(), Math.min(c.end(), c.start() + 200)), loc(ctx, c.start(), c.end()));
        List<String> net = new ArrayList<>();
        java.util.Map<Integer, Analysis.Stdin> outerDescriptors = a.descriptors;
        try {
            compound(c, ctx, site, net);
        } finally {
            a.descriptors = outerDescriptors;
        }
    }

    private void compound(Command c, Analysis.Ctx ctx, Site site, List<String> net) {
        Analysis.Stdin in = redirects(c.redirects(), site, net);
        Analysis.Ctx inner = ctx.withStdin(in);
        if (c instanceof Subshell s) {
            script(s.body(), inner);
        } else if (c instanceof BraceGroup g) {
            script(g.body(), inner);
        } else if (c instanceof IfCommand f) {
            for (IfCommand.Branch b : f.branches()) {
                script(b.condition(), inner);
                script(b.body(), inner);
            }
            if (f.elseBody() != null) {
                script(f.elseBody(), inner);
            }
        } else if (c instanceof WhileCommand w) {
            script(w.condition(), inner);
            script(w.body(), inner);
        } else if (c instanceof ForCommand f) {
            if (f.items() != null) {
                for (Word w : f.items()) {
                    substitutions(w, ctx);
                }
            }
            loopVariable(f, site);
            script(f.body(), inner);
        } else if (c instanceof ArithForCommand f) {
            a.variables.arithmeticUse(text(f.start(), f.end()), site);
            a.variables.arithmeticAssignments(text(f.start(), f.end()), site);
            substitutions(f.init(), ctx);
            substitutions(f.condition(), ctx);
            substitutions(f.update(), ctx);
            script(f.body(), inner);
        } else if (c instanceof CaseCommand cc) {
            substitutions(cc.subject(), ctx);
            for (CaseCommand.Item it : cc.items()) {
                for (Word w : it.patterns()) {
                    substitutions(w, ctx);
                }
                script(it.body(), inner);
            }
        } else if (c instanceof FunctionDefinition f) {
            if (isForkBomb(f)) {
                a.raise(site, a.setting("fork-bomb"), "function " + f.name() + " starts copies of itself");
            }
            a.functions.enterBody();
            try {
                command(f.body(), new Analysis.Ctx(ctx.loc() + " > function " + f.name(), ctx.depth(), ctx.pipeline(),
                        ctx.stage(), Analysis.Stdin.TERMINAL));
            } finally {
                a.functions.leaveBody();
            }
        } else if (c instanceof ArithmeticCommand ac) {
            a.variables.arithmeticUse(text(ac.start(), ac.end()), site);
            a.variables.arithmeticAssignments(text(ac.start(), ac.end()), site);
            substitutions(ac.expression(), ctx);
        } else if (c instanceof TestCommand t) {
            List<Word> words = t.words();
            boolean arithmetic = false;
            for (int i = 0; i < words.size(); i++) {
                String op = words.get(i).literalValue();
                if (op != null && ARITH_TEST_OPS.contains(op)) {
                    // [[ $x -eq 0 ]]: both operands are evaluated as arithmetic
                    if (!arithmetic) {
                        a.variables.arithmeticUse(text(t.start(), t.end()), site);
                        arithmetic = true;
                    }
                    subscriptCode(words, i - 1, site);
                    subscriptCode(words, i + 1, site);
                } else if (op != null && NAME_TEST_OPS.contains(op)) {
                    // [[ -v 'a[…]' ]]: the name's subscript is evaluated as arithmetic
                    subscriptCode(words, i + 1, site);
                }
            }
            for (Word w : t.words()) {
                substitutions(w, ctx);
            }
        } else if (c instanceof CoprocCommand co) {
            command(co.body(), inner);
        }
    }

    /**
     * {@code for NAME in WORDS}, {@code select NAME in WORDS}: the loop sets NAME to each word in turn
     * (to the positional parameters without {@code in}).
     */
    private void loopVariable(ForCommand f, Site site) {
        if (f.variable() == null) {
            return;
        }
        String how = "is set by " + (f.select() ? "select" : "for");
        if (f.items() == null || f.items().isEmpty() || f.items().size() > 64) {
            a.variables.set(f.variable(), "$(…)", true, false, site, how);
            return;
        }
        for (Word w : f.items()) {
            Arg v = arg(w);
            boolean known = !v.unresolved() && !w.hasGlob();
            a.variables.set(f.variable(), v.text, !known, false, site, how);
            String target = known ? null : a.env.resolve(f.variable());
            if (target != null) {
                // for f in /proc/$PPID/e*: $f is one of the names the word expands to, quoted or not
                StringBuilder pat = new StringBuilder();
                appendPattern(w.parts(), pat);
                a.env.partial(target, new EnvState.Partial(v.text, pat.toString(), w.hasGlob()));
                // for f in $(find /home -name .netrc): $f is a path below /home ending in .netrc
                for (Arg found : FoundNames.of(a, this, w)) {
                    a.env.partial(target, new EnvState.Partial(found.text, FoundNames.pattern(found.text), false));
                }
                // for f in ${g//x/}: $f is each field of the word's value where the line's values make it known
                for (Arg r : resolvedArgs(w)) {
                    if (!r.unresolved() && r.pattern == null) {
                        a.env.literal(target, r.text);
                    }
                }
            }
        }
    }

    /**
     * The walk of {@link #expansions}: a class, not a lambda, because it runs for every word of a JVM's first
     * shell line, where a lambda is a class spun first.
     */
    private static final class EffectfulExpansions implements java.util.function.Predicate<dev.cmdgate.core.shell.Node> {
        final List<WordPart> found = new ArrayList<>(0);
        boolean prompt;

        @Override
        public boolean test(dev.cmdgate.core.shell.Node n) {
            if (n instanceof Substitution) {
                return false; // nested scripts are walked on their own
            }
            if (n instanceof ParameterExpansion pe) {
                if ("@".equals(pe.operator()) && !pe.arguments().isEmpty()
                        && "P".equals(pe.arguments().get(0).literalValue())) {
                    prompt = true;
                } else if (("=".equals(pe.operator()) || ":=".equals(pe.operator())) && !pe.indirect()
                        && Variables.isName(pe.name()) && found.size() < 64) {
                    found.add(pe);
                }
            } else if (n instanceof ArithmeticExpansion ae && found.size() < 64) {
                found.add(ae);
            }
            return true;
        }
    }

    private static final java.util.Set<String> ARITH_TEST_OPS = java.util.Set.of("-eq", "-ne", "-lt", "-le", "-gt", "-ge");
    private static final java.util.Set<String> NAME_TEST_OPS = java.util.Set.of("-v", "-R");

    /**
     * An operand of {@code [[ ]]} that bash evaluates as arithmetic or as a variable's name, written as text: an
     * array subscript in it is expanded, so {@code [[ 'a[$(cmd)]' -eq 0 ]]} runs cmd. Such a text is judged as the
     * code of its command substitutions.
     */
    private void subscriptCode(List<Word> words, int i, Site site) {
        if (i < 0 || i >= words.size()) {
            return;
        }
        String v = words.get(i).literalValue();
        if (v != null && v.indexOf('[') >= 0 && (v.contains("$(") || v.indexOf('`') >= 0)) {
            a.variables.arithmeticText(v, site, "arithmetic text " + v);
        }
    }

    /** A function whose body runs itself in a pipeline or in the background. */
    private static boolean isForkBomb(FunctionDefinition f) {
        String name = f.name();
        boolean[] bomb = {false};
        ShellWalker.walk(f.body(), n -> {
            if (n instanceof Statement st) {
                for (Pipeline p : st.pipelines()) {
                    boolean calls = false;
                    for (Command c : p.commands()) {
                        if (c instanceof SimpleCommand sc && name.equals(sc.commandName())) {
                            calls = true;
                        }
                    }
                    if (calls && (p.commands().size() > 1 || st.background())) {
                        bomb[0] = true;
                    }
                }
            }
            return !bomb[0];
        });
        return bomb[0];
    }

    private void simple(SimpleCommand sc, Analysis.Ctx ctx) {
        Site site = new Site(ctx, text(sc.start(), sc.end()), loc(ctx, sc.start(), sc.end()));
        Map<String, String> assigns = sc.assignments().isEmpty() ? Map.of() : new LinkedHashMap<>();
        // NAME=value alone sets a shell variable; before a command word it is in that command's environment
        boolean inline = !sc.words().isEmpty();
        for (Assignment as : sc.assignments()) {
            String v = "";
            boolean dyn = false;
            if (as.value() != null) {
                Arg va = arg(as.value());
                v = va.text;
                dyn = va.unresolved();
            }
            String arrayTarget = as.isArray() || as.subscript() != null ? a.env.resolve(as.name()) : null;
            if (as.isArray()) {
                // NAME=(…): $NAME is its first element (NAME+=(…) leaves it as it was)
                List<String> elements = arrayElements(as.array());
                v = elements == null || as.append() ? "$(…)" : elements.isEmpty() ? "" : elements.get(0);
                dyn = elements == null || as.append();
                if (arrayTarget != null && as.append()) {
                    // NAME+=(…): more elements after those it had
                    List<String> had = a.env.array(arrayTarget);
                    List<String> all = null;
                    if (had != null && elements != null) {
                        all = new ArrayList<>(had);
                        all.addAll(elements);
                    }
                    a.env.appendArray(arrayTarget, all);
                } else if (arrayTarget != null) {
                    a.env.array(arrayTarget, elements);
                }
            } else if (arrayTarget != null) {
                a.env.array(arrayTarget, null);   // NAME[k]=v changes one element
            } else if (as.append()) {
                // NAME+=v: each value it may have had, then each value v may have
                String target = a.env.resolve(as.name());
                List<String> before = target == null ? List.of() : List.copyOf(a.env.literals(target));
                List<String> tails = new ArrayList<>(1);
                if (!dyn) {
                    tails.add(v);
                } else if (as.value() != null) {
                    for (Arg r : resolvedArgs(as.value())) {
                        if (!r.unresolved()) {
                            tails.add(r.text);
                        }
                    }
                }
                for (String p : before) {
                    for (String t : tails) {
                        a.env.literal(target, p + t);
                    }
                }
                v = (before.isEmpty() ? "$(…)" : before.get(before.size() - 1)) + v;
                dyn |= before.isEmpty();
            }
            assigns.put(as.name(), v);
            a.variables.set(as.name(), v, dyn, inline, site,
                    inline ? "is set for the command" : "is assigned");
            if (dyn && as.value() != null && as.subscript() == null) {
                String target = a.env.resolve(as.name());
                if (target != null) {
                    // x=/proc/$PPID/environ; cat $x reads what cat /proc/$PPID/environ reads
                    StringBuilder pat = new StringBuilder(as.append() ? "*" : "");
                    appendPattern(as.value().parts(), pat);
                    a.env.partial(target, new EnvState.Partial(v, pat.toString(), false));
                }
                for (Arg r : as.append() ? List.<Arg>of() : resolvedArgs(as.value())) {
                    if (target != null && !r.unresolved()) {
                        a.env.literal(target, r.text); // B=$A/x after A=~/.ssh: B may be ~/.ssh/x
                    }
                }
            }
            if (as.subscript() != null) {
                a.variables.arithmeticUse(text(as.subscript().start(), as.subscript().end()), site);
            }
            for (var n : as.children()) {
                if (n instanceof Word w) {
                    substitutions(w, ctx);
                }
            }
        }
        List<Arg> words = new ArrayList<>(sc.words().size());
        // the same words with every ${X:-default} (and :=, :+, -, =, +) replaced by its literal word:
        // rm ${X:--rf} ~ may be rm -rf ~ (null while no word has such an expansion)
        List<Arg> defaults = null;
        boolean[] altDynamic = new boolean[1];
        for (Word w : sc.words()) {
            altDynamic[0] = false;
            int before = words.size();
            String lit = w.literalValue();
            String alt = null;
            if (lit == null) {
                substitutions(w, ctx);
                alt = alternative(w.parts(), 0, altDynamic);
            } else if (a.env.hasCodeValues()) {
                // a literal word can name one too: declare -i n=x, unset 'a[x]'
                a.variables.mentionedCodeValues(text(w.start(), w.end()), site, new HashSet<>());
            }
            expand(w, lit, -1, words, site);
            if (lit == null && words.size() == before + 1) {
                List<Arg> printer = substitutionPrinter(w);
                if (printer != null) {
                    a.substitutedFiles.put(words.get(before), printer); // xargs -a <(echo …), parallel :::: <(…)
                }
            }
            if (alt != null && defaults == null) {
                defaults = new ArrayList<>(words.subList(0, before));
            }
            if (defaults != null) {
                if (alt != null) {
                    defaults.add(new Arg(alt, altDynamic[0], false, w.start(), w.end()));
                } else {
                    defaults.addAll(words.subList(before, words.size()));
                }
            }
        }
        // the same words with every command substitution whose output is a pure function of literals replaced by
        // that output: cat $(printf '/%s/%s' etc shadow) is cat /etc/shadow (null while no word has one)
        List<Arg> printed = printedWords(sc.words(), site);
        // the same words with the variables the script gave literal values resolved: export F=~/.ssh/x;
        // tee $F is tee ~/.ssh/x (one list per value when a variable was given several: the worst counts)
        List<List<Arg>> resolved = a.env.hasLiterals() ? resolvedWords(sc.words(), site) : List.of();
        if (a.budget.operatorsOverBudget() && !operatorsRaised) {
            operatorsRaised = true;
            a.raise(site, a.setting("too-deep"), "parameter expansions take more than " + Budget.MAX_OPERATOR_WORK
                    + " pattern-matching steps in all");
        }
        if (a.env.keyword && words.size() > 1) {
            // set -k: a NAME=value word anywhere in the command is an assignment for it
            for (int i = 1; i < words.size(); i++) {
                Arg w = words.get(i);
                int eq = w.text.indexOf('=');
                if (eq > 0 && Variables.isName(w.text.substring(0, eq))) {
                    String v = w.text.substring(eq + 1);
                    if (assigns.isEmpty()) {
                        assigns = new LinkedHashMap<>();
                    }
                    assigns.put(w.text.substring(0, eq), v);
                    a.variables.set(w.text.substring(0, eq), v, w.unresolved(), true, site,
                            "is set for the command (set -k makes NAME=value arguments assignments)");
                }
            }
        }
        if (!words.isEmpty() && words.get(0).text.equals("let") && !words.get(0).dynamic) {
            a.variables.arithmeticUse(text(sc.start(), sc.end()).substring(Math.min(3, sc.end() - sc.start())), site);
        }
        CommandClass outerMax = a.commandMax;
        List<String> outerWritten = a.written;
        boolean outerToFile = a.outputToFile;
        PipedWords outerPiped = a.piped;
        a.commandMax = CommandClass.READ;
        a.written = new ArrayList<>();
        a.outputToFile = outerToFile || outputToFile(sc.redirects());
        java.util.Map<Integer, Analysis.Stdin> outerDescriptors = a.descriptors;
        try {
            List<String> net = new ArrayList<>();
            Analysis.Stdin in = redirects(sc.redirects(), site, net);
            Site withInput = site.withStdin(in);
            if (in != ctx.stdin()) {
                // xargs cat <<< /etc/shadow: the command's own input takes the place of any pipe
                a.piped = InputWords.of(a, this, sc.redirects(), in, ctx);
            }
            a.argfiles.nextCommand();
            a.command(words, assigns, withInput, net);
            if (defaults != null && !a.budget.exhausted) {
                // judged again as if each expansion gave its default word (an option, a path …)
                a.command(defaults, assigns, withInput.at(site.location() + " (with the expansions' default words)"),
                        net);
            }
            if (printed != null && !a.budget.exhausted) {
                a.command(printed, assigns, withInput.at(site.location() + " (with the substitutions' outputs)"), net);
            }
            for (List<Arg> r : resolved) {
                if (a.budget.exhausted) {
                    break;
                }
                // judged again with the values the script gave its variables
                a.command(r, assigns, withInput.at(site.location() + " (with the variables' values)"), net);
            }
            if (a.commandMax.atLeast(CommandClass.NETWORK)) {
                // curl -o x URL, wget -O x URL, nc host port > x: the file holds what the network sent
                a.scriptFiles.downloaded(a.written);
            }
            if (!a.written.isEmpty() && !sc.redirects().isEmpty()) {
                // echo '…' > f.go, cat > f.py <<'EOF': the text is remembered for a later run of the file
                List<Arg> outs = new ArrayList<>(1);
                List<Boolean> appends = new ArrayList<>(1);
                List<Arg> others = new ArrayList<>(0);
                for (Redirect r : sc.redirects()) {
                    if (!r.isOutput() || r.op() == Redirect.Op.READ_WRITE || r.isFdDuplication() || r.target() == null
                            || hasProcessSubstitution(r.target())) {
                        continue;
                    }
                    boolean append = r.op() == Redirect.Op.APPEND || r.op() == Redirect.Op.APPEND_ALL;
                    boolean stdout = (r.fd() == -1 || r.fd() == 1) && r.op() != Redirect.Op.OUT_ALL
                            && r.op() != Redirect.Op.APPEND_ALL && r.op() != Redirect.Op.DUP_OUT;
                    if (stdout) {
                        outs.add(arg(r.target()));
                        appends.add(append);
                    } else {
                        others.add(arg(r.target()));
                    }
                }
                a.files.rememberOutput(words, in, outs, appends, others);
            }
        } finally {
            a.commandMax = outerMax.max(a.commandMax);
            a.written = outerWritten;
            a.outputToFile = outerToFile;
            a.piped = outerPiped;
            a.descriptors = outerDescriptors;
        }
        a.lastSimple = sc;
        a.lastWords = words;
    }

    /** The elements of {@code NAME=(…)} when each is a plain literal word; null otherwise. */
    private static List<String> arrayElements(List<Word> words) {
        List<String> out = new ArrayList<>(words.size());
        for (Word w : words) {
            String lit = w.literalValue();
            if (lit == null || w.hasGlob() || lit.indexOf('{') >= 0 || lit.startsWith("[")) {
                return null;
            }
            out.add(lit);
        }
        return out;
    }

    /**
     * Whether the redirections send the command's standard output into a file: one named by a literal word, not a
     * device under /dev (but /dev/null, which keeps it from anyone), not a process substitution.
     */
    private static boolean outputToFile(List<Redirect> rs) {
        boolean toFile = false;
        for (Redirect r : rs) {
            Redirect.Op op = r.op();
            boolean stdout = (r.fd() == -1 || r.fd() == 1)
                    && (op == Redirect.Op.OUT || op == Redirect.Op.APPEND || op == Redirect.Op.CLOBBER
                    || op == Redirect.Op.OUT_ALL || op == Redirect.Op.APPEND_ALL || op == Redirect.Op.DUP_OUT);
            if (!stdout) {
                continue;
            }
            String target = r.target() == null || r.isFdDuplication() ? null : r.target().literalValue();
            // the last redirection of the output wins: >f >&2 shows it again
            toFile = target != null && (!target.startsWith("/dev/") || target.equals("/dev/null"));
        }
        return toFile;
    }

    /**
     * The words with each command substitution evaluated by {@link SubstitutionOutput} replaced by its output (a
     * word that is one unquoted substitution is split at blanks, as the shell splits it); null when no word has one
     * that could be evaluated. A substitution through a decoder ({@code base64 -d}, {@code xxd -r}, {@code rev},
     * {@code tr}) whose output cannot be followed makes a word built to hide what it is: at least an unknown
     * program's verdict.
     */
    private List<Arg> printedWords(List<Word> ws, Site site) {
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
                expand(w, lit, -1, out, site);
                continue;
            }
            int[] counts = new int[2]; // evaluated, decoded but not followed
            StringBuilder b = new StringBuilder();
            boolean unknown = renderPrinted(w.parts(), b, outputs, counts);
            if (counts[1] > 0) {
                a.raise(site, a.setting("unknown-program"), "the word " + text(w.start(), w.end())
                        + " is decoded or transformed at run time from what cmdgate cannot follow");
            }
            if (counts[0] == 0) {
                out.add(arg(w));
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
     * Whether some part is a command substitution or an expansion with an operator (<code>${NAME:OFF:LEN}</code>,
     * <code>${NAME//x/}</code> …) cmdgate may evaluate.
     */
    private static boolean evaluable(List<WordPart> parts) {
        for (WordPart p : parts) {
            if (p instanceof CommandSubstitution || p instanceof DoubleQuoted d && evaluable(d.parts())
                    || p instanceof ParameterExpansion pe && !plain(pe)) {
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
            } else if (p instanceof ParameterExpansion pe && !plain(pe) && values.single(pe) != null) {
                // its one value: the line's literal value of the variable, or the launch's HOME or PWD
                b.append(values.single(pe));
                counts[0]++;
            } else {
                render(List.of(p), b);
                unknown = true;
            }
        }
        return unknown;
    }

    /** Operators whose argument word can be the expansion's value: ${x:-w} ${x-w} ${x:=w} ${x=w} ${x:+w} ${x+w}. */
    private static final java.util.Set<String> DEFAULTING = java.util.Set.of(":-", "-", ":=", "=", ":+", "+");

    /**
     * The word's value when every defaulting expansion in it gives its argument word, or null when it has none or
     * some part cannot be written ({@code ${X:--rf}} → {@code -rf}, {@code "${X:-"-delete"}"} → {@code -delete},
     * {@code a${X:+b}} → {@code ab}); another expansion is kept as rendered and sets {@code dynamic[0]}
     * ({@code /proc/$PPID/${x:-environ}} → {@code /proc/$PPID/environ}, a path only known in part).
     */
    static String alternative(List<WordPart> parts, int depth, boolean[] dynamic) {
        if (depth > 8) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        boolean any = false;
        for (WordPart p : parts) {
            // a glob is left to the word as written, which marks where pathname expansion may make options
            String text = p instanceof PatternChar ? null : WordPart.staticText(p);
            if (text != null) {
                b.append(text);
            } else if (p instanceof DoubleQuoted d) {
                String inner = alternative(d.parts(), depth + 1, dynamic);
                if (inner == null) {
                    return null;
                }
                b.append(inner);
                any |= containsDefaulting(d.parts());
            } else if (p instanceof ParameterExpansion pe && pe.operator() != null && DEFAULTING.contains(pe.operator())
                    && pe.arguments().size() == 1 && !pe.length() && !pe.indirect()) {
                Word arg = pe.arguments().get(0);
                String v = arg.literalValue();
                if (v == null) {
                    v = alternative(arg.parts(), depth + 1, dynamic);
                }
                if (v == null) {
                    return null;
                }
                b.append(v);
                any = true;
            } else if (p instanceof ParameterExpansion || p instanceof CommandSubstitution
                    || p instanceof ArithmeticExpansion) {
                // another expansion stays one only known at run time: /proc/$PPID/${x:-environ}
                render(List.of(p), b);
                dynamic[0] = true;
            } else {
                return null;
            }
        }
        return any || depth > 0 ? b.toString() : null;
    }

    private static boolean containsDefaulting(List<WordPart> parts) {
        for (WordPart p : parts) {
            if (p instanceof ParameterExpansion pe && pe.operator() != null && DEFAULTING.contains(pe.operator())) {
                return true;
            }
        }
        return false;
    }

    /** Checks redirections; returns the standard input they give the command. */
    private Analysis.Stdin redirects(List<Redirect> rs, Site site, List<String> net) {
        Analysis.Ctx ctx = site.ctx();
        Analysis.Stdin in = ctx.stdin();
        for (Redirect r : rs) {
            if (r.target() != null) {
                substitutions(r.target(), ctx);
            }
            Analysis.Stdin before = in;
            in = redirect(r, in, site, net);
            if (r.fd() > 0) {
                // 3<<< '…', 3< f: what the descriptor holds; the standard input stays as it was
                descriptor(r.fd(), r.isOutput() ? Analysis.Stdin.HIDDEN
                        : r.op() == Redirect.Op.DUP_IN ? ("0".equals(r.target() == null ? null : r.target().literalValue())
                                ? before : Analysis.Stdin.HIDDEN)
                        : in);
                in = before;
            }
        }
        return in;
    }

    /** Records what descriptor {@code fd} (above 0) holds for the command and what it runs. */
    private void descriptor(int fd, Analysis.Stdin holds) {
        java.util.Map<Integer, Analysis.Stdin> fds = new java.util.HashMap<>(a.descriptors);
        fds.put(fd, holds);
        a.descriptors = fds;
    }

    /** Checks one redirection; returns the input it gives the descriptor it opens (as standard input). */
    private Analysis.Stdin redirect(Redirect r, Analysis.Stdin current, Site site, List<String> net) {
        Analysis.Ctx ctx = site.ctx();
        Analysis.Stdin in = current;
        {
            boolean stdinFd = r.fd() == -1 || r.fd() == 0 || r.fd() > 0 && !r.isOutput();
            switch (r.op()) {
                case HEREDOC, HEREDOC_STRIP -> {
                    HereDoc hd = r.hereDoc();
                    if (hd != null) {
                        substitutions(hd.body(), ctx);
                        if (stdinFd) {
                            boolean literal = hd.quoted() || hd.body().isStatic();
                            in = new Analysis.Stdin(Analysis.StdinKind.HEREDOC, hd.text(), literal);
                        }
                    }
                }
                case HERESTRING -> {
                    if (stdinFd && r.target() != null) {
                        String v = r.target().literalValue();
                        in = new Analysis.Stdin(Analysis.StdinKind.HEREDOC, v == null ? "" : v + "\n", v != null);
                    }
                }
                case IN -> {
                    Arg t = r.target() == null ? Arg.literal("") : arg(r.target());
                    String p = a.files.networkTarget(t);
                    boolean procSubst = r.target() != null && hasProcessSubstitution(r.target());
                    if (p != null) {
                        a.raise(site, a.setting("network-device"), p);
                        net.add("<" + p);
                        if (stdinFd) {
                            in = Analysis.Stdin.PIPE;
                        }
                    } else if (stdinFd) {
                        // the file's name is kept: running a file downloaded earlier in the script is judged
                        String path = PathText.normalize(t.text);
                        in = procSubst ? Analysis.Stdin.PIPE
                                : t.unresolved() || a.code.isHiddenSource(path) ? Analysis.Stdin.HIDDEN
                                : path.equals("/dev/null") ? Analysis.Stdin.NONE
                                : new Analysis.Stdin(Analysis.StdinKind.FILE, t.text, false);
                    }
                    if (p == null && !procSubst) {
                        a.files.readPath(t, false, site);   // < FILE: the command reads it
                        for (Arg v : resolvedArgs(r.target())) {
                            a.files.readPath(v, false, site.at(site.location() + " (with the variables' values)"));
                        }
                    }
                }
                case DUP_IN -> {
                }
                default -> {
                    if (r.isFdDuplication() || r.target() == null) {
                        break;
                    }
                    Arg t = arg(r.target());
                    if (hasProcessSubstitution(r.target())) {
                        break; // >(cmd): the nested script was classified above
                    }
                    String p = a.files.networkTarget(t);
                    if (p != null) {
                        net.add(r.op().token() + p);
                    }
                    Rating v = a.setting("redirect-file");
                    a.files.writePath(t, v, site);
                    for (Arg value : resolvedArgs(r.target())) {
                        a.files.writePath(value, v, site.at(site.location() + " (with the variables' values)"));
                    }
                    if (r.op() == Redirect.Op.READ_WRITE) {
                        if (p == null) {
                            a.files.readPath(t, false, site);   // <> FILE reads it too
                        }
                        if (stdinFd) {
                            in = !net.isEmpty() ? Analysis.Stdin.PIPE
                                    : !t.unresolved() && a.code.isHiddenSource(PathText.normalize(t.text)) ? Analysis.Stdin.HIDDEN
                                    : Analysis.Stdin.FILE;
                        }
                    }
                }
            }
        }
        return in;
    }

    private static boolean hasProcessSubstitution(Word w) {
        for (WordPart p : w.parts()) {
            if (p instanceof ProcessSubstitution) {
                return true;
            }
        }
        return false;
    }

    /** Classifies every substitution in a word (they run while the word is expanded). */
    private void substitutions(Word w, Analysis.Ctx ctx) {
        if (w == null) {
            return;
        }
        expansions(w, ctx);
        if (a.env.hasCodeValues()) {
            // $(( x )) and ${arr[x]}: variable values are evaluated as arithmetic
            List<int[]> spans = new ArrayList<>();
            ShellWalker.walk(w, n -> {
                if (n instanceof Substitution) {
                    return false;
                }
                if (n instanceof ArithmeticExpansion ae) {
                    spans.add(new int[] {ae.start(), ae.end()});
                } else if (n instanceof ParameterExpansion pe && pe.subscript() != null) {
                    spans.add(new int[] {pe.subscript().start(), pe.subscript().end()});
                }
                return true;
            });
            Site site = new Site(ctx, text(w.start(), w.end()), loc(ctx, w.start(), w.end()));
            Set<String> ran = new HashSet<>();
            for (int[] sp : spans) {
                a.variables.arithmeticUse(text(sp[0], sp[1]), site, ran);
            }
            a.variables.mentionedCodeValues(text(w.start(), w.end()), site, ran);
        }
        for (Substitution s : w.substitutions()) {
            if (a.budget.exhausted) {
                return;
            }
            boolean output = s instanceof ProcessSubstitution ps && ps.output();
            String kind = s instanceof ProcessSubstitution ps2 ? (ps2.output() ? ">(…)" : "<(…)") : "$(…)";
            Analysis.Ctx inner = new Analysis.Ctx(ctx.loc() + " > " + kind + " [" + s.start() + "," + s.end() + ")",
                    ctx.depth(), ctx.pipeline(), ctx.stage(), output ? Analysis.Stdin.PIPE : ctx.stdin());
            script(s.script(), inner);
            if (s instanceof ProcessSubstitution ps && !ps.output() && printsLast(s.script())) {
                printers.put(ps, a.lastWords);
            }
        }
    }

    /** The simple commands that print each input process substitution judged, when it is one ({@link #printsLast}). */
    private final Map<ProcessSubstitution, List<Arg>> printers = new java.util.IdentityHashMap<>();

    /** Whether the script is one command, just judged, whose output is the script's: {@code echo …} alone. */
    private boolean printsLast(Script script) {
        if (script == null || script.statements().size() != 1) {
            return false;
        }
        Statement st = script.statements().get(0);
        return st.pipelines().size() == 1 && !st.background() && st.pipelines().get(0).commands().size() == 1
                && st.pipelines().get(0).commands().get(0) == a.lastSimple;
    }

    /**
     * The words of the command printing the word's input process substitution, when the word ends in one and is
     * otherwise literal text ({@code <(…)}, {@code --arg-file=<(…)}).
     */
    List<Arg> substitutionPrinter(Word w) {
        List<WordPart> parts = w.parts();
        int n = parts.size();
        if (n == 0 || !(parts.get(n - 1) instanceof ProcessSubstitution ps)) {
            return null;
        }
        for (int i = 0; i < n - 1; i++) {
            if (WordPart.staticText(parts.get(i)) == null) {
                return null;
            }
        }
        return printers.get(ps);
    }

    /**
     * Expansions with effects beyond their value, found in one walk of the word: <code>${NAME=word}</code>
     * and <code>${NAME:=word}</code> set NAME when it is unset (or empty); arithmetic expansions may
     * assign ({@code $(( NAME = 1 ))}); {@code ${x@P}} expands the variable's value as a prompt string,
     * which runs the command substitutions in it (code only known at run time).
     */
    private void expansions(Word w, Analysis.Ctx ctx) {
        EffectfulExpansions effects = new EffectfulExpansions();
        ShellWalker.walk(w, effects);
        List<WordPart> found = effects.found;
        if (!effects.prompt && found.isEmpty()) {
            return;
        }
        Site site = new Site(ctx, text(w.start(), w.end()), loc(ctx, w.start(), w.end()));
        if (effects.prompt) {
            a.raise(site, a.setting("dynamic-code"), "${…@P} runs the command substitutions in a variable's value");
        }
        for (WordPart p : found) {
            if (p instanceof ParameterExpansion pe) {
                Arg v = pe.arguments().isEmpty() ? Arg.literal("") : arg(pe.arguments().get(0));
                a.variables.set(pe.name(), v.text, v.unresolved(), false, site, "is assigned by ${…=…}");
            } else {
                a.variables.arithmeticAssignments(text(p.start(), p.end()), site);
            }
        }
    }

    /**
     * The command's words once per literal value of the variables they name ({@link EnvState#literals}),
     * the k-th list taking every variable's k-th value (its last, when it has fewer); empty when no word
     * names such a variable. Expansions the script gave no literal value stay as written.
     */
    private List<List<Arg>> resolvedWords(List<Word> ws, Site site) {
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
    private void expand(Word w, String lit, int k, List<Arg> words, Site site) {
        if (lit != null && lit.indexOf('{') < 0) {
            // no substitution and no brace syntax: the common case, no expansion work
            words.add(new Arg(lit, false, globLead(w, lit), w.start(), w.end(), pattern(w)));
        } else if (!a.budget.mayExpand()) {
            words.add(arg(w));
        } else {
            BraceExpansion be = w.expandBraces(BRACE_CAP);
            if (be.overCap()) {
                a.raise(site, a.setting("too-deep"), "brace expansion makes more than " + BRACE_CAP + " words");
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

    private static boolean plain(ParameterExpansion pe) {
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
        return new Arg(text, true, globLead(w, text), w.start(), w.end(), pattern(w));
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

    private static void appendPattern(List<WordPart> parts, StringBuilder b) {
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

    private static void render(List<WordPart> parts, StringBuilder b) {
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
