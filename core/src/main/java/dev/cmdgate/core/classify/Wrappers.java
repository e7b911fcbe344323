package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RunsRule;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Wrappers: programs whose own work is running a command their arguments name ({@code runs} rows: env, timeout,
 * nice, sudo, xargs, find -exec, docker run IMAGE CMD, kubectl exec POD -- CMD …). Two steps: which words the
 * row points at is a pure function of the row and the parsed arguments ({@link #between}, {@link #target});
 * the command those words make is then judged like any other, with the wrapper's assignments and options
 * judged first. Chains of wrappers are bounded by the budget's wrapper depth and wrapped words.
 */
final class Wrappers {

    /** A command between a start word and an end word ({@code find -exec CMD ;}). */
    record Between(Arg start, List<Arg> words) {
    }

    /** The command a {@code runs} row of the operand form points at, before anything is judged. */
    static final class Target {
        /** Leading {@code NAME=VALUE} operands the wrapper puts in the command's environment (env). */
        final List<Arg> assignments = new ArrayList<>(0);
        /**
         * The wrapper's own options written after its skipped operands ({@code flock FILE -c CMD}), in order;
         * one that takes no value here has a null value.
         */
        final List<ParsedArgs.Use> options = new ArrayList<>(0);
        /** The command's words; empty when there is none. */
        final List<Arg> words = new ArrayList<>();
        /** Whether the command reads the wrapper's standard input (false: it gets none). */
        boolean input;
        /**
         * The arguments written after an {@code args-after} word ({@code parallel CMD ::: A B}) and the files
         * named after an {@code args-files} word ({@code :::: FILE}); empty without such words.
         */
        final List<Arg> given = new ArrayList<>(0);
        final List<Arg> givenFiles = new ArrayList<>(0);

        /** Marks the argument read from the input at run time as the output of these commands. */
        void fedBy(List<List<String>> commands) {
            for (int i = 0; i < words.size(); i++) {
                Arg w = words.get(i);
                if (w.dynamic && w.text.contains(STDIN_WORD)) {
                    words.set(i, w.producedBy(commands));
                }
            }
        }

        /** Whether one of the wrapper's options after its operands, given a value, is {@code name}. */
        boolean hasValued(String name) {
            for (int i = 0, n = options.size(); i < n; i++) {
                ParsedArgs.Use u = options.get(i);
                if (u.value() != null && u.name().equals(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    private final Analysis analysis;

    Wrappers(Analysis analysis) {
        this.analysis = analysis;
    }

    /** Judges the command a runs row points at; returns whether one was found and analysed. */
    boolean runs(RunsRule r, ParsedArgs p, Site site) {
        if (!r.between().isEmpty()) {
            List<Between> commands = between(r, p);
            for (Between b : commands) {
                // the command inherits find's standard input (find . -exec sh \; is an interactive shell)
                Site inner = new Site(site.ctx(), Analysis.joinArgs(b.words()), site.location() + " > " + b.start().text);
                List<Arg> found = foundFiles(b.words(), p.args, r.replace(), r.named());
                List<Arg> words = replacedAtRunTime(b.words(), r.replace(), null);
                analysis.files.standingFor(r.replace(), found);
                try {
                    if (p.section().chdirBetween().contains(b.start().text)) {
                        // find -execdir: run in the directory of each file found
                        analysis.commandInFoundDirectories(words, inner, startingPoints(p.args));
                    } else {
                        ExecutedCommand.judge(analysis, words, Map.of(), inner);
                    }
                } finally {
                    analysis.files.standingFor(List.of(), List.of());
                }
                for (Arg file : found) {
                    // {} is a file below each starting point: find ~/.ssh -exec cat {} + reads ~/.ssh/…
                    analysis.files.readPath(file, true, inner.at(inner.location() + " (a file it finds)"));
                }
            }
            return !commands.isEmpty();
        }
        Target t = target(r, p);
        if (t == null) {
            return false;
        }
        PipedWords input = analysis.piped != null && analysis.piped.feeds(site.ctx()) ? analysis.piped : null;
        if (r.stdinArgs() && input != null) {
            // pgrep auditd | xargs kill: the arguments read at run time are what the command before it prints
            t.fedBy(input.producers());
        }
        Map<String, String> assigns = new LinkedHashMap<>();
        for (Arg as : t.assignments) {
            String text = as.text;
            String n = text.substring(0, text.indexOf('='));
            String v = text.substring(text.indexOf('=') + 1);
            assigns.put(n, v);
            if (n.indexOf('$') >= 0 || n.indexOf('\u2026') >= 0 || n.indexOf('`') >= 0) {
                analysis.variables.unknownName(v, as.unresolved(), site, "env sets a variable whose name is only known at run time");
            } else {
                analysis.variables.set(n, v, as.unresolved(), true, site, "is set by " + p.path.get(0).word());
            }
        }
        for (ParsedArgs.Use u : t.options) {
            OptionSpec o = u.spec();
            if (u.value() == null) {
                if (o.effect() != null) {
                    analysis.raise(site, o.effect(), o.canonical());
                }
                continue;
            }
            boolean isCode = false;
            for (CodeRule c : p.section().codes()) {
                if (c.source() == CodeRule.Source.OPT && c.name().equals(o.canonical())) {
                    isCode |= analysis.code.optionCode(c, u, p, site, new LinkedHashSet<>());
                }
            }
            if (o.effect() != null) {
                analysis.raise(site, o.effect(), u.name() + "=" + u.value());
            }
            if (isCode) {
                return true; // flock FILE -c CMD: the option's value is the command
            }
        }
        if (t.words.isEmpty()) {
            return false;
        }
        if (r.scripts() && isScriptName(t.words.get(0))) {
            return false; // yarn run build: a project script, judged by the wrapper's own verdict
        }
        Budget budget = analysis.budget;
        if (budget.wrappersFull()) {
            // bounded so a chain of 100,000 wrappers costs linear time and no stack, and fails closed
            analysis.raise(site, analysis.setting("too-deep"), "wrappers nested more than " + Budget.MAX_WRAPPER_DEPTH
                    + " deep");
            return false;
        }
        if (!budget.wrapped(t.words.size())) {
            analysis.raise(site, analysis.setting("too-deep"), "wrappers hand on more than " + Budget.MAX_WRAPPED_WORDS
                    + " words in all");
            return false;
        }
        Analysis.Stdin in = t.input ? site.ctx().stdin() : Analysis.Stdin.NONE;
        budget.enterWrapper();
        try {
            ExecutedCommand.judge(analysis, t.words, assigns, new Site(site.ctx().withStdin(in), Analysis.joinArgs(t.words),
                    site.location() + " > " + p.path.get(0).word() + " runs"));
            List<Arg> fed = r.stdinArgs() && !analysis.budget.exhausted ? fedWords(r, p, t, site) : null;
            if (fed != null) {
                // judged again with the words an echo or printf before it pipes in (or a here-string, a file …)
                List<Arg> with = PipedWords.into(t.words, fed);
                if (with != null) {
                    ExecutedCommand.judge(analysis, with, assigns, new Site(site.ctx().withStdin(in), Analysis.joinArgs(with),
                            site.location() + " > " + p.path.get(0).word() + " runs (with the words piped in)"));
                }
            }
        } finally {
            budget.leaveWrapper();
        }
        return true;
    }

    /** The argument an xargs-like wrapper adds from its input, only known at run time. */
    static final String STDIN_WORD = "$(stdin)";

    /** Names of the wrapper's own standard input as a file: {@code xargs -a /dev/stdin} reads what the input holds. */
    private static final java.util.Set<String> STDIN_FILES = java.util.Set.of("-", "/dev/stdin", "/dev/fd/0",
            "/proc/self/fd/0");

    /**
     * The arguments an xargs-like wrapper adds, when the line says what they are: the words in the file an
     * {@code args-file} option names (an input process substitution's printer, a file the script wrote, the input
     * itself), else the words of its input ({@link PipedWords}); null when not known.
     */
    private List<Arg> fedWords(RunsRule r, ParsedArgs p, Target t, Site site) {
        if (!t.givenFiles.isEmpty()) {
            // parallel CMD :::: <(echo …) ::: A: the words of each file, with those written after :::
            List<Arg> out = new ArrayList<>(t.given);
            boolean any = false;
            for (Arg f : t.givenFiles) {
                List<Arg> w = fileWords(f.text, f, site);
                if (w != null) {
                    out.addAll(w);
                    any = true;
                }
            }
            return any ? out : null;
        }
        ParsedArgs.Use file = null;
        for (String o : r.argsFile()) {
            for (ParsedArgs.Use u : p.options) {
                file = u.value() != null && u.name().equals(o) ? u : file;
            }
            for (ParsedArgs.Use u : t.options) {
                file = u.value() != null && u.name().equals(o) ? u : file;
            }
        }
        if (file == null) {
            PipedWords input = analysis.piped != null && analysis.piped.feeds(site.ctx()) ? analysis.piped : null;
            return input == null ? null : input.list();
        }
        return fileWords(file.value(), file.from(), site);
    }

    /**
     * The words in a file of arguments: the input itself ({@code -}, {@code /dev/stdin}), what an input process
     * substitution's one command prints, or the text the script wrote into the file; null when not known.
     */
    private List<Arg> fileWords(String name, Arg from, Site site) {
        if (STDIN_FILES.contains(name)) {
            PipedWords input = analysis.piped != null && analysis.piped.feeds(site.ctx()) ? analysis.piped : null;
            return input == null ? null : input.list();
        }
        List<Arg> printer = from == null ? null : analysis.substitutedFile(from);
        if (printer != null) {
            PipedWords w = PipedWords.of(analysis, printer, -1, -1);
            return w == null ? null : w.list();
        }
        if (from != null && from.unresolved()) {
            return null;
        }
        PipedWords w = PipedWords.ofText(analysis, analysis.scriptFiles.text(name), -1, -1);
        return w == null ? null : w.list();
    }

    /** At most this many interpreters named in one unknown program's arguments are judged. */
    static final int MAX_NAMED_INTERPRETERS = 4;

    /**
     * A program the rules do not know, given an interpreter or shell among its arguments ({@code chronic sh -c CMD},
     * {@code tini -- bash -c CMD}, {@code rr record /bin/sh …}, {@code tool --shell=/bin/bash}): it may well run
     * it, so the interpreter with the words after it is judged as a command it runs, with no input of its own
     * (the tool feeds it what it likes). An interpreter is a program whose section reads code from standard input
     * ({@code stdin-code}) and is not a builtin of the shell ({@code state}: {@code .} and {@code source} are not
     * programs another program can run). Words only known at run time are left to the unknown program's verdict.
     * An interpreter given no code of its own reads whatever the program hands it — the program's own input (a
     * terminal: an interactive shell) or data only the run knows — so a shell cmdgate cannot see into is judged as
     * one ({@code pexec /bin/sh}, {@code tool -e /bin/sh}). A word that is a command line starting with an
     * interpreter ({@code -I '/bin/sh >&2'}, {@code call '/bin/sh;false'}) is judged as the shell line the program
     * may hand to {@code system()}. A known program followed by one of its sub-commands is a command line too
     * ({@link #subCommandLine}): it is judged as a command the program runs, so a credential command handed to a
     * tool cmdgate does not know ({@code chronic gh auth token}) is still a credential read.
     */
    void mayRun(List<Arg> words, Site site) {
        int judged = 0;
        for (int i = 1, n = words.size(); i < n && judged < MAX_NAMED_INTERPRETERS; i++) {
            Arg a = words.get(i);
            String named = a.dynamic || a.pattern != null ? shellItMayName(a) : null;
            if (named != null) {
                // pexec "$SHELL", pexec "$(which sh)", pexec /bin/s[h]: judged as the shell given as written
                a = Arg.literal(named);
            } else if (a.unresolved()) {
                // a value the line gave a variable is known (x=sh; pexec "$x"): only one the run gives is not
                continue;
            }
            String t = a.text;
            int eq = t.startsWith("-") ? t.indexOf('=') : -1;
            if (eq < 0) {
                // a shell glued to a short option (-Ssh, -xbash) or after an address type (exec:sh, SYSTEM:sh)
                eq = gluedShell(t);
            }
            String program = eq > 0 ? t.substring(eq + 1) : t;
            int cut = firstBreak(program);
            if (cut > 0) {
                String first = program.substring(0, cut);
                String head = first.substring(first.lastIndexOf('/') + 1);
                if (!head.isEmpty() && (analysis.isInterpreter(head) && readsOwnInput(head)
                        || eq < 0 && subCommandLine(head, program.substring(cut).trim()))) {
                    judged++;
                    analysis.code.runCode("sh", program, false, site.below(first + " (a command line it may run)")
                            .withStdin(handedInput(site)), new java.util.LinkedHashSet<>());
                }
                continue;
            }
            String name = program.substring(program.lastIndexOf('/') + 1);
            if (name.isEmpty()) {
                continue;
            }
            if (!analysis.isInterpreter(name)) {
                if (eq < 0 && !t.startsWith("-") && i + 1 < n && !words.get(i + 1).unresolved()
                        && subCommandLine(name, words.get(i + 1).text)) {
                    judged++;
                    ranCommandLine(words.subList(i, n), program, site);
                }
                continue;
            }
            judged++;
            // an operand, or a shell as an option's value (--shell=/bin/sh), may be run for the user; a language
            // interpreter as an option's value (--python=python3) is the one the tool runs its own scripts with
            boolean value = eq > 0 || t.startsWith("-") || words.get(i - 1).text.startsWith("-") && i > 1;
            boolean handed = readsOwnInput(name) && (!value || analysis.rules.isShell(name));
            Analysis.Stdin input = handed ? handedInput(site) : Analysis.Stdin.NONE;
            List<Arg> command = new ArrayList<>(n - i);
            command.add(eq > 0 ? Arg.literal(program) : a);
            command.addAll(words.subList(i + 1, n));
            if (!handOn(command, input, site, program + " (an interpreter it may run)")) {
                return;
            }
        }
    }


    /**
     * Whether a program's name and the word after it make a command line: a program the rules know as a suite of
     * sub-commands, followed by a word shaped like a sub-command ({@code gh auth}, {@code aws sts}, {@code kubectl
     * get}: many suites judge their verbs by {@code when} rows, not sections). A program name alone among an
     * unknown tool's arguments may be any word ({@code ./manage.py test}, {@code tool shutdown}); with a verb
     * after it, it is the command the tool is handed to run ({@code chronic gh auth token},
     * {@code retry 'vault kv get secret/app'}).
     */
    private boolean subCommandLine(String name, String rest) {
        if (analysis.isInterpreter(name) || rest.isEmpty()) {
            return false;
        }
        Section s = analysis.rules.program(name);
        if (s == null || !s.hasSubs()) {
            return false;
        }
        int cut = firstBreak(rest);
        String next = cut < 0 ? rest : rest.substring(0, cut);
        return s.sub(next) != null || VERB.matcher(next).matches();
    }

    /** A word shaped like a sub-command: letters first, then letters, digits and {@code - _ : .}. */
    private static final java.util.regex.Pattern VERB = java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9_:.-]*");

    /** Judges the words from a program's name on as a command the unknown program runs (no input of its own). */
    private void ranCommandLine(List<Arg> words, String program, Site site) {
        handOn(new ArrayList<>(words), Analysis.Stdin.NONE, site, program + " (a command line it may run)");
    }

    /**
     * Judges a command an unknown program may run, within the wrappers' budget; false when the budget is spent
     * (the launch is raised to the too-deep setting instead, and nothing more of this program is judged).
     */
    private boolean handOn(List<Arg> command, Analysis.Stdin input, Site site, String how) {
        Budget budget = analysis.budget;
        if (budget.wrappersFull() || !budget.wrapped(command.size())) {
            analysis.raise(site, analysis.setting("too-deep"), "wrappers nested too deep or handing on too many words");
            return false;
        }
        budget.enterWrapper();
        try {
            analysis.command(command, Map.of(), new Site(site.ctx().withStdin(input), Analysis.joinArgs(command),
                    site.location() + " > " + how), List.of());
        } finally {
            budget.leaveWrapper();
        }
        return true;
    }

    /**
     * The shell a word only known at run time may name, or null: a pattern whose last component matches a shell's
     * name ({@code /bin/s[h]}), a variable whose value names one ({@code shell-variables}: {@code "$SHELL"}), or the
     * output of a command that names one ({@code "$(which sh)"}, {@code "$(command -v bash)"}).
     */
    private String shellItMayName(Arg a) {
        String last = a.pattern == null ? "" : a.pattern.substring(ShellPattern.lastSlash(a.pattern) + 1);
        // a bare * names every file of a directory: the shells are not told from any other (mytool *)
        if (!last.isEmpty() && !last.replace("*", "").isEmpty()) {
            for (String shell : new java.util.TreeSet<>(analysis.rules.shells())) {
                if (ShellPattern.matches(last, shell)) {
                    return shell;
                }
            }
        }
        String t = a.text;
        // any expansion of a shell variable, with an operator or beside other text ("${SHELL##*/}", "$X$SHELL"),
        // the name the shell runs as ($0), or the running shell's own binary (/proc/$$/exe)
        if (expandsShellVariable(t) || t.contains("/proc/$$/") || t.contains("/proc/${$}/")) {
            return "sh";
        }
        for (List<String> producer : a.producers()) {
            for (String word : producer) {
                String w = Producers.text(word);
                String name = w.substring(w.lastIndexOf('/') + 1);
                if (analysis.rules.isShell(name)) {
                    return name;
                }
            }
        }
        return null;
    }

    /** Names a variable expansion may start with: {@code $NAME}, {@code ${NAME…}}, but not {@code ${#NAME}} or {@code ${!NAME}}. */
    private static final java.util.regex.Pattern EXPANSION = java.util.regex.Pattern.compile(
            "\\$(?:\\{([A-Za-z_][A-Za-z0-9_]*|0)|([A-Za-z_][A-Za-z0-9_]*|0))");

    /** Whether the text expands a variable whose value names a shell ({@code shell-variables}, and {@code $0}). */
    private boolean expandsShellVariable(String text) {
        java.util.regex.Matcher m = EXPANSION.matcher(text);
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            if (name.equals("0") || analysis.rules.isShellVariable(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where a shell glued into a word starts, less one (the index of the character before it), or -1: the tail of a
     * short options' cluster ({@code -Ssh}) or what follows an address type ({@code exec:sh}, {@code EXEC:sh -i}),
     * when it is a shell's name or path, possibly followed by its words.
     */
    private int gluedShell(String t) {
        if (t.startsWith("-") && !t.startsWith("--")) {
            // the value of the first letter only: deeper tails of single-dash long options (-publish, -refresh)
            // end in "sh" by chance
            return t.length() > 2 && namesShell(t.substring(2)) ? 1 : -1;
        }
        int colon = t.indexOf(':');
        if (colon > 0 && !t.startsWith("//", colon + 1) && t.substring(0, colon).chars().allMatch(Character::isLetter)
                && namesShell(t.substring(colon + 1))) {
            return colon;
        }
        return -1;
    }

    /** Whether the text is a shell's name or path, alone or followed by its words. */
    private boolean namesShell(String text) {
        int cut = firstBreak(text);
        String first = cut < 0 ? text : text.substring(0, cut);
        return analysis.rules.isShell(first.substring(first.lastIndexOf('/') + 1));
    }

    /**
     * What an unknown program hands an interpreter it runs as its input: its own, when that is the terminal, a pipe,
     * a file or a here-document; otherwise (no input of its own) data only the run knows.
     */
    private static Analysis.Stdin handedInput(Site site) {
        Analysis.Stdin in = site.ctx().stdin();
        return switch (in.kind()) {
            case TERMINAL, PIPE, FILE, HEREDOC, HIDDEN -> in;
            default -> Analysis.Stdin.HIDDEN;
        };
    }

    /** Whether the interpreter reads its code from its input before any operand ({@code ssh HOST} needs a host). */
    private boolean readsOwnInput(String name) {
        Section section = analysis.rules.program(name);
        return section == null || section.stdinCodeAfter() == 0;
    }

    /** Where the first word of a command line ends (a blank or a shell operator), or -1 for a single word. */
    private static int firstBreak(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (" \t\n;|&<>".indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** Whether one of the row's {@code unless} options is given ({@code command -v}): then nothing is run. */
    private static boolean runsNothing(RunsRule r, ParsedArgs p) {
        for (String u : r.unless()) {
            if (p.has(u)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The commands of a {@code runs between} row: the words after each of its start words up to one of its end
     * words, in order; commands with no words are left out.
     */
    static List<Between> between(RunsRule r, ParsedArgs p) {
        List<Between> out = new ArrayList<>(1);
        if (runsNothing(r, p)) {
            return out;
        }
        List<Arg> all = p.args;
        for (int i = 0; i < all.size(); i++) {
            if (!r.between().contains(all.get(i).text)) {
                continue;
            }
            List<Arg> cmd = new ArrayList<>();
            int j = i + 1;
            for (; j < all.size() && !r.end().contains(all.get(j).text); j++) {
                cmd.add(all.get(j));
            }
            if (!cmd.isEmpty()) {
                out.add(new Between(all.get(i), cmd));
            }
            i = j;
        }
        return out;
    }

    /**
     * What a {@code runs} row of the operand form points at: its leading assignments, its own options written
     * after its skipped operands, the command's words (with the row's {@code prepend} words, a {@code replace}
     * string standing for input read at run time, the {@code default} command when none is given, and
     * {@code $(stdin)} for the arguments an xargs-like wrapper adds) and whether the command reads the wrapper's
     * standard input. Null when the row runs nothing ({@code unless} options, no {@code --} where one is needed).
     */
    static Target target(RunsRule r, ParsedArgs p) {
        if (runsNothing(r, p)) {
            return null;
        }
        List<Arg> ops = p.restFrom >= 0 ? p.operands.subList(p.restFrom, p.operands.size()) : p.operands;
        if (r.afterDashdash()) {
            // capsh -- ARGS, kubectl run NAME -- CMD: only what follows an explicit -- is run
            int at = -1;
            if (p.dashdashAt >= 0) {
                at = p.dashdashAt;
            } else {
                for (int i = 0; i < p.operands.size(); i++) {
                    if (p.operands.get(i).text.equals("--") && !p.operands.get(i).dynamic) {
                        at = i + 1;
                        break;
                    }
                }
            }
            if (at < 0) {
                return null;
            }
            ops = p.operands.subList(Math.min(at, p.operands.size()), p.operands.size());
        }
        Target t = new Target();
        int k = 0;
        if (r.assignments()) {
            // env(1) takes every leading NAME=VALUE argument (any NAME without '='), not only shell names
            while (k < ops.size() && ops.get(k).text.indexOf('=') > 0) {
                t.assignments.add(ops.get(k));
                k++;
            }
        }
        boolean noskip = false;
        for (String o : r.noskip()) {
            noskip |= p.has(o);
        }
        k += noskip || r.afterDashdash() ? 0 : r.skip();
        if (k < ops.size() && ops.get(k).text.equals("--") && !ops.get(k).dynamic) {
            k++; // kubectl exec POD -- CMD, mosh HOST -- CMD
        }
        Section s = p.section();
        // options of the wrapper written after its skipped operand (flock FILE -c CMD)
        while (k < ops.size() && ops.get(k).text.startsWith("-") && ops.get(k).text.length() > 1) {
            String w = ops.get(k).text;
            OptionSpec o = w.startsWith("--") ? s.longOption(w.substring(2)) : s.shortOption(w.charAt(1));
            if (o == null) {
                break;
            }
            if (o.arity() == OptionSpec.Arity.REQUIRED && w.length() == 2 && k + 1 < ops.size()) {
                t.options.add(new ParsedArgs.Use(o, o.canonical(), ops.get(k + 1).text, ops.get(k + 1)));
                k += 2 + o.extraValues();
                continue;
            }
            t.options.add(new ParsedArgs.Use(o, o.canonical(), null, ops.get(k)));
            k++;
        }
        if (k < ops.size() && ops.get(k).text.equals("--") && !ops.get(k).dynamic) {
            k++; // kubectl exec POD -c C -- CMD
        }
        String replace = null;
        for (String opt : r.replace()) {
            for (ParsedArgs.Use u : p.options) {
                if (u.name().equals(opt)) {
                    replace = u.value() == null || u.value().isEmpty() ? "{}" : u.value();
                }
            }
            for (ParsedArgs.Use u : t.options) {
                if (u.value() != null && u.name().equals(opt)) {
                    replace = u.value().isEmpty() ? "{}" : u.value();
                }
            }
        }
        for (String w : r.prepend()) {
            t.words.add(Arg.literal(w));
        }
        if (k < ops.size()) {
            List<Arg> rest = sources(r, ops.subList(k, ops.size()), t);
            if (replace == null && r.defaultReplace() != null) {
                // parallel rm {} ::: x: the word it always replaces, when the command holds it
                for (Arg w : rest) {
                    replace = w.text.contains(r.defaultReplace()) ? r.defaultReplace() : replace;
                }
            }
            // xargs -I{}: a line of the input is substituted into the word at run time
            t.words.addAll(replace == null ? rest : replacedAtRunTime(rest, List.of(replace), "$(stdin)"));
        }
        if (t.words.isEmpty()) {
            for (String d : r.defaultArgv()) {
                t.words.add(Arg.literal(d));
            }
        }
        // docker run IMAGE sh without -i: the shell reads nothing; xargs reads the input itself, unless its
        // arguments come from a file (-a) or it reopens the terminal (-o): then the command reads that input
        boolean attached = r.stdinIf().isEmpty() && !r.stdinArgs();
        for (String o : r.stdinIf()) {
            attached |= p.has(o) || t.hasValued(o);
        }
        t.input = attached;
        if (r.stdinArgs() && replace == null && !t.words.isEmpty()) {
            t.words.add(new Arg(STDIN_WORD, true, false, -1, -1));
        }
        if (!t.given.isEmpty() && t.givenFiles.isEmpty()) {
            // parallel rm ::: /etc/passwd: the arguments are the words written, not its input
            List<Arg> with = PipedWords.into(t.words, t.given);
            t.words.clear();
            t.words.addAll(with);
        }
        return t;
    }

    /**
     * The command's words before the first word that ends it ({@code :::}, {@code ::::}); the operands after each
     * such word go to {@link Target#given} or {@link Target#givenFiles}. All of them when the row has none.
     */
    private static List<Arg> sources(RunsRule r, List<Arg> rest, Target t) {
        int end = -1;
        for (int i = 0; i < rest.size() && end < 0; i++) {
            end = !rest.get(i).dynamic && r.endsCommand(rest.get(i).text) ? i : -1;
        }
        if (end < 0) {
            return rest;
        }
        List<Arg> into = null;
        for (int i = end; i < rest.size(); i++) {
            Arg w = rest.get(i);
            if (!w.dynamic && r.endsCommand(w.text)) {
                into = r.argsFiles().contains(w.text) ? t.givenFiles : t.given;
            } else if (into.size() < PipedWords.MAX_WORDS) {
                into.add(w);
            }
        }
        return rest.subList(0, end);
    }

    /**
     * The command's words with each word holding a {@code replace} word ({@code {}}) marked as known only at run
     * time. With {@code input} null its text is kept (the files it stands for are matched by that text):
     * {@code find D -exec env -C {} …} enters a directory find names, never one called {@code {}}, so no
     * {@code cwd=} trust row and no protected directory is judged by that literal name. Otherwise the replace word
     * is written {@code input}, which stands for what takes its place ({@code xargs -I{}}: a line of its input).
     */
    static List<Arg> replacedAtRunTime(List<Arg> words, List<String> replace, String input) {
        List<Arg> out = null;
        for (int i = 0; i < words.size(); i++) {
            Arg a = words.get(i);
            String held = null;
            for (int j = 0; j < replace.size() && held == null; j++) {
                held = a.text.contains(replace.get(j)) ? replace.get(j) : null;
            }
            if (held == null || (a.dynamic && input == null)) {
                continue;   // a word already known only at run time keeps its text
            }
            if (out == null) {
                out = new ArrayList<>(words);
            }
            out.set(i, new Arg(input == null ? a.text : a.text.replace(held, input), true, a.globLead, a.start, a.end));
        }
        return out == null ? words : out;
    }

    /**
     * When a word of a {@code runs between} command holds a {@code replace} word ({@code {}}): the files
     * it stands for, one below each of the wrapper's starting points — its arguments before the first
     * that starts with {@code -}, {@code (} or {@code !} ({@code .} when there is none; at most 8) — whose
     * name is only known at run time. They are read paths (credential stores). Empty when no word holds one.
     * A {@code named} test's literal value ({@code -name id_rsa}) is the found file's name: it is also a file of
     * that name at any depth below each starting point ({@code /$(…)/id_rsa}), so a finder of credential stores
     * by name reads them. Tests joined by {@code -o} each add theirs; a negated one ({@code ! -name x}) adds a
     * name that is not found, which can only make the verdict stricter.
     */
    static List<Arg> foundFiles(List<Arg> cmd, List<Arg> all, List<String> replace, List<String> named) {
        boolean any = false;
        for (Arg w : cmd) {
            for (String r : replace) {
                any |= w.text.contains(r);
            }
        }
        if (!any) {
            return List.of();
        }
        List<Arg> out = new ArrayList<>();
        List<String> names = testValues(all, named);
        for (Arg w : startingPoints(all)) {
            String below = (w.text.endsWith("/") ? w.text : w.text + "/") + "$(…)";
            out.add(new Arg(below, true, false, -1, -1));
            for (String name : names) {
                out.add(new Arg(below + "/" + name, true, false, -1, -1));
            }
        }
        return out;
    }

    /** The literal values of the finder's {@code named} tests (at most 8): names of the files it finds. */
    static List<String> testValues(List<Arg> all, List<String> named) {
        if (named.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < all.size() && out.size() < 8; i++) {
            Arg value = all.get(i + 1);
            if (named.contains(all.get(i).text) && !value.dynamic && !value.text.isEmpty()
                    && value.text.indexOf('/') < 0) {
                out.add(value.text);
            }
        }
        return out;
    }

    /**
     * A finder's starting points: its arguments before the first that starts with {@code -}, {@code (} or
     * {@code !} (at most 8), or {@code .} when there is none.
     */
    static List<Arg> startingPoints(List<Arg> all) {
        List<Arg> out = new ArrayList<>();
        for (Arg w : all) {
            if (w.text.isEmpty() || w.text.startsWith("-") || w.text.startsWith("(") || w.text.startsWith("!")
                    || out.size() >= 8) {
                break;
            }
            out.add(w);
        }
        if (out.isEmpty()) {
            out.add(Arg.literal("."));
        }
        return out;
    }

    /** A plain word the rules do not know and no function defines: the name of a project script. */
    private boolean isScriptName(Arg a) {
        return !a.dynamic && a.text.indexOf('/') < 0 && !a.text.isEmpty() && analysis.rules.program(a.text) == null
                && !analysis.isFunction(a.text);
    }
}
