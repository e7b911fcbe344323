package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.AssignRule;
import dev.cmdgate.core.rules.EnvArgs;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.ShellOptionRule;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Variables and the environment: every way a variable gets a value (an assignment, {@code export}, {@code read},
 * a for loop, {@code env NAME=value}, arithmetic, the launch's environment) and how that value is judged — a
 * hook, code ({@code env-code}), more arguments of a program ({@code env-args}, {@code env-pairs}), or an
 * unknown variable that reaches programs. What has been set so far is kept in {@link EnvState}; this class
 * holds no state of its own.
 */
final class Variables {

    private final Analysis analysis;

    Variables(Analysis analysis) {
        this.analysis = analysis;
    }

    /**
     * One variable set by the launch, the script or a builtin, however it is written ({@code NAME=value},
     * inline before a command, {@code export}, {@code declare -x}, {@code env NAME=value}, {@code read},
     * {@code printf -v}, a for loop, the application's environment for the launch). Judged in this order:
     * a hook gets its verdict (the {@code env-hooks} row's, else {@code env-hook}); a value that is code or
     * a program's arguments ({@code env-code}, {@code env-args}, {@code env-pairs}) is classified as that;
     * a variable that reaches programs (exported) and is none of these nor on the {@code env-safe} list
     * is {@code env-unknown}. A shell variable that is not exported only matters as a hook (hooks such as
     * PATH are exported already) or as code the shell itself runs.
     *
     * @param exported the assignment exports it (inline before a command, export, env, the launch's
     *                 environment); {@code set -a} and an earlier export count too
     * @param how      what set it, for the finding ("is exported", "is set by read")
     */
    void set(String name, String value, boolean dynamic, boolean exported, Site site, String how) {
        set(name, value, dynamic, exported, site, how, null);
    }

    /**
     * As {@link #set(String, String, boolean, boolean, Site, String)}, with the text as written that gave a value only
     * known at run time ({@code $(wc -l < f)}), recorded as its producer; null when there is none to record.
     */
    void set(String name, String value, boolean dynamic, boolean exported, Site site, String how, String producer) {
        String target = analysis.env.resolve(name);
        if (target == null) {
            unknownName(value, dynamic, site, name + " refers to a variable only known at run time");
            return;
        }
        if (analysis.guarded.contains(target) && !site.ctx().loc().equals("environment")) {
            analysis.raise(site, analysis.guardedVerdict, shown(name, target) + " " + how);
        }
        if (exported) {
            analysis.env.export(target);
        }
        boolean reachesPrograms = analysis.env.exports(target);
        if (analysis.env.isInteger(target) || analysis.rules.integerVar(target)) {
            integerValue(name, value, dynamic, producer, site);   // with the values before this one (n=n+1), as bash does
        }
        analysis.env.remember(target, value, dynamic);
        if (producer != null) {
            analysis.env.producer(target, producer);
        }
        if (target.equals("GLOBIGNORE")) {
            analysis.files.dotglob = true;   // bash: setting it lets patterns match names that start with '.'
        }
        RuleSet.EnvVar rows = analysis.rules.envVar(target);
        Rating hook = rows.hook();
        if (hook != null) {
            analysis.raise(site, hook, shown(name, target) + " " + how);
        }
        String shared = dynamic ? null
                : SharedPlaces.named(analysis.rules, target, value, analysis.files.launchDirectory());
        if (shared != null) {
            analysis.raiseIfSet(site, "shared-code-path", shown(name, target) + " names " + shared
                    + ", in a directory every user may write");
        }
        boolean known = rows.codeKind() != null && envCode(rows.codeKind(), target, value, dynamic, site);
        known |= envArgs(rows, target, value, dynamic, site);
        if (reachesPrograms && hook == null && !known && !rows.safe()) {
            analysis.raise(site, analysis.setting("env-unknown"), shown(name, target) + " " + how);
        }
    }

    /**
     * A value given to a variable with the integer attribute is evaluated as arithmetic there and then
     * ({@code declare -i x; x='a[$(cmd)]'} runs cmd): a literal value is judged as arithmetic text, one only known at
     * run time as what produced it ({@code read x} is unverifiable code, {@code x=$(wc -l < f)} a number).
     */
    private void integerValue(String name, String value, boolean dynamic, String producer, Site site) {
        if (!dynamic) {
            arithmeticText(value, site, "integer value of " + name);
            arithmeticUse(value, site);   // n=x evaluates x's value in turn
        } else {
            runtimeArithmetic(producer != null ? producer : value, site);
        }
    }

    private static String shown(String name, String target) {
        return target.equals(name) ? target : name + " (a reference to " + target + ")";
    }

    /**
     * A variable whose name is only known at run time ({@code export $x}, {@code printf -v "$n"},
     * {@code declare "$k=$v"}): it may be any variable, so the worst case: a hook, and a value that may
     * be code for a variable whose value is code.
     *
     * @param value the value, or null when it is not known either
     */
    void unknownName(String value, boolean dynamic, Site site, String how) {
        analysis.raise(site, analysis.setting("env-hook"), how + " (it may be any variable, one that changes what programs run among them)");
        if (!analysis.guarded.isEmpty()) {
            analysis.raise(site, analysis.guardedVerdict, how + " (it may be " + String.join(" or ", new TreeSet<>(analysis.guarded)) + ")");
        }
        if (value == null || dynamic || !value.isEmpty()) {
            analysis.raise(site, analysis.setting("dynamic-code"), "the value given to a variable whose name is only known at run time may be code");
        }
    }

    /**
     * An environment value that is code (env-code rows): PS4 is prompt-expanded, PROMPT_COMMAND is a
     * script, GIT_PAGER a script reading git's output, GIT_SSH a program, BASH_FUNC_name%% a function
     * definition … Literal code is classified; a value only known at run time is unverifiable code.
     *
     * @return whether the variable is code (its value was judged)
     */
    private boolean envCode(String lang, String name, String value, boolean dynamic, Site site) {
        if (dynamic) {
            analysis.raise(site, analysis.setting("dynamic-code"), "the code in " + name + " is computed at run time");
            return true;
        }
        Site inner = site.below(name);
        String helper = helperCommand(lang, value);
        if (helper != null && analysis.code.runsInterpreter(OptionParser.split(helper, Arg.literal(helper)))) {
            // a helper program's place (the pager, the ssh command, the editor, less's preprocessor) given a
            // shell or an interpreter
            analysis.raise(site, analysis.setting("escape-shell"), name + "=" + value);
        }
        // what the variable makes a program run was steered to, not named as the command
        analysis.steered(() -> envCodeAs(lang, name, value, inner));
        return true;
    }

    private void envCodeAs(String lang, String name, String value, Site inner) {
        Site none = inner.withStdin(Analysis.Stdin.NONE);
        switch (lang) {
            // a prompt's backslash escapes are decoded before it is expanded: \044( is $(
            case "prompt" -> analysis.code.runCode("sh", promptScript(PromptEscapes.decode(value)), false, none,
                    new LinkedHashSet<>());
            // MAILPATH: FILE?MESSAGE entries; an interactive shell expands them (the message's substitutions run)
            case "expand", "mail" -> analysis.code.runCode("sh", promptScript(value), false, none, new LinkedHashSet<>());
            case "function" -> {
                if (value.startsWith("()")) {
                    analysis.code.runCode("sh", "cmdgate_imported_function " + value, false, none, new LinkedHashSet<>());
                }
            }
            case "pager" -> analysis.code.runCode("sh", value, false, inner.withStdin(Analysis.Stdin.PIPE), new LinkedHashSet<>());
            case "program" -> {
                if (!value.isEmpty()) {
                    // run directly (no shell), with arguments the program chooses at run time
                    analysis.command(List.of(Arg.literal(value), new Arg("$(…)", true, false, -1, -1)), Map.of(), none,
                            List.of());
                }
            }
            case "commands" -> {
                for (String part : value.split(":", 64)) {
                    analysis.code.runCode("sh", part, false, none, new LinkedHashSet<>());
                }
            }
            case "pipe" -> analysis.code.runCode("sh", preprocessorScript(value), false, none, new LinkedHashSet<>());
            default -> analysis.code.runCode("sh", value, false, none, new LinkedHashSet<>());
        }
    }

    /**
     * The command line a variable of this kind puts in a helper program's place, or null for a kind that is no
     * helper's place (a prompt, a function, a list of commands).
     */
    static String helperCommand(String kind, String value) {
        return switch (kind) {
            case "sh", "pager", "program" -> value;
            case "pipe" -> preprocessorScript(value);
            default -> null;
        };
    }

    /** less's preprocessor line without its leading {@code |}, {@code ||} and {@code -} markers. */
    static String preprocessorScript(String value) {
        int i = 0;
        while (i < value.length() && (value.charAt(i) == '|' || value.charAt(i) == '-')) {
            i++;
        }
        return value.substring(i);
    }

    /**
     * An environment value a program reads as more of its own arguments (env-args, env-pairs rows):
     * judged as those arguments — {@code TAR_OPTIONS=--checkpoint-action=exec=CMD} as
     * {@code tar --checkpoint-action=exec=CMD}, {@code GIT_CONFIG_KEY_0=core.fsmonitor} with
     * {@code GIT_CONFIG_VALUE_0=CMD} as {@code git -c core.fsmonitor=CMD}. The command put together
     * for this is judged, not recorded: the launch does not run it.
     *
     * @return whether the variable is such a value
     */
    private boolean envArgs(RuleSet.EnvVar rows, String name, String value, boolean dynamic, Site site) {
        boolean known = false;
        EnvArgs a = rows.args();
        if (a != null) {
            known = true;
            if (dynamic) {
                analysis.raise(site, analysis.setting("dynamic-code"), "the " + a.program() + " arguments in " + name
                        + " are only known at run time");
            } else {
                List<Arg> words = new ArrayList<>();
                words.add(Arg.literal(a.program()));
                for (Arg w : OptionParser.split(value, Arg.literal(value))) {
                    if (a.option() != null) {
                        words.add(Arg.literal(a.option()));
                    }
                    words.add(w);
                }
                analysis.command(words, Map.of(), site.below(name).withStdin(Analysis.Stdin.NONE), List.of(), false);
            }
        }
        EnvArgs pairs = rows.pairs();
        if (pairs != null) {
            known |= pair(pairs, name, site);
        }
        return known;
    }

    /**
     * One half of an env-pairs pair was set: when the other half is known too, judge {@code OPTION KEY=VALUE}.
     *
     * @return whether the pair was judged (false: the other half is inherited or not set, so this half's
     *         meaning is not known)
     */
    private boolean pair(EnvArgs p, String name, Site site) {
        boolean isKey = name.startsWith(p.keyPrefix()) && name.length() > p.keyPrefix().length()
                && (!name.startsWith(p.valuePrefix()) || p.keyPrefix().length() >= p.valuePrefix().length());
        String suffix = name.substring(isKey ? p.keyPrefix().length() : p.valuePrefix().length());
        String keyName = p.keyPrefix() + suffix;
        String valueName = p.valuePrefix() + suffix;
        EnvState.Value k = analysis.env.value(keyName);
        EnvState.Value v = analysis.env.value(valueName);
        if (k == null || v == null) {
            return false;
        }
        Site both = site.below(keyName + "=" + valueName).withStdin(Analysis.Stdin.NONE);
        if (k.dynamic()) {
            // a key only known at run time may be any key, one that runs its value among them
            if (v.dynamic()) {
                analysis.raise(both, analysis.setting("dynamic-code"), "the key in " + keyName + " is only known at run time, the value in "
                        + valueName + " too");
            } else {
                analysis.code.runCode("sh", v.text(), false, both, new LinkedHashSet<>());
            }
            return true;
        }
        analysis.command(List.of(Arg.literal(p.program()), Arg.literal(p.option()),
                new Arg(k.text() + "=" + v.text(), v.dynamic(), false, -1, -1)), Map.of(), both, List.of(), false);
        return true;
    }

    /**
     * What a command does to the shell's variables and options, by its section's {@code sets} and
     * {@code assigns} rows ({@code set -k}, {@code export NAME=value}, {@code read NAME},
     * {@code printf -v NAME}, {@code declare -n REF=NAME} …). Returns the assignments to record for the
     * command: its inline ones plus the ones it makes.
     */
    Map<String, String> setBy(ParsedArgs p, Map<String, String> assigns, Site site) {
        Set<String> noFacts = Set.of();
        for (Section s : p.path) {
            for (ShellOptionRule r : s.shellOptions()) {
                if (analysis.conditions.holds(r.conditions(), p, noFacts)) {
                    if (r.option() == ShellOptionRule.Option.ALLEXPORT) {
                        analysis.env.allexport = true;
                    } else {
                        analysis.env.keyword = true;
                    }
                }
            }
        }
        boolean operands = false;
        boolean exports = false;
        boolean nameref = false;
        Map<String, String> recorded = assigns;
        String program = p.path.get(0).word();
        for (Section s : p.path) {
            for (AssignRule r : s.assigns()) {
                if (!analysis.conditions.holds(r.conditions(), p, noFacts)) {
                    continue;
                }
                if (recorded == assigns) {
                    recorded = new LinkedHashMap<>(assigns);
                }
                switch (r.source()) {
                    case OPERANDS -> {
                        operands = true;
                        exports |= r.exports();
                        nameref |= r.nameref();
                    }
                    case NAMES -> {
                        for (Arg a : p.operands) {
                            runtimeValue(a, r.exports(), recorded, site, program);
                        }
                    }
                    case OPERAND -> {
                        if (r.index() < p.operands.size()) {
                            runtimeValue(p.operands.get(r.index()), r.exports(), recorded, site, program);
                        }
                    }
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.option()) && u.value() != null) {
                                runtimeValue(new Arg(u.value(), u.from().dynamic, false, -1, -1), r.exports(), recorded,
                                        site, program);
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        if (p.has("-i") && (program.equals("declare") || program.equals("typeset") || program.equals("local"))) {
            // the attribute comes first: declare -i n=x evaluates x as arithmetic, and so does every later n=…
            for (Arg a : p.operands) {
                int eq = a.text.indexOf('=');
                String name = a.unresolved() ? null : assignedName(eq > 0 ? a.text.substring(0, eq) : a.text);
                String target = name == null ? null : analysis.env.resolve(name);
                if (target != null) {
                    analysis.env.integer(target);
                } else if (eq > 0) {
                    runtimeArithmetic(a.text.substring(eq + 1), site);
                }
            }
        }
        if (operands) {
            for (Arg a : p.operands) {
                operandAssignment(a, exports, nameref, recorded, site, program);
            }
        }
        return recorded;
    }

    /** A variable named by {@code a} gets a value only known at run time ({@code read a}, {@code printf -v a}). */
    private void runtimeValue(Arg a, boolean exports, Map<String, String> recorded, Site site, String program) {
        if (a.unresolved()) {
            unknownName(null, true, site, program + " sets a variable whose name is only known at run time");
            return;
        }
        String name = assignedName(a.text);
        if (name == null) {
            return; // not a variable name: the builtin fails
        }
        recorded.put(name, "$(…)");
        set(name, "$(…)", true, exports, site, "is set by " + program);
    }

    /**
     * One operand of a declaration builtin: {@code NAME=VALUE} sets NAME; a plain {@code NAME} declares it
     * (and with {@code exports} exports the value it has, which may have been set earlier or inherited);
     * with {@code nameref} the value is the name of the variable NAME stands for. An operand only known at
     * run time may be any of these for any variable.
     */
    private void operandAssignment(Arg a, boolean exports, boolean nameref, Map<String, String> recorded,
            Site site, String program) {
        String t = a.text;
        int eq = t.indexOf('=');
        String name = assignedName(eq > 0 ? t.substring(0, eq) : t);
        if (name == null) {
            if (a.dynamic) {
                unknownName(eq > 0 ? t.substring(eq + 1) : null, true, site,
                        program + " sets a variable whose name is only known at run time");
            }
            return;
        }
        if (eq < 0) {
            if (nameref) {
                analysis.env.nameref(name, null); // its target is set later: treated as only known at run time
            } else if (exports) {
                EnvState.Value known = analysis.env.value(analysis.env.resolve(name) == null ? name : analysis.env.resolve(name));
                recorded.put(name, known == null ? "$(…)" : known.text());
                set(name, known == null ? "$(…)" : known.text(), known == null || known.dynamic(), true, site,
                        "is exported by " + program);
            }
            return;
        }
        String value = t.substring(eq + 1);
        boolean dynamic = a.unresolved();
        recorded.put(name, value);
        if (nameref) {
            analysis.env.nameref(name, dynamic ? null : assignedName(value));
            return;
        }
        if (t.charAt(eq - 1) == '+' && !value.startsWith("(") && analysis.env.resolve(name) != null) {
            // declare NAME+=v, export NAME+=v: each value it may have had, then v
            String target = analysis.env.resolve(name);
            List<String> before = List.copyOf(analysis.env.literals(target));
            if (!dynamic) {
                for (String p : before) {
                    analysis.env.literal(target, p + value);
                }
            }
            boolean known = !dynamic && !before.isEmpty();
            set(name, (before.isEmpty() ? "$(…)" : before.get(before.size() - 1)) + value, !known, exports, site,
                    (exports ? "is exported by " : "is set by ") + program);
            return;
        }
        if (value.length() >= 2 && value.startsWith("(") && value.endsWith(")") && analysis.env.resolve(name) != null) {
            // declare -a NAME=(…): an array, its words no longer told apart once quotes are gone; its first word
            // and its words are kept as values it may have, the value itself is not known
            String target = analysis.env.resolve(name);
            set(name, "$(…)", true, exports, site, (exports ? "is exported by " : "is set by ") + program);
            List<String> words = new ArrayList<>();
            for (String w : Chars.splitRuns(value.substring(1, value.length() - 1).trim(), " \t\n", 64)) {
                if (!w.isEmpty()) {
                    words.add(w);
                }
            }
            boolean keyed = words.stream().anyMatch(w -> w.startsWith("[") && w.contains("]="));
            if (!dynamic && !words.isEmpty() && !keyed) {
                // ([k]=v …) gives its elements keys: BuiltinValues reads them
                analysis.env.literal(target, words.get(0));
                analysis.env.array(target, words);
            }
            return;
        }
        set(name, value, dynamic, exports, site, (exports ? "is exported by " : "is set by ") + program);
    }

    /** The variable a word names before '=' ({@code NAME}, {@code NAME[sub]}, {@code NAME+}), or null. */
    static String assignedName(String lhs) {
        String n = lhs;
        if (n.endsWith("+")) {
            n = n.substring(0, n.length() - 1);
        }
        int bracket = n.indexOf('[');
        if (bracket > 0 && n.endsWith("]")) {
            n = n.substring(0, bracket);
        }
        return isName(n) ? n : null;
    }

    /** A shell variable name: a letter or underscore, then letters, digits, underscores. */
    static boolean isName(String n) {
        if (n.isEmpty()) {
            return false;
        }
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A script whose only effect is to expand {@code text} the way a prompt string or an arithmetic
     * value is expanded (parameters, command substitutions, arithmetic; quotes are literal): an
     * unquoted here-document body.
     */
    /** Text bash evaluates as arithmetic: an array subscript in it expands, so its command substitutions run. */
    void arithmeticText(String text, Site site, String what) {
        analysis.code.runCode("sh", promptScript(text), false, site.below(what).withStdin(Analysis.Stdin.NONE),
                new LinkedHashSet<>());
    }

    static String promptScript(String text) {
        String delim = "CMDGATE_EOF";
        while (text.contains(delim)) {
            delim += "_";
        }
        return ": <<" + delim + "\n" + text + "\n" + delim + "\n";
    }

    /**
     * bash evaluates a variable's value as an arithmetic expression when the variable is used in
     * arithmetic context; a subscript in that value runs its command substitutions. Classifies the
     * values of the code-holding variables named in {@code expr}.
     */
    void arithmeticUse(String expr, Site site) {
        arithmeticUse(expr, site, null);
    }

    /** The code-holding values named in arithmetic text, without its values only known at run time ({@code [[ ]]}: only its operands are). */
    void arithmeticCodeValues(String expr, Site site) {
        codeValueUses(expr, site, false, null);
    }

    /** As {@link #arithmeticUse(String, Site)}, adding the names judged to {@code ran} and skipping those in it. */
    void arithmeticUse(String expr, Site site, Set<String> ran) {
        codeValueUses(expr, site, false, ran);
        runtimeArithmetic(expr, site);
    }

    /**
     * Arithmetic text that evaluates a value only known at run time: a variable this classification gave such a value
     * ({@code read x}, {@code x=$(cat f)}), a positional parameter, the output of a command substitution. bash evaluates
     * the value as an expression, and an array subscript in it ({@code a[$(cmd)]}) runs a command cmdgate never saw:
     * unverifiable code ({@code verdict dynamic-arithmetic}), unless the value can only be a number
     * ({@link NumericValues}: {@code n=$(grep -c x f)}, {@code $#}, {@code $(( … ))}). A variable set before the
     * command (inherited) is the launch's environment, judged where it is set.
     */
    void runtimeArithmetic(String expr, Site site) {
        if (expr == null || analysis.budget.exhausted) {
            return;
        }
        String why = unknownInArithmetic(expr);
        if (why != null) {
            analysis.raise(site, analysis.setting("dynamic-arithmetic"), why);
        } else {
            analysis.loops().judged(expr, site);
        }
    }

    /** Judges again the arithmetic a loop's walk found harmless, now that its whole body has run once. */
    void loopEnded() {
        for (LoopArithmetic.Pending p : analysis.loops().leave()) {
            runtimeArithmetic(p.expr(), p.site());
        }
    }

    private String unknownInArithmetic(String expr) {
        return new ArithmeticNames(analysis).unknownIn(expr);
    }

    /**
     * Bash evaluates a name as arithmetic in more places than {@link #arithmeticUse}'s: a substring's offset and
     * length ({@code ${s:v}}), a {@code declare -i} value, a subscript given as text to {@code unset},
     * {@code [[ -v ]]}, {@code read} or {@code printf -v}, an array's {@code [v]=} key, an indirection
     * ({@code ${!v}}). Rather than follow each, a name whose value holds code counts as run wherever a word
     * mentions it other than as its own plain expansion ({@code $v}, {@code ${v}}, {@code ${#v}}) or as the name a
     * word assigns ({@code v=…}). Such values are rare; a mention that is only text is a price on those alone.
     *
     * @param ran the names already judged in this word (by {@link #arithmeticUse} of its arithmetic), skipped
     */
    void mentionedCodeValues(String word, Site site, Set<String> ran) {
        codeValueUses(word, site, true, ran);
    }

    private void codeValueUses(String text, Site site, boolean skipPlain, Set<String> ran) {
        if (!analysis.env.hasCodeValues() || text == null) {
            return;
        }
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '_' || Character.isLetter(c)) {
                int j = i;
                while (j < n && (text.charAt(j) == '_' || Character.isLetterOrDigit(text.charAt(j)))) {
                    j++;
                }
                String name = text.substring(i, j);
                String v = analysis.env.codeValue(name);
                boolean skip = skipPlain && (plainExpansion(text, i) || i == 0 && (text.startsWith("=", j)
                        || text.startsWith("+=", j)));
                if (v != null && !skip && (ran == null || ran.add(name))) {
                    arithmeticText(v, site, "arithmetic value of " + name);
                }
                i = j;
            }
        }
    }

    /** Whether the name at {@code i} is expanded as text: {@code $v}, {@code ${v…}}, {@code ${#v}}. */
    private static boolean plainExpansion(String text, int i) {
        return i >= 1 && text.charAt(i - 1) == '$'
                || i >= 2 && text.startsWith("${", i - 2)
                || i >= 3 && text.startsWith("${#", i - 3);
    }

    /**
     * Arithmetic assigns variables too: {@code (( PATH = 1 ))}, {@code $(( x += 2 ))}, {@code i++}. The
     * value is a number (never code), so only which variables are set matters ({@link ArithmeticTargets}).
     */
    void arithmeticAssignments(String expr, Site site) {
        ArithmeticTargets t = ArithmeticTargets.of(expr);
        for (String name : t.names()) {
            set(name, "0", false, false, site, "is set by arithmetic");
        }
        boolean unknown = t.unknown();
        for (String v : t.expanded()) {
            unknown |= !expandedTargets(v, site);
        }
        if (unknown) {
            unknownName("0", false, site, "arithmetic sets a variable whose name is only known at run time");
        }
    }

    /**
     * Sets the variables {@code $v} may name as an arithmetic target: each value this classification gave v that is
     * a name (a number is no target: bash refuses the assignment). False when a value is not known here: set by
     * the run, inherited, or neither a name nor a number.
     */
    private boolean expandedTargets(String v, Site site) {
        EnvState.Value last = analysis.env.value(v);
        if (last == null || last.dynamic()) {
            return false;
        }
        for (String literal : analysis.env.literals(v)) {
            String name = literal.strip();
            if (isName(name)) {
                set(name, "0", false, false, site, "is set by arithmetic (through $" + v + ")");
            } else if (name.isEmpty() || !name.chars().allMatch(Character::isDigit)) {
                return false;
            }
        }
        return true;
    }
}
