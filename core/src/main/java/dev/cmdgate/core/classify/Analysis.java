package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.AssignRule;
import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.FifoRule;
import dev.cmdgate.core.rules.Condition;
import dev.cmdgate.core.rules.EnvArgs;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.Language;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.ReadRule;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.RunsRule;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.ShellOptionRule;
import dev.cmdgate.core.rules.Verdict;
import dev.cmdgate.core.rules.When;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state of one classification: the highest class and level so far, the findings and the
 * invocations. Holds the mechanisms (argv-first, unwrapping, option
 * parsing, redirections, code in arguments, environment hooks); the knowledge comes from the
 * {@link RuleSet}. Not thread-safe; one per call.
 */
final class Analysis {

    /** Nested code (sh -c inside sh -c …) deeper than this fails closed. */
    static final int MAX_CODE_DEPTH = 12;
    /** Simple commands analysed per classification before failing closed. */
    static final int MAX_COMMANDS = 20_000;
    /** Wrappers around wrappers (env env … nice …): past this depth the chain fails closed. */
    static final int MAX_WRAPPER_DEPTH = 64;
    /**
     * Words handed on from wrappers to the commands they run, summed over one classification. Each level
     * of a chain re-reads the words after it, so a long chain over a long argv costs depth × length;
     * past this budget the chain fails closed (real chains are a few levels over a few hundred words).
     */
    static final int MAX_WRAPPED_WORDS = 500_000;
    static final int MAX_FINDINGS = 200;
    static final int MAX_INVOCATIONS = 5_000;

    /** Where a command's standard input comes from. */
    /**
     * Where a command's standard input comes from. HIDDEN: a terminal, device, FIFO, socket or
     * descriptor — a source whose content cmdgate cannot know, unlike a file's.
     */
    enum StdinKind { TERMINAL, PIPE, HEREDOC, FILE, NONE, HIDDEN }

    record Stdin(StdinKind kind, String text, boolean literal) {
        static final Stdin TERMINAL = new Stdin(StdinKind.TERMINAL, null, true);
        static final Stdin PIPE = new Stdin(StdinKind.PIPE, null, false);
        static final Stdin NONE = new Stdin(StdinKind.NONE, null, true);
        static final Stdin FILE = new Stdin(StdinKind.FILE, null, false);
        static final Stdin HIDDEN = new Stdin(StdinKind.HIDDEN, null, false);
    }

    /** Nesting context of the command being analysed. */
    record Ctx(String loc, int depth, int pipeline, int stage, Stdin stdin) {
        Ctx withStdin(Stdin s) {
            return new Ctx(loc, depth, pipeline, stage, s);
        }
    }

    final RuleSet rules;
    CommandClass cls = CommandClass.READ;
    RiskLevel level = RiskLevel.MINIMAL;
    final List<Finding> findings = new ArrayList<>();
    final List<CommandInvocation> invocations = new ArrayList<>();
    int nextPipeline;
    int commands;
    private int wrapperDepth;
    private long wrappedWords;
    /** Words produced by brace expansion so far (bounded, see ShellAnalysis). */
    int expandedWords;
    boolean exhausted;
    // The script's memories (functions, downloaded, scriptFiles, fifos, codeVariables) start as empty immutable
    // collections and become mutable on their first write: most classifications write none of them.

    /** Function names defined by the script being analysed (calls to them are not unknown programs). */
    private Set<String> functions = Set.of();
    /** The variables set so far, which are exported, and the shell options that change assignments. */
    final EnvState env = new EnvState();
    /**
     * Files written so far, in script order, by commands that reach the network (as {@link #fileKey}):
     * running one later in the same script runs code nobody has seen ({@code curl -o x URL && ./x}).
     */
    private Set<String> downloaded = Set.of();
    /**
     * The literal text the script wrote so far into files (as {@link #fileKey}, in the order written; see
     * {@link #rememberOutput}): running one of them later as code of a language cmdgate reads reads that text.
     */
    private Map<String, String> scriptFiles = Map.of();
    /** At most this many files' texts are remembered, each at most {@link #MAX_SCRIPT_FILE} characters. */
    static final int MAX_SCRIPT_FILES = 64;
    static final int MAX_SCRIPT_FILE = 64 * 1024;
    /** Files written by the simple command being analysed, or null outside a script's simple command. */
    List<String> written;
    /** The highest class raised while the current simple command was analysed. */
    CommandClass commandMax = CommandClass.READ;
    /** The files the gate depends on: writing one is Destructive. */
    OwnFiles own = OwnFiles.NONE;
    /** Variables the command tree must not change ({@link LaunchReview#guardedVariables}), and the verdict if it does. */
    Set<String> guarded = Set.of();
    Verdict guardedVerdict;
    /** The launch's working directory, or null when unknown (the CLI, the corpus). */
    String cwd;
    /** The home directory {@code ~} stands for when paths are resolved against {@link #cwd}, or null. */
    String home;
    /** A cd/pushd/popd was seen: relative paths no longer start at {@link #cwd}. */
    boolean changedDirectory;
    /**
     * The programs that receive the launch's environment (see {@link RulesClassifier#environmentReceivers}),
     * or null when they are not being collected.
     */
    Set<String> receivers;
    /** A receiver could not be named (a command only known at run time, too many commands). */
    boolean receiversUnknown;
    /** Shell scripts analysed so far: tells whether a shell's own code was seen. */
    int scriptsRun;
    /** Operands the current command's code and writes rows have claimed: they are not read as files (null: none). */
    private Set<Arg> claimed;

    /** Programs whose change of directory makes relative paths unknown (shell semantics, not rules data). */
    private static final Set<String> DIRECTORY_CHANGERS = Set.of("cd", "pushd", "popd");

    /** The rules' trust rows with what they check (the directories a command may run in); null without rows. */
    private final Trust trust;

    Analysis(RuleSet rules) {
        this(rules, dev.cmdgate.core.LaunchSite.NONE);
    }

    Analysis(RuleSet rules, dev.cmdgate.core.LaunchSite site) {
        this.rules = rules;
        this.trust = rules.trust().isEmpty() ? null : new Trust(site);
    }

    /**
     * When a word of a {@code runs between} command holds a {@code replace} word ({@code {}}): the files
     * it stands for, one below each of the wrapper's starting points — its arguments before the first
     * that starts with {@code -}, {@code (} or {@code !} ({@code .} when there is none; at most 8) — whose
     * name is only known at run time. They are read paths (credential stores). Empty when no word holds one.
     */
    private static List<Arg> foundFiles(List<Arg> cmd, List<Arg> all, List<String> replace) {
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
        for (Arg w : all) {
            if (w.text.isEmpty() || w.text.startsWith("-") || w.text.startsWith("(") || w.text.startsWith("!")
                    || out.size() >= 8) {
                break;
            }
            out.add(new Arg((w.text.endsWith("/") ? w.text : w.text + "/") + "$(…)", true, false, -1, -1));
        }
        if (out.isEmpty()) {
            out.add(new Arg("./$(…)", true, false, -1, -1));
        }
        return out;
    }

    /** A program that receives the launch's environment; null for one that cannot be named. */
    private void receiver(String program) {
        if (receivers == null) {
            return;
        }
        if (program == null || receivers.size() >= MAX_INVOCATIONS) {
            receiversUnknown = true;
        } else {
            receivers.add(program);
        }
    }

    Classification result() {
        if (findings.isEmpty()) {
            findings.add(new Finding("", "argv", cls, level, "nothing to run"));
        }
        return new Classification(cls, level, findings, invocations);
    }

    // ------------------------------------------------------------------ findings

    void raise(String command, String location, Verdict v) {
        raise(command, location, v, null);
    }

    void raise(String command, String location, Verdict v, String detail) {
        if (v == null) {
            return;
        }
        boolean raises = v.commandClass().ordinal() > cls.ordinal() || v.level().ordinal() > level.ordinal();
        commandMax = commandMax.max(v.commandClass());
        cls = cls.max(v.commandClass());
        level = level.max(v.level());
        // past the cap, keep only findings that raise the answer, so the reason is always listed
        if (findings.size() < MAX_FINDINGS || raises && findings.size() < 2 * MAX_FINDINGS) {
            String reason = detail == null ? v.reason() : v.reason() + ": " + detail;
            findings.add(new Finding(clip(command), location, v.commandClass(), v.level(), reason, v.rule()));
        }
    }

    Verdict setting(String key) {
        return rules.verdict(key);
    }

    static String clip(String s) {
        if (s == null) {
            return "";
        }
        return s.length() <= 200 ? s : s.substring(0, 197) + "...";
    }

    // ------------------------------------------------------------------ argv entry

    void top(List<String> argv, Map<String, String> env) {
        if (env != null) {
            for (Map.Entry<String, String> e : env.entrySet()) {
                if (e.getKey() == null) {
                    continue;
                }
                String v = e.getValue() == null ? "" : e.getValue();
                // the application's environment may hold secrets: a finding shows the value only of a variable
                // whose value is what makes it risky (a hook, code), as the audit line's env does
                String n = e.getKey();
                String shown = rules.isEnvHook(n) ? n + "=" + v : n + "=\u2026";
                setVariable(n, v, false, true, new Ctx("environment", 0, nextPipeline++, 0, Stdin.NONE),
                        shown, "environment", "is set by the launch");
            }
        }
        if (argv == null || argv.isEmpty()) {
            raise("", "argv", setting("empty"));
            return;
        }
        List<Arg> words = new ArrayList<>(argv.size());
        for (String s : argv) {
            words.add(Arg.literal(s));
        }
        Ctx ctx = new Ctx("argv", 0, nextPipeline++, 0, Stdin.TERMINAL);
        command(words, Map.of(), ctx, joinArgv(argv), "argv", List.of());
    }

    /** The ASCII characters a displayed word needs no quotes for. */
    private static final boolean[] PLAIN_ASCII = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            PLAIN_ASCII[c] = Character.isLetterOrDigit(c) || "-_./=:,+@%^~".indexOf(c) >= 0;
        }
    }

    static String joinArgv(List<String> argv) {
        StringBuilder b = new StringBuilder();
        for (String s : argv) {
            if (b.length() > 0) {
                b.append(' ');
            }
            if (s == null) {
                s = "";
            }
            boolean plain = !s.isEmpty();
            for (int i = 0; i < s.length() && plain; i++) {
                char c = s.charAt(i);
                plain = c < 128 ? PLAIN_ASCII[c] : Character.isLetterOrDigit(c);
            }
            if (plain) {
                b.append(s);
            } else {
                b.append('\'').append(s.replace("'", "'\\''")).append('\'');
            }
            if (b.length() > 400) {
                break;
            }
        }
        return b.toString();
    }

    /** The words as a user would type them, for findings; long lists are cut (the display only). */
    static String joinArgs(List<Arg> args) {
        List<String> t = new ArrayList<>(Math.min(args.size(), 64));
        for (Arg a : args) {
            if (t.size() == 64) {
                t.add("…");
                break;
            }
            t.add(a.text);
        }
        return joinArgv(t);
    }

    // ------------------------------------------------------------------ one simple command

    /**
     * Classifies one simple command (already expanded into words) with its inline assignments; its
     * redirections were checked by the caller. {@code networkRedirects} are the network-device
     * targets of its redirections, used to spot reverse shells.
     */
    void command(List<Arg> words, Map<String, String> assigns, Ctx ctx, String display, String location,
            List<String> networkRedirects) {
        command(words, assigns, ctx, display, location, networkRedirects, true);
    }

    /**
     * As above; {@code record} false for a command cmdgate puts together to judge a variable's value
     * ({@code git -c KEY=VALUE} for GIT_CONFIG_*): it is judged, but it is not a command the launch runs.
     * The inline assignments were judged by the caller ({@link #setVariable}).
     */
    void command(List<Arg> words, Map<String, String> assigns, Ctx ctx, String display, String location,
            List<String> networkRedirects, boolean record) {
        if (exhausted) {
            return;
        }
        if (++commands > MAX_COMMANDS) {
            exhausted = true;
            raise(display, location, setting("too-deep"), "more than " + MAX_COMMANDS + " commands");
            return;
        }
        if (words.isEmpty()) {
            if (!assigns.isEmpty()) {
                record(words, "", "", Set.of(), List.of(), assigns, ctx, false);
            }
            return;
        }
        Arg w0 = words.get(0);
        if (w0.dynamic) {
            receiver(null);
            record(words, w0.text, w0.text, Set.of(), argsAfter(words), assigns, ctx, true);
            raise(display, location, setting("dynamic-command"), "the command name " + w0.text + " is computed at run time");
            return;
        }
        String path = w0.text;
        String name = path;
        boolean pathProgram = false;
        int slash = path.lastIndexOf('/');
        if (slash >= 0) {
            String dir = Paths.resolveDots(Paths.normalize(path.substring(0, Math.max(slash, 1))));
            name = path.substring(slash + 1);
            if (!rules.isSystemDir(dir) || name.isEmpty()) {
                pathProgram = true;
            }
        }
        Section section = pathProgram ? null : rules.program(name);
        boolean function = !pathProgram && slash < 0 && !functions.isEmpty() && functions.contains(name);
        if (function) {
            section = null;
        }
        ParsedArgs p = OptionParser.parse(section, words);
        Map<String, String> recorded = assigns;
        if (section != null) {
            recorded = shellState(p, assigns, ctx, display, location);
        }
        List<String> operands = texts(p.operands);
        if (!p.subWords.isEmpty()) {
            List<String> withSubs = texts(p.subWords);
            withSubs.addAll(operands);
            operands = withSubs;
        }
        if (record) {
            record(words, name, path, OrderedNames.of(p.options), operands, recorded, ctx, false);
        }
        if (slash >= 0) {
            ranDownloaded(path, display, location);
            ranProgram(path, ctx, display, location);
        }
        if (trust != null && !function) {
            // a command the user's rules trust: this simple command only, nothing around it
            dev.cmdgate.core.rules.TrustRule t = trust.match(rules.trust(), words, name, !pathProgram);
            if (t != null) {
                raise(display, location, new Verdict(CommandClass.READ, RiskLevel.MINIMAL, t.findingReason()));
                return;
            }
            if (section != null && section.chdir()) {
                trust.changedDirectory(p.operands.isEmpty() ? null : p.operands.get(0));
            }
        }

        if (!function && DIRECTORY_CHANGERS.contains(name)) {
            changedDirectory = true;
        }
        if (pathProgram) {
            receiver(Paths.normalize(path));
            raise(display, location, setting("path-program"), path + " is not a standard system program");
            readDefault(p, display, location);
            return;
        }
        if (function) {
            return; // its body was classified where it was defined
        }
        if (section == null) {
            receiver(name);
            raise(display, location, setting("unknown-program"), name + " is not in the rules");
            readDefault(p, display, location);
            return;
        }
        if (words.size() == 2 && !words.get(1).dynamic && section.isVersionFlag(words.get(1).text)) {
            receiver(name);
            raise(display, location, setting("version"));
            return;
        }
        Set<Arg> outer = claimed;
        claimed = null;   // one per command: nested scripts and wrapped commands have their own
        boolean carried;
        try {
            carried = evaluate(p, words, ctx, display, location, networkRedirects);
        } finally {
            claimed = outer;
        }
        if (!(carried && rules.isSecretCarrier(name)) && !rules.isSecretInert(name)) {
            receiver(name);
        }
    }

    /** An operand a code or writes row used: it is not read as a file. */
    private void claim(Arg a) {
        if (claimed == null) {
            // by identity: two operands may have the same text; most commands claim one or two
            claimed = Collections.newSetFromMap(new java.util.IdentityHashMap<>(4));
        }
        claimed.add(a);
    }

    /** Returns whether the command's own work is running commands cmdgate saw: a wrapper's target, a shell's script. */
    private boolean evaluate(ParsedArgs p, List<Arg> words, Ctx ctx, String display, String location,
            List<String> networkRedirects) {
        Section deepest = p.section();
        Verdict base = null;
        for (Section s = deepest; s != null && base == null; s = s.parent()) {
            base = s.verdict();
        }
        Set<String> facts = new LinkedHashSet<>();
        String dry = dryRun(p, facts);
        if (dry != null) {
            // git clean -n, apt-get -s: only shows what it would do; what its options run still counts
            Verdict d = setting("dry-run");
            raise(display, location, d != null ? d : DRY_RUN, dry);
            base = null;
        }
        raise(display, location, base);
        if (p.anyOption && dry == null) {
            Verdict g = setting("glob-option");
            boolean any = false;
            // options written after the sub-command are those of the deepest section
            for (OptionSpec o : deepest.visibleOptions()) {
                if (o.effect() != null && p.mayBe(o)) {
                    raise(display, location, o.effect(), "a glob may expand to " + o.canonical());
                    any = true;
                }
            }
            if (any && g != null && g.commandClass() != CommandClass.READ) {
                raise(display, location, g);
            }
        }
        for (ParsedArgs.Use u : p.options) {
            if (dry == null && u.spec() != null && u.spec().effect() != null) {
                raise(display, location, u.spec().effect(), u.name() + (u.value() != null ? "=" + u.value() : ""));
            }
        }
        boolean codeFound = false;
        int scriptsBefore = scriptsRun;
        for (Section s : p.path) {
            for (CodeRule c : s.codes()) {
                codeFound |= code(c, p, ctx, display, location, facts);
            }
        }
        for (int i = 0, n = dry == null ? p.path.size() : 0; i < n; i++) {
            List<When> whens = p.path.get(i).whens();
            for (int k = 0, m = whens.size(); k < m; k++) {
                When w = whens.get(k);
                if (holds(w.conditions(), p, facts)) {
                    raise(display, location, w.verdict(), w.text());
                }
            }
        }
        for (Section s : p.path) {
            for (FifoRule f : s.fifos()) {
                if (holds(f.conditions(), p, facts)) {
                    for (int i = 0; i < p.operands.size() && fifos.size() < 1000; i++) {
                        Arg a = p.operands.get(i);
                        if ((f.index() < 0 || f.index() == i) && !a.unresolved()) {
                            String path = a.normalized();
                            if (fifos.isEmpty()) {
                                fifos = new LinkedHashSet<>();
                            }
                            fifos.add(path.startsWith("./") ? path.substring(2) : path);
                        }
                    }
                }
            }
            for (WriteRule wr : s.writes()) {
                if (dry == null && holds(wr.conditions(), p, facts)) {
                    writes(wr, p, display, location);
                }
            }
        }
        reads(p, facts, display, location);
        // code read from standard input, or from a script file
        if (!codeFound && deepest.stdinCode() != null) {
            int n = deepest.stdinCodeAfter();
            boolean readsStdin = p.operands.size() <= n
                    || p.operands.get(n).text.equals("-") || p.operands.get(n).text.equals("/dev/stdin")
                    || (rules.isShell(p.path.get(0).word()) && p.has("-s"));
            if (readsStdin) {
                codeFound = true;
                stdinCode(deepest, p, ctx, display, location);
            }
        }
        if (!codeFound && deepest.codeFile() != null && !p.operands.isEmpty()) {
            Arg file = p.operands.get(0);
            if (file.unresolved()) {
                raise(display, location, setting("dynamic-code"), "the script " + file.text + " is only known at run time");
            } else {
                raise(display, location, deepest.codeFile(), "runs " + file.text);
                ranDownloaded(file.text, display, location);
            }
            ranWritten(file.text, codeFileLanguage(deepest), ctx, display, location);
        }
        if (deepest.stdinCode() != null && !networkRedirects.isEmpty()) {
            raise(display, location, setting("reverse-shell"), String.join(" ", networkRedirects));
        }
        boolean carried = scriptsRun > scriptsBefore;
        RunsRule runs = deepest.runs();
        if (runs != null) {
            carried |= runs(runs, p, words, ctx, display, location);
        }
        return carried;
    }

    /** The dry-run verdict of rule sets written before it was a setting. */
    private static final Verdict DRY_RUN = new Verdict(CommandClass.READ, RiskLevel.MINIMAL, "only shows what it would do");

    /**
     * The dry-run option given, when the nearest section with a {@code dry-run} row (from the
     * deepest up) names one that is present and its conditions hold; null otherwise. A glob that may
     * expand to any option never makes a dry run.
     */
    private String dryRun(ParsedArgs p, Set<String> facts) {
        for (Section s = p.section(); s != null; s = s.parent()) {
            if (s.dryRun() == null) {
                continue;
            }
            for (String o : s.dryRun()) {
                if (p.has(o) && holds(s.dryRunIf(), p, facts)) {
                    return o;
                }
            }
            return null;
        }
        return null;
    }

    // ------------------------------------------------------------------ code in arguments

    /** Applies one code row; returns true when it found code. */
    private boolean code(CodeRule c, ParsedArgs p, Ctx ctx, String display, String location, Set<String> facts) {
        for (String u : c.unless()) {
            if (p.has(u)) {
                return false;
            }
        }
        switch (c.source()) {
            case OPT -> {
                boolean found = false;
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(c.name()) && u.value() != null) {
                        found |= optionCode(c, u, p, ctx, display, location, facts);
                    }
                }
                return found;
            }
            case FLAG -> {
                if (p.has(c.name()) && !p.operands.isEmpty()) {
                    Arg a = p.operands.get(0);
                    claim(a);
                    read(c, a.text, a.unresolved(), p, ctx, display, location, facts);
                    return true;
                }
                if (p.anyOption && !p.operands.isEmpty() && mayBeOption(p, c.name())) {
                    // a glob may expand to the flag: its first operand could become code
                    raise(display, location, setting("dynamic-code"), "a glob may expand to " + c.name());
                }
                return false;
            }
            case OPERAND -> {
                boolean found = false;
                int from = c.index() == CodeRule.EVERY ? 0 : c.index();
                int to = c.index() == CodeRule.EVERY ? p.operands.size() : Math.min(c.index() + 1, p.operands.size());
                for (int i = from; i < to; i++) {
                    Arg a = p.operands.get(i);
                    if (!c.keys().isEmpty()) {
                        // git config KEY VALUE: the operand before is the key
                        Arg key = p.operands.get(i - 1);
                        if (!keyMatches(c.keys(), key.text)) {
                            if (key.unresolved()) {
                                raise(display, location, setting("dynamic-code"), "the key " + key.text
                                        + " is only known at run time and may name a command");
                            }
                            continue;
                        }
                    }
                    String v = c.after().isEmpty() ? a.text : prefixed(a.text, c.after());
                    if (v == null) {
                        continue; // with markers, the operand is code only when it starts with one (git alias '!CMD')
                    }
                    found = true;
                    claim(a);
                    read(c, v, a.unresolved(), p, ctx, display, location, facts);
                }
                return found;
            }
            case OPERANDS -> {
                StringBuilder b = new StringBuilder();
                boolean dyn = false;
                boolean any = false;
                int from = Math.max(0, c.index());
                if (from < p.operands.size() && p.operands.get(from).text.equals("--")) {
                    from++; // ssh host -- CMD
                }
                for (int i = from; i < p.operands.size(); i++) {
                    Arg a = p.operands.get(i);
                    if (c.until().contains(a.text)) {
                        break;
                    }
                    if (b.length() > 0) {
                        b.append(' ');
                    }
                    b.append(a.text);
                    dyn |= a.unresolved();
                    any = true;
                    claim(a);
                }
                if (any) {
                    read(c, b.toString(), dyn, p, ctx, display, location, facts);
                }
                return any;
            }
            case VALUES -> {
                boolean any = false;
                for (Arg a : p.operands) {
                    int eq = a.text.indexOf('=');
                    if (eq > 0 && (c.keys().isEmpty() || keyMatches(c.keys(), a.text.substring(0, eq)))) {
                        any = true;
                        read(c, a.text.substring(eq + 1), a.unresolved(), p, ctx, display, location, facts);
                    }
                }
                return any;
            }
            default -> {
                return false;
            }
        }
    }

    /**
     * One option value under an OPT code row: with keys, the value is {@code KEY=VALUE} (or
     * {@code KEY VALUE}) and only a matching key's VALUE is code; markers then must start it. Without
     * keys, markers are found anywhere in the value. Returns whether code was found.
     */
    private boolean optionCode(CodeRule c, ParsedArgs.Use u, ParsedArgs p, Ctx ctx, String display, String location,
            Set<String> facts) {
        String v = u.value();
        boolean dyn = u.from().unresolved();
        if (!c.keys().isEmpty()) {
            int sep = keyEnd(v);
            String key = v.substring(0, sep);
            if (!keyMatches(c.keys(), key)) {
                if (dyn && (key.indexOf('$') >= 0 || key.indexOf('\u2026') >= 0 || key.indexOf('`') >= 0)) {
                    raise(display, location, setting("dynamic-code"), "the key in " + v + " is only known at run time");
                    return true;
                }
                return false;
            }
            v = valueAfterKey(v, sep);
            if (!c.after().isEmpty()) {
                v = prefixed(v, c.after());
                if (v == null) {
                    return false;
                }
            }
        } else if (!c.after().isEmpty() && !c.until().isEmpty()) {
            // rpm --eval '%(CMD) %(CMD2)': every enclosed piece, each up to its end marker
            List<String> pieces = enclosed(v, c.after(), c.until().get(0));
            for (int i = 0; i < pieces.size() && i < 64; i++) {
                read(c, pieces.get(i), dyn, p, ctx, display, location, facts);
            }
            return !pieces.isEmpty();
        } else if (!c.after().isEmpty()) {
            v = after(v, c.after());
            if (v == null) {
                return false;
            }
        }
        read(c, v, dyn, p, ctx, display, location, facts);
        return true;
    }

    /**
     * The texts after every occurrence of a marker (case-insensitive), each up to {@code end}: when the marker
     * ends with an opening bracket and {@code end} is its closing one, the one that balances it ({@code %(a (b))}
     * is {@code a (b)}); without an end, the rest of the value (a cut-off piece fails as it would run).
     */
    static List<String> enclosed(String v, List<String> markers, String end) {
        List<String> out = new ArrayList<>();
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        int from = 0;
        while (from < v.length() && out.size() < 64) {
            int best = -1;
            String marker = null;
            for (String m : markers) {
                int k = lower.indexOf(m.toLowerCase(java.util.Locale.ROOT), from);
                if (k >= 0 && (best < 0 || k < best)) {
                    best = k;
                    marker = m;
                }
            }
            if (best < 0) {
                break;
            }
            int st = best + marker.length();
            char open = marker.charAt(marker.length() - 1);
            boolean balance = end.length() == 1 && "([{".indexOf(open) >= 0 && ")]}".indexOf(end.charAt(0)) == "([{".indexOf(open);
            int depth = 0;
            int k = st;
            int stop = -1;
            while (k < v.length()) {
                if (balance && v.charAt(k) == open) {
                    depth++;
                } else if (v.startsWith(end, k) && depth-- == 0) {
                    stop = k;
                    break;
                }
                k++;
            }
            out.add(v.substring(st, stop < 0 ? v.length() : stop));
            from = stop < 0 ? v.length() : stop + end.length();
        }
        return out;
    }

    /** Where a {@code KEY=VALUE} / {@code KEY VALUE} setting's key ends: the first '=' or blank. */
    private static int keyEnd(String v) {
        for (int i = 0; i < v.length(); i++) {
            char ch = v.charAt(i);
            if (ch == '=' || ch == ' ' || ch == '\t') {
                return i;
            }
        }
        return v.length();
    }

    private static String valueAfterKey(String v, int sep) {
        int i = sep;
        while (i < v.length() && (v.charAt(i) == ' ' || v.charAt(i) == '\t')) {
            i++;
        }
        if (i < v.length() && v.charAt(i) == '=') {
            i++;
        }
        return v.substring(i);
    }

    /** Configuration keys are matched without regard to case (git, ssh and apt keys are case-insensitive). */
    static boolean keyMatches(List<String> globs, String key) {
        String k = key.toLowerCase(java.util.Locale.ROOT);
        for (String g : globs) {
            if (Glob.matches(g.toLowerCase(java.util.Locale.ROOT), k)) {
                return true;
            }
        }
        return false;
    }

    /** The text after a marker that starts {@code v} (leading blanks ignored), or null. */
    private static String prefixed(String v, List<String> markers) {
        String t = v.stripLeading();
        for (String m : markers) {
            if (t.regionMatches(true, 0, m, 0, m.length())) {
                return t.substring(m.length());
            }
        }
        return null;
    }

    /**
     * The text after the first occurrence of a marker (case-insensitive), or null. A marker written
     * {@code ^WORD} only counts at the start of a statement: at the start of the text or after a
     * {@code ;} or a newline, blanks allowed (gdb's {@code shell CMD}, mysql's {@code system CMD}).
     */
    static String after(String v, List<String> markers) {
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        for (String m : markers) {
            if (m.length() > 1 && m.charAt(0) == '^') {
                String w = m.substring(1).toLowerCase(java.util.Locale.ROOT);
                int at = 0;
                while (at >= 0 && at <= lower.length()) {
                    int k = at;
                    while (k < lower.length() && (lower.charAt(k) == ' ' || lower.charAt(k) == '\t')) {
                        k++;
                    }
                    if (lower.startsWith(w, k)) {
                        return v.substring(k + w.length());
                    }
                    int semi = lower.indexOf(';', at);
                    int nl = lower.indexOf('\n', at);
                    int next = semi < 0 ? nl : nl < 0 ? semi : Math.min(semi, nl);
                    at = next < 0 ? -1 : next + 1;
                }
                continue;
            }
            int k = lower.indexOf(m.toLowerCase(java.util.Locale.ROOT));
            if (k >= 0) {
                return v.substring(k + m.length());
            }
        }
        return null;
    }

    /**
     * Reads text a code row found, the way the row says: a shell line, an argv, a program name, a
     * code file, or code in a language; text only known at run time is unverifiable code.
     */
    void read(CodeRule c, String text, boolean dynamic, ParsedArgs p, Ctx ctx, String display, String location,
            Set<String> facts) {
        switch (c.language()) {
            case "argv" -> {
                if (dynamic) {
                    raise(display, location, setting("dynamic-code"), "the command " + text + " is only known at run time");
                    return;
                }
                List<Arg> words = c.sep() == null ? OptionParser.split(text, Arg.literal(text)) : splitAt(text, c.sep().charAt(0));
                nested(words, ctx, display, location);
            }
            case "program" -> {
                if (dynamic) {
                    raise(display, location, setting("dynamic-command"), "the program " + text + " is only known at run time");
                    return;
                }
                if (text.isBlank()) {
                    return;
                }
                List<Arg> words = new ArrayList<>();
                words.add(Arg.literal(text));
                for (String w : c.args()) {
                    words.add(Arg.literal(w));
                }
                if (c.withOperands()) {
                    List<Arg> ops = p.operands;
                    int from = !ops.isEmpty() && ops.get(0).text.equals("--") ? 1 : 0;
                    words.addAll(ops.subList(from, ops.size()));
                }
                nested(words, ctx, display, location);
            }
            case "file" -> {
                if (dynamic) {
                    raise(display, location, setting("dynamic-code"), "the code file " + text + " is only known at run time");
                } else if (isHiddenSource(text) && !text.equals("/dev/null")) {
                    raise(display, location, hiddenInput(), "code is read from " + text);
                }
            }
            default -> runCode(c.language(), text, dynamic, ctx, display, location, facts);
        }
    }

    /** Words split at one separator character (gcc -wrapper prog,arg1,arg2); empty words are kept out. */
    private static List<Arg> splitAt(String text, char sep) {
        List<Arg> out = new ArrayList<>();
        int st = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == sep) {
                if (i > st) {
                    out.add(Arg.literal(text.substring(st, i)));
                }
                st = i + 1;
            }
        }
        return out;
    }

    /**
     * A command an option or code names, run by the program being judged: classified in its own
     * right. Its standard input is the tool's data, not code the user typed (a pager reads git's
     * output), and the tool adds arguments cmdgate does not see, so it is judged with no input.
     */
    private void nested(List<Arg> words, Ctx ctx, String display, String location) {
        nested(words, ctx, display, location, Stdin.NONE);
    }

    /** As above, with the input the command reads ({@code os.system("sh")} reads the interpreter's). */
    void nested(List<Arg> words, Ctx ctx, String display, String location, Stdin in) {
        if (words.isEmpty()) {
            return;
        }
        if (ctx.depth() + 1 > MAX_CODE_DEPTH) {
            raise(display, location, setting("too-deep"), "commands nested more than " + MAX_CODE_DEPTH + " deep");
            return;
        }
        if (wrapperDepth >= MAX_WRAPPER_DEPTH) {
            raise(display, location, setting("too-deep"), "wrappers nested more than " + MAX_WRAPPER_DEPTH + " deep");
            return;
        }
        wrapperDepth++;
        try {
            command(words, Map.of(), new Ctx(location + " > runs", ctx.depth() + 1, ctx.pipeline(), ctx.stage(), in),
                    joinArgs(words), location + " > runs", List.of());
        } finally {
            wrapperDepth--;
        }
    }

    /** Code in a language: sh is parsed and classified; sed/awk analysed; anything else is opaque. */
    void runCode(String lang, String code, boolean dynamic, Ctx ctx, String display, String location, Set<String> facts) {
        if (dynamic) {
            raise(display, location, setting("dynamic-code"), "the " + lang + " code is computed at run time");
            return;
        }
        switch (lang) {
            case "sh" -> {
                String c = code.trim();
                if (c.isEmpty() || c.equals("-")) {
                    return;
                }
                if (ctx.depth() + 1 > MAX_CODE_DEPTH) {
                    raise(display, location, setting("too-deep"), "scripts nested more than " + MAX_CODE_DEPTH + " deep");
                    return;
                }
                scriptsRun++;
                ShellAnalysis.script(this, code, new Ctx(location + " > script", ctx.depth() + 1, 0, 0, ctx.stdin()));
            }
            case "sed", "awk" -> {
                List<CodeFacts.Cmd> cmds = new ArrayList<>(0);
                List<String> writes = new ArrayList<>(0);
                facts.addAll(lang.equals("sed") ? CodeFacts.sed(code, writes, cmds) : CodeFacts.awk(code, writes, cmds));
                for (String f : writes) {
                    writePath(Arg.literal(f), null, display, location);
                }
                // the commands the program runs (sed's e, awk's system() and pipes) are judged too
                for (int i = 0; i < cmds.size() && i < 64; i++) {
                    CodeFacts.Cmd c = cmds.get(i);
                    if (c.dynamic()) {
                        raise(display, location, setting("dynamic-code"), "the " + lang
                                + " program runs a command only known at run time");
                    } else {
                        runCode("sh", c.text(), false, c.piped() ? ctx.withStdin(Stdin.PIPE) : ctx, display,
                                location + " > " + lang, new LinkedHashSet<>());
                    }
                }
            }
            case "sql" -> {
                facts.addAll(CodeFacts.sql(code));
                for (String c : CodeFacts.sqlShellCommands(code)) {
                    // \! CMD, .shell CMD, system CMD: the client hands the rest of the line to a shell
                    runCode("sh", c, false, ctx.withStdin(Stdin.NONE), display, location + " > shell escape", facts);
                }
            }
            case "mongo" -> facts.addAll(CodeFacts.mongo(code));
            case "puppet" -> PuppetReading.read(this, code, ctx, display, location, facts);
            case "less" -> facts.addAll(CodeFacts.less(code));
            default -> {
                Language l = rules.language(lang);
                if (l == null) {
                    raise(display, location, setting("opaque-code"), lang + " code");
                } else if (ctx.depth() + 1 > MAX_CODE_DEPTH) {
                    raise(display, location, setting("too-deep"), "code nested more than " + MAX_CODE_DEPTH + " deep");
                } else {
                    // python -c, node -e …: the language's calls are read (docs/rules-format.md, [@lang])
                    OneLiner.analyse(this, l, code, new Ctx(location + " > " + lang, ctx.depth() + 1, ctx.pipeline(),
                            ctx.stage(), ctx.stdin()), display, location + " > " + lang, 0);
                }
            }
        }
    }

    private void stdinCode(Section deepest, ParsedArgs p, Ctx ctx, String display, String location) {
        String lang = stdinLanguage(deepest);
        Stdin in = ctx.stdin();
        switch (in.kind()) {
            case PIPE -> raise(display, location, setting("piped-code"));
            case HEREDOC -> {
                if (!in.literal()) {
                    raise(display, location, setting("dynamic-code"), "the here-document has expansions");
                } else if (lang.equals("sh") || rules.language(lang) != null) {
                    // the code was the input: what it runs reads what is left of it, nothing
                    runCode(lang, in.text(), false, ctx.withStdin(Stdin.NONE), display, location + " <<", new LinkedHashSet<>());
                } else {
                    raise(display, location, setting("heredoc-code"), lang + " code in a here-document");
                }
            }
            case FILE -> {
                if (interactive(deepest, p)) {
                    raise(display, location, hiddenInput(), "an interactive shell reads a file as typed input");
                } else {
                    raise(display, location, setting("stdin-file-code"));
                }
                if (in.text() != null) {
                    ranDownloaded(in.text(), display, location);
                }
            }
            case HIDDEN -> raise(display, location, hiddenInput(), "standard input is a terminal, device, FIFO or socket");
            case NONE -> {
            }
            default -> raise(display, location, deepest.stdinCode());
        }
    }

    /** The hidden-input verdict; rule sets written before it existed fall back to piped-code. */
    Verdict hiddenInput() {
        Verdict v = setting("hidden-input");
        return v != null ? v : setting("piped-code");
    }

    /** Whether one of the section's {@code stdin-code … interactive OPT} options is given (sh -i). */
    private static boolean interactive(Section deepest, ParsedArgs p) {
        for (String o : deepest.stdinInteractive()) {
            if (p.has(o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether reading {@code path} gives content cmdgate cannot know: a terminal, device, FIFO made
     * by this script, /proc entry or descriptor (not /dev/null, not an ordinary file under /dev).
     */
    boolean isHiddenSource(String path) {
        String p = Paths.normalize(path);
        if (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (fifos.contains(p)) {
            return true;
        }
        if (p.equals("/dev/null") || p.equals("/dev/zero")) {
            return false;
        }
        return (p.startsWith("/dev/") && !rules.isOrdinaryFile(p)) || p.startsWith("/proc/");
    }

    /** Paths this script made FIFOs of (mkfifo f; sh <f): reading them is reading another process's output. */
    private Set<String> fifos = Set.of();

    /**
     * The language a program reads from standard input: that of its section's first code row that
     * holds code (not a command line, program name or file reading); sh when there is none.
     */
    private static String stdinLanguage(Section deepest) {
        String lang = codeRowsLanguage(deepest);
        return lang != null ? lang : "sh";
    }

    /** The language of the first code row on the section's path that holds code, or null. */
    private static String codeRowsLanguage(Section deepest) {
        for (Section s = deepest; s != null; s = s.parent()) {
            for (CodeRule c : s.codes()) {
                if (!READINGS.contains(c.language())) {
                    return c.language();
                }
            }
        }
        return null;
    }

    /**
     * The language of a script file a section's {@code code-file} row runs: the row's own, else that of
     * the code rows on the path ({@code python -c}), else none (null): code cmdgate cannot read.
     */
    private static String codeFileLanguage(Section deepest) {
        return deepest.codeFileLanguage() != null ? deepest.codeFileLanguage() : codeRowsLanguage(deepest);
    }

    /**
     * Running a file this script wrote literal text into ({@code echo '…' > f.go; go run f.go}): the text
     * is read as code of {@code lang} when cmdgate reads that language; else the runner's verdict stands.
     * The file is matched by its name as written, so {@code $TF.go} written and run is the same file.
     */
    void ranWritten(String file, String lang, Ctx ctx, String display, String location) {
        if (scriptFiles.isEmpty() || lang == null) {
            return;
        }
        String text = scriptFiles.get(fileKey(file));
        if (text == null || !(ANALYSED.contains(lang) || rules.language(lang) != null)) {
            return;
        }
        runCode(lang, text, false, ctx, display, location + " > " + file, new LinkedHashSet<>());
    }

    /**
     * Running a file this script wrote as a program ({@code ./f}, {@code /tmp/f}): its {@code #!} line names
     * the interpreter, whose {@code code-file} language reads the text; without one, the shell runs it.
     */
    private void ranProgram(String path, Ctx ctx, String display, String location) {
        String text = scriptFiles.isEmpty() ? null : scriptFiles.get(fileKey(path));
        if (text == null) {
            return;
        }
        String lang = "sh";
        if (text.startsWith("#!")) {
            int nl = text.indexOf('\n');
            String[] w = Chars.splitRuns(text.substring(2, nl < 0 ? text.length() : nl).trim(), " \t", 0);
            int k = 0;
            String prog = w[0].substring(w[0].lastIndexOf('/') + 1);
            if (prog.equals("env")) {
                for (k = 1; k < w.length && w[k].startsWith("-"); k++) {
                    // env -S, env -i: options before the interpreter
                }
                prog = k < w.length ? w[k] : "";
            }
            Section s = prog.isEmpty() ? null : rules.program(prog);
            lang = s == null || s.codeFile() == null ? null : codeFileLanguage(s);
        }
        ranWritten(path, lang, ctx, display, location);
    }

    /**
     * After a simple command with output redirections: a command whose output is known ({@code prints}
     * rows: echo, printf, cat of a literal here-document) wrote that text into the files its standard output
     * goes to ({@code >} replaces, {@code >>} appends); any other redirection leaves a file whose content is
     * not known, and what was remembered of it is forgotten. Writes by other means (chmod, cp, sed -i) keep
     * it: the text read later can only raise the verdict.
     */
    void rememberOutput(List<Arg> words, Stdin in, List<Arg> outs, List<Boolean> appends, List<Arg> others) {
        String out = null;
        if (!outs.isEmpty() && !words.isEmpty() && !words.get(0).dynamic) {
            String name = words.get(0).text;
            Section s = name.indexOf('/') < 0 && !functions.contains(name) ? rules.program(name) : null;
            if (s != null && s.prints() != null) {
                out = Printed.output(s.prints(), words, in);
            }
        }
        if (scriptFiles.isEmpty() && (out == null || outs.isEmpty())) {
            return; // nothing remembered to forget, nothing to remember
        }
        if (scriptFiles.isEmpty()) {
            scriptFiles = new java.util.HashMap<>();
        }
        for (Arg o : others) {
            scriptFiles.remove(fileKey(o.text));
        }
        for (int i = 0; i < outs.size(); i++) {
            String k = fileKey(outs.get(i).text);
            String prev = appends.get(i) ? scriptFiles.get(k) : null;
            String text = out == null ? null : prev == null ? out : prev + out;
            if (text != null && text.length() <= MAX_SCRIPT_FILE
                    && (scriptFiles.size() < MAX_SCRIPT_FILES || scriptFiles.containsKey(k))) {
                scriptFiles.put(k, text);
            } else {
                scriptFiles.remove(k);
            }
        }
    }

    /** Readings of code the classifier analyses itself (the others are [@lang] sections or opaque). */
    private static final Set<String> ANALYSED = Set.of("sh", "sed", "awk", "sql", "mongo", "less", "puppet");

    /** Code-row readings that name commands or files rather than hold code. */
    private static final Set<String> READINGS = Set.of("argv", "program", "file");

    // ------------------------------------------------------------------ wrappers

    /** Returns whether a command to run was found and analysed. */
    private boolean runs(RunsRule r, ParsedArgs p, List<Arg> words, Ctx ctx, String display, String location) {
        for (String u : r.unless()) {
            if (p.has(u)) {
                return false;
            }
        }
        if (!r.between().isEmpty()) {
            List<Arg> all = p.args;
            boolean found = false;
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
                    // the command inherits find's standard input (find . -exec sh \; is an interactive shell)
                    found = true;
                    command(cmd, Map.of(), ctx, joinArgs(cmd), location + " > " + all.get(i).text,
                            List.of());
                    for (Arg file : foundFiles(cmd, all, r.replace())) {
                        // {} is a file below each starting point: find ~/.ssh -exec cat {} + reads ~/.ssh/…
                        readPath(file, true, joinArgs(cmd), location + " > " + all.get(i).text + " (a file it finds)");
                    }
                }
                i = j;
            }
            return found;
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
                return false;
            }
            ops = p.operands.subList(Math.min(at, p.operands.size()), p.operands.size());
        }
        int k = 0;
        Map<String, String> assigns = new LinkedHashMap<>();
        if (r.assignments()) {
            // env(1) takes every leading NAME=VALUE argument (any NAME without '='), not only shell names
            while (k < ops.size() && ops.get(k).text.indexOf('=') > 0) {
                Arg as = ops.get(k);
                String t = as.text;
                String n = t.substring(0, t.indexOf('='));
                String v = t.substring(t.indexOf('=') + 1);
                assigns.put(n, v);
                if (n.indexOf('$') >= 0 || n.indexOf('\u2026') >= 0 || n.indexOf('`') >= 0) {
                    unknownVariable(v, as.unresolved(), ctx, display, location, "env sets a variable whose name is only known at run time");
                } else {
                    setVariable(n, v, as.unresolved(), true, ctx, display, location, "is set by " + p.path.get(0).word());
                }
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
        List<Arg> target = new ArrayList<>();
        // options of the wrapper written after its skipped operand (flock FILE -c CMD)
        while (k < ops.size() && ops.get(k).text.startsWith("-") && ops.get(k).text.length() > 1) {
            String t = ops.get(k).text;
            OptionSpec o = t.startsWith("--") ? s.longOption(t.substring(2)) : s.shortOption(t.charAt(1));
            if (o == null) {
                break;
            }
            if (o.arity() == OptionSpec.Arity.REQUIRED && t.length() == 2 && k + 1 < ops.size()) {
                ParsedArgs.Use u = new ParsedArgs.Use(o, o.canonical(), ops.get(k + 1).text, ops.get(k + 1));
                p.options.add(u);
                boolean isCode = false;
                for (CodeRule c : s.codes()) {
                    if (c.source() == CodeRule.Source.OPT && c.name().equals(o.canonical())) {
                        isCode |= optionCode(c, u, p, ctx, display, location, new LinkedHashSet<>());
                    }
                }
                if (u.spec().effect() != null) {
                    raise(display, location, u.spec().effect(), u.name() + "=" + u.value());
                }
                k += 2 + o.extraValues();
                if (isCode) {
                    return true; // flock FILE -c CMD: the option's value is the command
                }
                continue;
            }
            if (o.effect() != null) {
                raise(display, location, o.effect(), o.canonical());
            }
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
        }
        for (String w : r.prepend()) {
            target.add(Arg.literal(w));
        }
        for (int i = k; i < ops.size(); i++) {
            Arg t = ops.get(i);
            if (replace != null && t.text.contains(replace)) {
                // xargs -I{}: the input is substituted into the word at run time
                t = new Arg(t.text.replace(replace, "$(stdin)"), true, t.globLead, t.start, t.end);
            }
            target.add(t);
        }
        if (target.isEmpty()) {
            if (r.defaultArgv().isEmpty()) {
                return false;
            }
            for (String d : r.defaultArgv()) {
                target.add(Arg.literal(d));
            }
        }
        Stdin in = ctx.stdin();
        if (!r.stdinIf().isEmpty()) {
            boolean attached = false;
            for (String o : r.stdinIf()) {
                attached |= p.has(o);
            }
            if (!attached) {
                in = Stdin.NONE; // docker run IMAGE sh without -i: the shell reads nothing
            }
        }
        if (r.scripts() && isScriptName(target.get(0))) {
            return false; // yarn run build: a project script, judged by the wrapper's own verdict
        }
        if (r.stdinArgs() && replace == null) {
            target.add(new Arg("$(stdin)", true, false, -1, -1));
        }
        if (r.stdinArgs()) {
            in = Stdin.NONE;
        }
        if (wrapperDepth >= MAX_WRAPPER_DEPTH) {
            // bounded so a chain of 100,000 wrappers costs linear time and no stack, and fails closed
            raise(display, location, setting("too-deep"), "wrappers nested more than " + MAX_WRAPPER_DEPTH + " deep");
            return false;
        }
        wrappedWords += target.size();
        if (wrappedWords > MAX_WRAPPED_WORDS) {
            raise(display, location, setting("too-deep"), "wrappers hand on more than " + MAX_WRAPPED_WORDS
                    + " words in all");
            return false;
        }
        wrapperDepth++;
        try {
            command(target, assigns, ctx.withStdin(in), joinArgs(target), location + " > " + p.path.get(0).word() + " runs",
                    List.of());
        } finally {
            wrapperDepth--;
        }
        return true;
    }

    /** A plain word the rules do not know and no function defines: the name of a project script. */
    private boolean isScriptName(Arg a) {
        return !a.dynamic && a.text.indexOf('/') < 0 && !a.text.isEmpty() && rules.program(a.text) == null
                && !functions.contains(a.text);
    }

    // ------------------------------------------------------------------ variables and the environment

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
    void setVariable(String name, String value, boolean dynamic, boolean exported, Ctx ctx, String display,
            String location, String how) {
        String target = env.resolve(name);
        if (target == null) {
            unknownVariable(value, dynamic, ctx, display, location, name + " refers to a variable only known at run time");
            return;
        }
        if (guarded.contains(target) && !ctx.loc().equals("environment")) {
            raise(display, location, guardedVerdict, shown(name, target) + " " + how);
        }
        if (exported) {
            env.export(target);
        }
        boolean reachesPrograms = env.exports(target);
        env.remember(target, value, dynamic);
        codeVariable(target, value, dynamic);
        RuleSet.EnvVar rows = rules.envVar(target);
        Verdict hook = rows.hook();
        if (hook != null) {
            raise(display, location, hook, shown(name, target) + " " + how);
        }
        boolean known = rows.codeKind() != null && envCode(rows.codeKind(), target, value, dynamic, ctx, display, location);
        known |= envArgs(rows, target, value, dynamic, ctx, display, location);
        if (reachesPrograms && hook == null && !known && !rows.safe()) {
            raise(display, location, setting("env-unknown"), shown(name, target) + " " + how);
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
    void unknownVariable(String value, boolean dynamic, Ctx ctx, String display, String location, String how) {
        raise(display, location, setting("env-hook"), how + " (it may be any variable, one that changes what programs run among them)");
        if (!guarded.isEmpty()) {
            raise(display, location, guardedVerdict, how + " (it may be " + String.join(" or ", new java.util.TreeSet<>(guarded)) + ")");
        }
        if (value == null || dynamic || !value.isEmpty()) {
            raise(display, location, setting("dynamic-code"), "the value given to a variable whose name is only known at run time may be code");
        }
    }

    /**
     * An environment value that is code (env-code rows): PS4 is prompt-expanded, PROMPT_COMMAND is a
     * script, GIT_PAGER a script reading git's output, GIT_SSH a program, BASH_FUNC_name%% a function
     * definition … Literal code is classified; a value only known at run time is unverifiable code.
     *
     * @return whether the variable is code (its value was judged)
     */
    private boolean envCode(String lang, String name, String value, boolean dynamic, Ctx ctx, String display,
            String location) {
        if (dynamic) {
            raise(display, location, setting("dynamic-code"), "the code in " + name + " is computed at run time");
            return true;
        }
        String loc = location + " > " + name;
        Ctx none = ctx.withStdin(Stdin.NONE);
        switch (lang) {
            case "prompt", "expand" -> runCode("sh", promptScript(value), false, none, display, loc, new LinkedHashSet<>());
            case "function" -> {
                if (value.startsWith("()")) {
                    runCode("sh", "cmdgate_imported_function " + value, false, none, display, loc, new LinkedHashSet<>());
                }
            }
            case "pager" -> runCode("sh", value, false, ctx.withStdin(Stdin.PIPE), display, loc, new LinkedHashSet<>());
            case "program" -> {
                if (!value.isEmpty()) {
                    // run directly (no shell), with arguments the program chooses at run time
                    command(List.of(Arg.literal(value), new Arg("$(…)", true, false, -1, -1)), Map.of(), none,
                            display, loc, List.of());
                }
            }
            case "commands" -> {
                for (String part : value.split(":", 64)) {
                    runCode("sh", part, false, none, display, loc, new LinkedHashSet<>());
                }
            }
            case "pipe" -> {
                int i = 0;
                while (i < value.length() && (value.charAt(i) == '|' || value.charAt(i) == '-')) {
                    i++;
                }
                runCode("sh", value.substring(i), false, none, display, loc, new LinkedHashSet<>());
            }
            default -> runCode("sh", value, false, none, display, loc, new LinkedHashSet<>());
        }
        return true;
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
    private boolean envArgs(RuleSet.EnvVar rows, String name, String value, boolean dynamic, Ctx ctx, String display,
            String location) {
        boolean known = false;
        EnvArgs a = rows.args();
        if (a != null) {
            known = true;
            if (dynamic) {
                raise(display, location, setting("dynamic-code"), "the " + a.program() + " arguments in " + name
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
                command(words, Map.of(), ctx.withStdin(Stdin.NONE), display, location + " > " + name, List.of(), false);
            }
        }
        EnvArgs pairs = rows.pairs();
        if (pairs != null) {
            known |= pair(pairs, name, ctx, display, location);
        }
        return known;
    }

    /**
     * One half of an env-pairs pair was set: when the other half is known too, judge {@code OPTION KEY=VALUE}.
     *
     * @return whether the pair was judged (false: the other half is inherited or not set, so this half's
     *         meaning is not known)
     */
    private boolean pair(EnvArgs p, String name, Ctx ctx, String display, String location) {
        boolean isKey = name.startsWith(p.keyPrefix()) && name.length() > p.keyPrefix().length()
                && (!name.startsWith(p.valuePrefix()) || p.keyPrefix().length() >= p.valuePrefix().length());
        String suffix = name.substring(isKey ? p.keyPrefix().length() : p.valuePrefix().length());
        String keyName = p.keyPrefix() + suffix;
        String valueName = p.valuePrefix() + suffix;
        EnvState.Value k = env.value(keyName);
        EnvState.Value v = env.value(valueName);
        if (k == null || v == null) {
            return false;
        }
        String loc = location + " > " + keyName + "=" + valueName;
        if (k.dynamic()) {
            // a key only known at run time may be any key, one that runs its value among them
            if (v.dynamic()) {
                raise(display, loc, setting("dynamic-code"), "the key in " + keyName + " is only known at run time, the value in "
                        + valueName + " too");
            } else {
                runCode("sh", v.text(), false, ctx.withStdin(Stdin.NONE), display, loc, new LinkedHashSet<>());
            }
            return true;
        }
        command(List.of(Arg.literal(p.program()), Arg.literal(p.option()),
                new Arg(k.text() + "=" + v.text(), v.dynamic(), false, -1, -1)), Map.of(), ctx.withStdin(Stdin.NONE),
                display, loc, List.of(), false);
        return true;
    }

    /**
     * What a command does to the shell's variables and options, by its section's {@code sets} and
     * {@code assigns} rows ({@code set -k}, {@code export NAME=value}, {@code read NAME},
     * {@code printf -v NAME}, {@code declare -n REF=NAME} …). Returns the assignments to record for the
     * command: its inline ones plus the ones it makes.
     */
    private Map<String, String> shellState(ParsedArgs p, Map<String, String> assigns, Ctx ctx, String display,
            String location) {
        Set<String> noFacts = Set.of();
        for (Section s : p.path) {
            for (ShellOptionRule r : s.shellOptions()) {
                if (holds(r.conditions(), p, noFacts)) {
                    if (r.option() == ShellOptionRule.Option.ALLEXPORT) {
                        env.allexport = true;
                    } else {
                        env.keyword = true;
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
                if (!holds(r.conditions(), p, noFacts)) {
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
                            runtimeValue(a, r.exports(), recorded, ctx, display, location, program);
                        }
                    }
                    case OPERAND -> {
                        if (r.index() < p.operands.size()) {
                            runtimeValue(p.operands.get(r.index()), r.exports(), recorded, ctx, display, location, program);
                        }
                    }
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.option()) && u.value() != null) {
                                runtimeValue(new Arg(u.value(), u.from().dynamic, false, -1, -1), r.exports(), recorded,
                                        ctx, display, location, program);
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        if (operands) {
            for (Arg a : p.operands) {
                operandAssignment(a, exports, nameref, recorded, ctx, display, location, program);
            }
        }
        return recorded;
    }

    /** A variable named by {@code a} gets a value only known at run time ({@code read a}, {@code printf -v a}). */
    private void runtimeValue(Arg a, boolean exports, Map<String, String> recorded, Ctx ctx, String display,
            String location, String program) {
        if (a.unresolved()) {
            unknownVariable(null, true, ctx, display, location, program + " sets a variable whose name is only known at run time");
            return;
        }
        String name = assignedName(a.text);
        if (name == null) {
            return; // not a variable name: the builtin fails
        }
        recorded.put(name, "$(…)");
        setVariable(name, "$(…)", true, exports, ctx, display, location, "is set by " + program);
    }

    /**
     * One operand of a declaration builtin: {@code NAME=VALUE} sets NAME; a plain {@code NAME} declares it
     * (and with {@code exports} exports the value it has, which may have been set earlier or inherited);
     * with {@code nameref} the value is the name of the variable NAME stands for. An operand only known at
     * run time may be any of these for any variable.
     */
    private void operandAssignment(Arg a, boolean exports, boolean nameref, Map<String, String> recorded, Ctx ctx,
            String display, String location, String program) {
        String t = a.text;
        int eq = t.indexOf('=');
        String name = assignedName(eq > 0 ? t.substring(0, eq) : t);
        if (name == null) {
            if (a.dynamic) {
                unknownVariable(eq > 0 ? t.substring(eq + 1) : null, true, ctx, display, location,
                        program + " sets a variable whose name is only known at run time");
            }
            return;
        }
        if (eq < 0) {
            if (nameref) {
                env.nameref(name, null); // its target is set later: treated as only known at run time
            } else if (exports) {
                EnvState.Value known = env.value(env.resolve(name) == null ? name : env.resolve(name));
                recorded.put(name, known == null ? "$(…)" : known.text());
                setVariable(name, known == null ? "$(…)" : known.text(), known == null || known.dynamic(), true, ctx,
                        display, location, "is exported by " + program);
            }
            return;
        }
        String value = t.substring(eq + 1);
        boolean dynamic = a.unresolved();
        recorded.put(name, value);
        if (nameref) {
            env.nameref(name, dynamic ? null : assignedName(value));
            return;
        }
        setVariable(name, value, dynamic, exports, ctx, display, location, (exports ? "is exported by " : "is set by ") + program);
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
    static String promptScript(String text) {
        String delim = "CMDGATE_EOF";
        while (text.contains(delim)) {
            delim += "_";
        }
        return ": <<" + delim + "\n" + text + "\n" + delim + "\n";
    }

    /** Variables whose literal value holds a command substitution (run if used in arithmetic). */
    private Map<String, String> codeVariables = Map.of();

    boolean hasCodeVariables() {
        return !codeVariables.isEmpty();
    }

    void defineFunction(String name) {
        if (functions.isEmpty()) {
            functions = new LinkedHashSet<>();
        }
        functions.add(name);
    }

    /** The files the current simple command wrote hold what the network sent ({@code curl -o x URL}). */
    void downloadedWritten() {
        if (downloaded.size() < 1000 && !written.isEmpty()) {
            if (downloaded.isEmpty()) {
                downloaded = new java.util.HashSet<>();
            }
            downloaded.addAll(written);
        }
    }

    void codeVariable(String name, String value, boolean dynamic) {
        if (!dynamic && (value.contains("$(") || value.contains("`")) && codeVariables.size() < 1000) {
            if (codeVariables.isEmpty()) {
                codeVariables = new LinkedHashMap<>();
            }
            codeVariables.put(name, value);
        }
    }

    /**
     * bash evaluates a variable's value as an arithmetic expression when the variable is used in
     * arithmetic context; a subscript in that value runs its command substitutions. Classifies the
     * values of the code-holding variables named in {@code expr}.
     */
    void arithmeticUse(String expr, Ctx ctx, String display, String location) {
        if (codeVariables.isEmpty() || expr == null) {
            return;
        }
        int n = expr.length();
        for (int i = 0; i < n; i++) {
            char c = expr.charAt(i);
            if (c == '_' || Character.isLetter(c)) {
                int j = i;
                while (j < n && (expr.charAt(j) == '_' || Character.isLetterOrDigit(expr.charAt(j)))) {
                    j++;
                }
                String v = codeVariables.get(expr.substring(i, j));
                if (v != null) {
                    runCode("sh", promptScript(v), false, ctx.withStdin(Stdin.NONE), display,
                            location + " > arithmetic value of " + expr.substring(i, j), new LinkedHashSet<>());
                }
                i = j;
            }
        }
    }

    /**
     * Arithmetic assigns variables too: {@code (( PATH = 1 ))}, {@code $(( x += 2 ))}, {@code i++}. The
     * value is a number (never code), so only which variables are set matters.
     */
    void arithmeticAssignments(String expr, Ctx ctx, String display, String location) {
        if (expr == null || (expr.indexOf('=') < 0 && !expr.contains("++") && !expr.contains("--"))) {
            return;
        }
        int n = expr.length();
        int found = 0;
        for (int i = 0; i < n && found < 64; i++) {
            char c = expr.charAt(i);
            if (!(c == '_' || Character.isLetter(c)) || (i > 0 && (expr.charAt(i - 1) == '$'
                    || expr.charAt(i - 1) == '_' || Character.isLetterOrDigit(expr.charAt(i - 1))))) {
                continue;
            }
            int j = i;
            while (j < n && (expr.charAt(j) == '_' || Character.isLetterOrDigit(expr.charAt(j)))) {
                j++;
            }
            String name = expr.substring(i, j);
            int k = j;
            if (k < n && expr.charAt(k) == '[') {
                int close = expr.indexOf(']', k);
                k = close < 0 ? n : close + 1;
            }
            while (k < n && expr.charAt(k) == ' ') {
                k++;
            }
            boolean before = i >= 2 && (expr.startsWith("++", i - 2) || expr.startsWith("--", i - 2));
            boolean assigns = before || expr.startsWith("++", k) || expr.startsWith("--", k)
                    || expr.startsWith("<<=", k) || expr.startsWith(">>=", k)
                    || (k < n && expr.charAt(k) == '=' && (k + 1 >= n || expr.charAt(k + 1) != '='))
                    || (k + 1 < n && "+-*/%&^|".indexOf(expr.charAt(k)) >= 0 && expr.charAt(k + 1) == '=');
            if (assigns && isName(name)) {
                found++;
                setVariable(name, "0", false, false, ctx, display, location, "is set by arithmetic");
            }
            i = j - 1;
        }
    }

    // ------------------------------------------------------------------ written files

    private void writes(WriteRule wr, ParsedArgs p, String display, String location) {
        switch (wr.target()) {
            case OPERANDS -> {
                for (Arg a : p.operands) {
                    claim(a);
                    writePath(a, wr.verdict(), display, location);
                }
            }
            case LAST -> {
                if (!p.operands.isEmpty()) {
                    claim(p.operands.get(p.operands.size() - 1));
                    writePath(p.operands.get(p.operands.size() - 1), wr.verdict(), display, location);
                }
            }
            case OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        writePath(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), display, location);
                    }
                }
            }
            case KEY -> {
                String prefix = wr.name() + "=";
                for (Arg a : p.operands) {
                    if (a.text.startsWith(prefix)) {
                        writePath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), wr.verdict(),
                                display, location);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.operands;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && wr.words().contains(all.get(i).text)) {
                        claim(all.get(i + 1));
                        writePath(all.get(i + 1), wr.verdict(), display, location);
                    }
                }
            }
            case PREFIXED -> {
                List<Arg> ops = p.operands;
                int from = 0;
                int to = ops.size();
                if ("first".equals(wr.name())) {
                    to = Math.min(1, to);
                } else if ("last".equals(wr.name())) {
                    from = Math.max(0, to - 1);
                }
                for (int i = from; i < to; i++) {
                    Arg a = ops.get(i);
                    for (String part : a.text.split("!!")) {
                        String lower = part.toLowerCase(java.util.Locale.ROOT);
                        for (String prefix : wr.words()) {
                            if (lower.startsWith(prefix)) {
                                String file = part.substring(prefix.length());
                                int comma = file.indexOf(',');
                                file = comma >= 0 ? file.substring(0, comma) : file;
                                if (!file.isEmpty()) {
                                    writePath(new Arg(file, a.dynamic, false, -1, -1), wr.verdict(), display, location);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            case URL_NAMES -> {
                for (Arg a : p.operands) {
                    String name = urlFileName(a.text);
                    if (name != null) {
                        writePath(new Arg(name, a.dynamic, false, -1, -1), wr.verdict(), display, location);
                    }
                }
            }
            case MENTIONS_OPERANDS -> {
                for (Arg a : p.operands) {
                    mentions(a, wr.verdict(), display, location);
                }
            }
            case MENTIONS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        mentions(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), display, location);
                    }
                }
            }
            default -> {
            }
        }
    }

    /**
     * A file the command writes: devices, network pseudo-devices, sensitive places, else the verdict.
     * A path only known at run time is judged by its known beginning: {@code /dev/tcp/$HOST/$PORT}
     * is a network connection, {@code ~/.ssh/$NAME} a sensitive place, {@code /dev/$X} some device.
     */
    void writePath(Arg a, Verdict ordinary, String display, String location) {
        String path = a.normalized();
        if (written != null && written.size() < 1000) {
            written.add(fileKey(a.text));
        }
        String probe = a.unresolved() ? staticPrefix(path) + "x" : path;
        if (rules.isHarmlessDevice(probe)) {
            return;
        }
        OwnFiles.Entry mine = own.reached(a.text, changedDirectory ? null : cwd, a.unresolved());
        if (mine != null) {
            raise(display, location, setting("own-files"), mine.what() + " " + mine.path());
            return;
        }
        if (rules.isNetworkDevice(probe)) {
            raise(display, location, setting("network-device"), path);
            return;
        }
        if (probe.startsWith("/dev/") && !rules.isOrdinaryFile(probe)) {
            raise(display, location, setting("device-write"), path);
            return;
        }
        if (rules.isSensitivePath(probe)) {
            raise(display, location, setting("sensitive-write"), path);
            return;
        }
        raise(display, location, ordinary, a.text);
    }

    // ------------------------------------------------------------------ read files

    /**
     * The files the command reads: its sections' {@code reads} rows; with none (and no {@code reads none}), every
     * operand that is not code, a command to run, or a file a {@code writes} row named.
     */
    private void reads(ParsedArgs p, Set<String> facts, String display, String location) {
        boolean declared = false;
        boolean wrapper = false;
        // operand i is read when read[i] > 0, recursively when it is 2: rows overlap (grep reads its operands, and
        // with -r reads them recursively), and each operand is checked once
        byte[] read = null;
        for (Section s : p.path) {
            declared |= s.readsNone() || s.declaresReads();
            wrapper |= s.runs() != null;
            for (ReadRule r : s.reads()) {
                if (holds(r.conditions(), p, facts)) {
                    if (read == null) {
                        read = new byte[p.operands.size()];
                    }
                    readRule(r, p, read, display, location);
                }
            }
        }
        for (int i = 0, n = read == null ? 0 : read.length; i < n; i++) {
            if (read[i] > 0) {
                readPath(p.operands.get(i), read[i] == 2, display, location);
            }
        }
        if (!declared && !wrapper) {
            readDefault(p, display, location);
        }
    }

    /** A program the rules say nothing about reading: every operand not claimed as code or a written file. */
    private void readDefault(ParsedArgs p, String display, String location) {
        for (Arg a : p.operands) {
            if (claimed == null || !claimed.contains(a)) {
                readPath(a, false, display, location);
            }
        }
    }

    /** Marks operands {@code [from, to)} read ({@code read} as in {@link #reads}). */
    private static void markRead(byte[] read, int from, int to, boolean recursive) {
        byte mark = (byte) (recursive ? 2 : 1);
        for (int i = from; i < to; i++) {
            read[i] = (byte) Math.max(read[i], mark);
        }
    }

    private void readRule(ReadRule r, ParsedArgs p, byte[] read, String display, String location) {
        List<Arg> ops = p.operands;
        int n = ops.size();
        switch (r.target()) {
            case OPERANDS -> markRead(read, 0, n, r.recursive());
            case FIRST -> markRead(read, 0, Math.min(1, n), r.recursive());
            case LAST -> markRead(read, Math.max(0, n - 1), n, r.recursive());
            case BUT_FIRST -> markRead(read, Math.min(1, n), n, r.recursive());
            case BUT_LAST -> markRead(read, 0, Math.max(0, n - 1), r.recursive());
            case OPT, MENTIONS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(r.name()) && u.value() != null) {
                        Arg v = new Arg(u.value(), u.from().dynamic, false, -1, -1);
                        if (r.target() == ReadRule.Target.OPT) {
                            readPath(v, r.recursive(), display, location);
                        } else {
                            readMentions(v, display, location);
                        }
                    }
                }
            }
            case KEY -> {
                String prefix = r.name() + "=";
                for (Arg a : ops) {
                    if (a.text.startsWith(prefix)) {
                        readPath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), r.recursive(),
                                display, location);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.args;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && r.words().contains(all.get(i).text)) {
                        readPath(all.get(i + 1), r.recursive(), display, location);
                    }
                }
            }
            case MENTIONS_OPERANDS -> ops.forEach(a -> readMentions(a, display, location));
            default -> {
            }
        }
    }

    /**
     * A file the command reads: a credential store (or, for a recursive reader, a directory holding one) raises
     * {@code verdict credential-read}, naming it. A word such as {@code @FILE} or {@code NAME=@FILE} (the
     * upload syntax of curl, httpie and gh) names the file after its {@code @} or {@code =}. A path only
     * known at run time is judged by its known beginning ({@code ~/.ssh/$K}) and with each expansion standing
     * for one file name ({@code /proc/$PID/environ}).
     */
    void readPath(Arg a, boolean recursive, String display, String location) {
        String text = a.text;
        if (credentialRead(text, a.unresolved(), recursive, display, location)) {
            return;
        }
        int cut = Math.max(text.lastIndexOf('@'), text.indexOf('='));
        if (cut >= 0 && cut + 1 < text.length()) {
            credentialRead(text.substring(cut + 1), a.unresolved(), recursive, display, location);
        }
    }

    private boolean credentialRead(String text, boolean dynamic, boolean recursive, String display, String location) {
        if (text.isEmpty() || text.equals("-")) {
            return false;
        }
        String path = forReading(text);
        boolean found = dynamic
                ? rules.isCredentialStore(staticPrefix(path) + "x") || rules.isCredentialStore(eachExpansionOneName(path))
                        || recursive && !staticPrefix(path).isEmpty() && rules.holdsCredentialStore(staticPrefix(path))
                : rules.isCredentialStore(path) || recursive && rules.holdsCredentialStore(path);
        if (found) {
            raise(display, location, setting("credential-read"), path);
        }
        return found;
    }

    /** Every path-like word inside a value that names files in the program's own syntax. */
    private void readMentions(Arg a, String display, String location) {
        List<String> words = pathWords(a.text);
        for (int k = 0; k < words.size() && k < 64; k++) {
            String w = words.get(k);
            credentialRead(w, a.dynamic && w.indexOf('$') >= 0, false, display, location);
        }
    }

    /** The words of a value made of path characters, in order ({@code $HOME} written as {@code ~}). */
    private static List<String> pathWords(String text) {
        String v = text.replace("${HOME}", "~").replace("$HOME", "~");
        List<String> words = new ArrayList<>();
        int n = v.length();
        int i = 0;
        while (i < n) {
            while (i < n && !pathChar(v.charAt(i))) {
                i++;
            }
            int st = i;
            while (i < n && pathChar(v.charAt(i))) {
                i++;
            }
            if (i > st) {
                words.add(v.substring(st, i));
            }
        }
        return words;
    }

    /**
     * A read path as the credential stores are written: normalised, a relative one taken from the working
     * directory when that is known, and a path in the home directory written with {@code ~}.
     */
    private String forReading(String text) {
        String p = Paths.normalize(text);
        if (cwd != null && !changedDirectory && !p.startsWith("/") && !p.startsWith("~") && !p.startsWith("$")) {
            p = Paths.resolveDots(Paths.normalize(cwd + "/" + p));
        }
        if (home != null && home.length() > 1 && p.length() > home.length() && p.charAt(home.length()) == '/'
                && p.startsWith(home)) {
            p = "~" + p.substring(home.length());
        }
        return p;
    }

    /** {@code /proc/$PID/environ} → {@code /proc/x/environ}: each expansion stands for one file name. */
    static String eachExpansionOneName(String path) {
        StringBuilder b = new StringBuilder(path.length());
        int i = 0;
        int n = path.length();
        while (i < n) {
            char c = path.charAt(i);
            if (c == '$' || c == '`' || c == '\u2026') {
                b.append('x');
                i++;
                if (i < n && (path.charAt(i) == '{' || path.charAt(i) == '(')) {
                    char close = path.charAt(i) == '{' ? '}' : ')';
                    int end = path.indexOf(close, i);
                    i = end < 0 ? n : end + 1;
                } else {
                    while (i < n && (Character.isLetterOrDigit(path.charAt(i)) || path.charAt(i) == '_')) {
                        i++;
                    }
                }
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /**
     * The network device a redirection target names, also when only its beginning is known
     * ({@code /dev/tcp/$HOST/$PORT}), or null.
     */
    String networkTarget(Arg a) {
        String path = a.normalized();
        String probe = a.unresolved() ? staticPrefix(path) + "x" : path;
        return rules.isNetworkDevice(probe) ? path : null;
    }

    /** The part of a (normalised) word before its first expansion. */
    static String staticPrefix(String text) {
        int end = text.length();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '$' || c == '`' || c == '\u2026') {
                end = i;
                break;
            }
        }
        return text.substring(0, end);
    }

    /** The file a download of a URL is saved as by default: its last path segment, or null for none. */
    static String urlFileName(String url) {
        int scheme = url.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        String rest = url.substring(scheme + 3);
        int cut = rest.length();
        for (char c : new char[] {'?', '#'}) {
            int k = rest.indexOf(c);
            if (k >= 0 && k < cut) {
                cut = k;
            }
        }
        rest = rest.substring(0, cut);
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        String name = rest.substring(rest.lastIndexOf('/') + 1);
        return name.isEmpty() || name.equals(".") || name.equals("..") ? null : name;
    }

    /** Every path-like word inside a value that is a command of the program's own language. */
    private void mentions(Arg a, Verdict ordinary, String display, String location) {
        int found = 0;
        for (String w : pathWords(a.text)) {
            if (found >= 64) {
                break;
            }
            if (w.startsWith("/") || w.startsWith("~") || rules.isSensitivePath(w)) {
                found++;
                writePath(new Arg(w, a.dynamic && w.indexOf('$') >= 0, false, -1, -1), ordinary, display, location);
            }
        }
    }

    private static boolean pathChar(char c) {
        return Character.isLetterOrDigit(c) || "/._~+%$-".indexOf(c) >= 0;
    }

    /** How a written or run file is remembered: normalised, without a leading {@code ./}. */
    static String fileKey(String text) {
        String k = Paths.normalize(text);
        while (k.startsWith("./")) {
            k = k.substring(2);
        }
        return k;
    }

    /** Running a file that a network command wrote earlier in the script: unverifiable code. */
    void ranDownloaded(String file, String display, String location) {
        if (!downloaded.isEmpty() && downloaded.contains(fileKey(file))) {
            raise(display, location, setting("dynamic-code"), file + " was written earlier in this command line by a command that reaches the network");
        }
    }

    // ------------------------------------------------------------------ conditions

    boolean holds(List<Condition> conds, ParsedArgs p, Set<String> facts) {
        for (int i = 0, n = conds.size(); i < n; i++) {
            Condition c = conds.get(i);
            if (test(c, p, facts) == c.negate()) {
                return false;
            }
        }
        return true;
    }

    private boolean test(Condition c, ParsedArgs p, Set<String> facts) {
        switch (c.kind()) {
            case OPTION -> {
                return p.has(c.name()) || (p.anyOption && !c.negate() && mayBeOption(p, c.name()));
            }
            case OPTION_VALUE -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(c.name()) && u.value() != null
                            && operandMatches(c.glob(), new Arg(u.value(), u.from().dynamic, false, -1, -1))) {
                        return true;
                    }
                }
                return p.anyOption && !c.negate() && mayBeOption(p, c.name());
            }
            case OPERAND -> {
                for (Arg a : p.operands) {
                    if (operandMatches(c.glob(), a)) {
                        return true;
                    }
                }
                return p.anyOption && !c.negate() && c.glob().startsWith("-") && p.mayBe(c.glob());
            }
            case LAST_OPERAND -> {
                return !p.operands.isEmpty() && operandMatches(c.glob(), p.operands.get(p.operands.size() - 1));
            }
            case OPERAND_AT -> {
                return c.number() < p.operands.size() && operandMatches(c.glob(), p.operands.get(c.number()));
            }
            case OPERANDS_GT -> {
                return p.operands.size() > c.number();
            }
            case OPERANDS_EQ -> {
                return p.operands.size() == c.number();
            }
            case DASHDASH -> {
                return p.dashdash;
            }
            case FACT -> {
                return facts.contains(c.name());
            }
            default -> {
                return false;
            }
        }
    }

    /** Whether a glob of the command may expand to a spelling of the option with this canonical name. */
    private static boolean mayBeOption(ParsedArgs p, String canonical) {
        for (OptionSpec o : p.section().visibleOptions()) {
            if (o.canonical().equals(canonical) && p.mayBe(o)) {
                return true;
            }
        }
        return false;
    }

    private boolean operandMatches(String glob, Arg a) {
        if (glob.equals("$dynamic")) {
            return a.unresolved();
        }
        String normal = a.normalized();
        if (glob.equals("$sensitive")) {
            return rules.isSensitivePath(a.unresolved() ? staticPrefix(normal) + "x" : normal);
        }
        if (glob.length() > 1 && glob.charAt(0) == '@' && rules.hasList(glob.substring(1))) {
            String list = glob.substring(1);
            return rules.inList(list, a.text) || !normal.equals(a.text) && rules.inList(list, normal);
        }
        return Glob.matches(glob, a.text) || !normal.equals(a.text) && Glob.matches(glob, normal);
    }

    // ------------------------------------------------------------------ invocations

    private void record(List<Arg> words, String program, String path, Set<String> options, List<String> operands,
            Map<String, String> assigns, Ctx ctx, boolean dynamic) {
        if (invocations.size() >= MAX_INVOCATIONS) {
            return;
        }
        invocations.add(new CommandInvocation(texts(words), program, path, options,
                operands, assigns.isEmpty() ? Map.of() : Map.copyOf(assigns), ctx.pipeline(), ctx.stage(), dynamic));
    }

    static List<String> texts(List<Arg> args) {
        List<String> out = new ArrayList<>(args.size());
        for (int i = 0, n = args.size(); i < n; i++) {
            out.add(args.get(i).text);
        }
        return out;
    }

    private static List<String> argsAfter(List<Arg> words) {
        return texts(words.subList(1, words.size()));
    }
}
