package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithForCommand;
import dev.cmdgate.core.shell.ArithmeticCommand;
import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.BraceGroup;
import dev.cmdgate.core.shell.CaseCommand;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CoprocCommand;
import dev.cmdgate.core.shell.ForCommand;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.IfCommand;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseError;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.ProcessSubstitution;
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
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks a parsed shell script (package {@code dev.cmdgate.core.shell}) and hands every simple
 * command, with its words expanded as far as they can be statically, to {@link Analysis}.
 * Substitutions, here-documents, function bodies and compound commands are all visited.
 *
 * <p>This class holds the walk itself (statements, pipelines, compound commands, substitutions); a simple command
 * is judged by {@link SimpleCommands}, its redirections by {@link Redirections}, and its words are made by
 * {@link WordArgs}, {@link DefaultWords} and {@link SubstitutedWords}.
 */
final class ShellAnalysis {

    /** Nesting bound passed to the parser: deeper input fails closed as a parse error. */
    static final int PARSE_DEPTH = 100;
    static final int BRACE_CAP = Word.DEFAULT_BRACE_CAP;

    private final Analysis a;
    private final String src;
    /** What a word stands for: its value, fields and alternatives. */
    private final WordArgs wordArgs;
    /** The files, devices and input a command's redirections name. */
    private final Redirections redirections;
    /** The walk's simple commands. */
    private final SimpleCommands simpleCommands;

    private ShellAnalysis(Analysis a, String src) {
        this.a = a;
        this.src = src;
        // the values of expansions with an operator, where the variable's value is known
        ExpansionValues values = new ExpansionValues(a);
        this.wordArgs = new WordArgs(a, values);
        this.redirections = new Redirections(a, this, wordArgs);
        this.simpleCommands = new SimpleCommands(a, this, wordArgs, new SubstitutedWords(a, this, wordArgs, values),
                redirections);
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
        if (r.definesFunction()) {
            FunctionNames.collect(a, r.script());
        }
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

    String loc(Analysis.Ctx ctx, int start, int end) {
        return ctx.loc() + " [" + start + "," + end + ")";
    }

    String text(int start, int end) {
        int s = Math.max(0, Math.min(start, src.length()));
        int e = Math.max(s, Math.min(end, src.length()));
        return src.substring(s, e);
    }

    private void script(Script s, Analysis.Ctx ctx) {
        List<Statement> sts = s.statements();
        for (int i = 0, n = sts.size(); i < n; i++) {
            Statement st = sts.get(i);
            statement(st, ctx);
            a.functions.passed(s, st);
            PositionalSets sets = a.positionalSetsIfAny();
            if (sets != null) {
                sets.after(this, src, s, i, ctx);
            }
            if (a.budget.exhausted) {
                return;
            }
        }
    }

    private void statement(Statement st, Analysis.Ctx ctx) {
        for (Pipeline p : st.pipelines()) {
            int id = a.nextPipeline++;
            List<Command> cmds = p.commands();
            PipedWords before = null;
            for (int i = 0; i < cmds.size(); i++) {
                Analysis.Stdin in = i == 0 ? ctx.stdin() : Analysis.Stdin.PIPE;
                PipedWords outer = a.piped;
                // echo /proc/$PPID/environ | xargs cat: what an echo or printf before prints is xargs's words
                a.piped = i > 0 && cmds.get(i - 1) == a.lastSimple ? PipedWords.of(a, a.lastWords, id, i)
                        : i == 0 && outer != null ? outer.inherited(ctx, id) : null; // echo P | while read l …
                if (a.piped != null && i > 0) {
                    // ps ax | awk '/x/{print $1}' | xargs kill: the commands the producer itself read from
                    a.piped.after(before);
                }
                before = i > 0 ? a.piped : null;
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
            simpleCommands.simple(sc, ctx);
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
        Analysis.Stdin in = redirections.redirects(c.redirects(), site, net);
        Analysis.Ctx inner = ctx.withStdin(in);
        PipedWords outer = a.piped;
        if (in != ctx.stdin()) {
            // while read l; do …; done < <(echo P): the body's first reader gets what the one command inside prints
            a.piped = InputWords.of(a, this, c.redirects(), in, inner);
        }
        try {
            compoundBody(c, ctx, inner, site);
        } finally {
            a.piped = outer;
        }
    }

    /** A loop's condition, items and body, walked once (its arithmetic is judged again after: {@link LoopArithmetic}). */
    private void loop(Command c, Analysis.Ctx ctx, Analysis.Ctx inner, Site site) {
        if (c instanceof WhileCommand w) {
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
            // only the three expressions are arithmetic (not the words for, do, the body); bash runs the first before
            // the others, so its assignments give them their values
            String init = text(f.init().start(), f.init().end());
            a.variables.arithmeticAssignments(init, site);
            a.variables.arithmeticUse(init, site);
            for (Word w : List.of(f.condition(), f.update())) {
                String expr = text(w.start(), w.end());
                a.variables.arithmeticUse(expr, site);
                a.variables.arithmeticAssignments(expr, site);
            }
            substitutions(f.init(), ctx);
            substitutions(f.condition(), ctx);
            substitutions(f.update(), ctx);
            script(f.body(), inner);
        }
    }

    private void compoundBody(Command c, Analysis.Ctx ctx, Analysis.Ctx inner, Site site) {
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
        } else if (c instanceof WhileCommand || c instanceof ForCommand || c instanceof ArithForCommand) {
            if (EndlessSpawningLoop.of(c)) {
                a.raise(site, a.setting("fork-bomb"), "a loop with no end starts a process in the background each round");
            }
            a.loops().enter();
            try {
                loop(c, ctx, inner, site);
            } finally {
                a.variables.loopEnded();
            }
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
            a.calls.defined(f); // a call after a cd judges it again there
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
                        a.variables.arithmeticCodeValues(text(t.start(), t.end()), site);
                        arithmetic = true;
                    }
                    subscriptCode(words, i - 1, site);
                    subscriptCode(words, i + 1, site);
                    for (int k : new int[] {i - 1, i + 1}) {
                        if (k >= 0 && k < words.size()) {
                            a.variables.runtimeArithmetic(text(words.get(k).start(), words.get(k).end()), site);
                        }
                    }
                } else if (op != null && NAME_TEST_OPS.contains(op)) {
                    // [[ -v 'a[…]' ]]: the name's subscript is evaluated as arithmetic
                    subscriptCode(words, i + 1, site);
                    nameOperand(words, i + 1, site);
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
        boolean anyUnknown = false;
        for (Word w : f.items()) {
            Arg v = wordArgs.arg(w);
            boolean known = !v.unresolved() && !w.hasGlob();
            anyUnknown |= !known;
            a.variables.set(f.variable(), v.text, !known, false, site, how);
            String target = known ? null : a.env.resolve(f.variable());
            if (target != null) {
                // for f in /proc/$PPID/e*: $f is one of the names the word expands to, quoted or not
                StringBuilder pat = new StringBuilder();
                WordArgs.appendPattern(w.parts(), pat);
                a.env.partial(target, new EnvState.Partial(v.text, pat.toString(), w.hasGlob()));
                // for f in $(find /home -name .netrc): $f is a path below /home ending in .netrc
                for (Arg found : FoundNames.of(a, this, w)) {
                    a.env.partial(target, new EnvState.Partial(found.text, FoundNames.pattern(found.text), false));
                }
                // for f in ${g//x/}: $f is each field of the word's value where the line's values make it known
                for (Arg r : wordArgs.resolvedArgs(w)) {
                    if (!r.unresolved() && r.pattern == null) {
                        a.env.literal(target, r.text);
                    }
                }
            }
        }
        String target = anyUnknown ? a.env.resolve(f.variable()) : null;
        if (target != null) {
            // every item is a value the variable takes, not only the last: arithmetic on it sees them all
            a.env.remember(target, "$(…)", true);
            a.env.producer(target, text(f.items().get(0).start(), f.items().get(f.items().size() - 1).end()));
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

    private boolean associative(String name) {
        String target = a.env.resolve(name);
        return target != null && a.env.isAssociative(target);
    }

    /**
     * Whether the text may hold a substring expansion ({@code ${s:x:y}}), whose offset and length are arithmetic: a
     * colon that starts none of the operators {@code :- := :? :+} (a default word is no arithmetic).
     */
    private static boolean maySubstring(String text) {
        for (int i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) {
            char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
            if (next != '-' && next != '=' && next != '?' && next != '+') {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an expansion uses a variable's value as the name of another ({@code ${!x}}, {@code ${!x:-d}}): not a
     * listing of names ({@code ${!prefix@}}, {@code ${!prefix*}}) or of an array's keys ({@code ${!arr[@]}}).
     */
    private static boolean namesAVariable(ParameterExpansion pe) {
        if (!pe.indirect()) {
            return false;
        }
        String op = pe.operator();
        boolean listing = "*".equals(op) || "@".equals(op) && pe.arguments().isEmpty();
        String sub = pe.subscript() == null ? null : pe.subscript().literalValue();
        return !listing && !"@".equals(sub) && !"*".equals(sub);
    }

    /**
     * An operand bash takes as a variable's name ({@code [[ -v $x ]]}, {@code test -v "$x"}): a value only known at
     * run time in it may hold a subscript, which bash evaluates as arithmetic. A literal name is judged by
     * {@link #subscriptCode}.
     */
    void nameOperand(List<Word> words, int i, Site site) {
        if (i < 0 || i >= words.size() || words.get(i).literalValue() != null) {
            return;
        }
        a.variables.runtimeArithmetic(text(words.get(i).start(), words.get(i).end()), site);
    }

    /** A function whose body runs itself in a pipeline or in the background. */
    private static boolean isForkBomb(FunctionDefinition f) {
        String name = f.name();
        boolean[] bomb = {false};
        ShellWalker.walk(f.body(), n -> {
            if (n instanceof Statement st) {
                for (Pipeline p : st.pipelines()) {
                    // a call anywhere inside a stage that runs beside the caller: f | f, f &, (f) &, { f; } | x
                    if ((p.commands().size() > 1 || st.background()) && calls(p, name)) {
                        bomb[0] = true;
                    }
                }
            }
            return !bomb[0];
        });
        return bomb[0];
    }

    /** Whether the node runs the function {@code name} somewhere inside it (not in a function it only defines). */
    private static boolean calls(dev.cmdgate.core.shell.Node node, String name) {
        boolean[] found = {false};
        ShellWalker.walk(node, n -> {
            if (n instanceof FunctionDefinition) {
                return false;
            }
            if (n instanceof SimpleCommand sc && name.equals(sc.commandName())) {
                found[0] = true;
            }
            return !found[0];
        });
        return found[0];
    }

    /** Classifies every substitution in a word (they run while the word is expanded). */
    void substitutions(Word w, Analysis.Ctx ctx) {
        if (w == null) {
            return;
        }
        expansions(w, ctx);
        String whole = text(w.start(), w.end());
        if (a.env.hasRuntimeNamerefs()) {
            NamerefReads.judge(a, w, new Site(ctx, whole, loc(ctx, w.start(), w.end())));
        }
        if (a.env.hasCodeValues() || whole.contains("$((") || whole.contains("$[") || whole.contains("${!")
                || whole.contains("${") && (whole.indexOf('[') >= 0 || maySubstring(whole))) {
            // $(( x )), ${arr[x]} and ${s:x:y}: variable values are evaluated as arithmetic
            List<int[]> spans = new ArrayList<>();
            List<String> names = new ArrayList<>(0);
            ShellWalker.walk(w, n -> {
                if (n instanceof Substitution) {
                    return false;
                }
                if (n instanceof ArithmeticExpansion ae) {
                    spans.add(new int[] {ae.start(), ae.end()});
                } else if (n instanceof ParameterExpansion pe && pe.subscript() != null && !associative(pe.name())) {
                    // an associative array's key is the word itself, not arithmetic
                    spans.add(new int[] {pe.subscript().start(), pe.subscript().end()});
                }
                if (n instanceof ParameterExpansion pe && namesAVariable(pe)) {
                    // ${!x}: x's value is a variable's name, whose subscript bash evaluates as arithmetic
                    names.add("$" + pe.name());
                }
                if (n instanceof ParameterExpansion pe && ":".equals(pe.operator())) {
                    for (Word x : pe.arguments()) {
                        spans.add(new int[] {x.start(), x.end()});
                    }
                }
                return true;
            });
            Site site = new Site(ctx, whole, loc(ctx, w.start(), w.end()));
            Set<String> ran = new HashSet<>();
            for (int[] sp : spans) {
                a.variables.arithmeticUse(text(sp[0], sp[1]), site, ran);
            }
            for (String name : names) {
                a.variables.runtimeArithmetic(name, site);
            }
            if (a.env.hasCodeValues()) {
                a.variables.mentionedCodeValues(whole, site, ran);
            }
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
    private final Map<ProcessSubstitution, List<Arg>> printers = new java.util.IdentityHashMap<>(2);

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
                Arg v = pe.arguments().isEmpty() ? Arg.literal("") : wordArgs.arg(pe.arguments().get(0));
                a.variables.set(pe.name(), v.text, v.unresolved(), false, site, "is assigned by ${…=…}");
            } else {
                a.variables.arithmeticAssignments(text(p.start(), p.end()), site);
            }
        }
    }

    /** {@link WordArgs#arg}. */
    Arg arg(Word w) {
        return wordArgs.arg(w);
    }
}
