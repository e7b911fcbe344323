package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.FifoRule;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.RunsRule;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.When;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One classification: its answer so far (the highest class and level, the findings, the invocations), the state
 * the script builds up while it is read, and the path every command takes — the argv entry, one simple command
 * (its program's rules section, options, trust rows) and the rows evaluated for it. The mechanisms it hands work
 * to read and write this state and raise findings here: {@link CodeArguments} (code in arguments, input and
 * files), {@link Wrappers} ({@code runs} rows), {@link Variables} (assignments and the environment),
 * {@link FileEffects} (files written and read), {@link Conditions} (row conditions); {@link ShellAnalysis} walks
 * shell scripts into it and {@link OneLiner} interpreter code. The knowledge comes from the {@link RuleSet}.
 * Not thread-safe; one per call.
 */
final class Analysis {

    static final int MAX_FINDINGS = 200;
    static final int MAX_INVOCATIONS = 5_000;

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

    /**
     * What each descriptor above 0 that a redirection opened holds for the command being judged, and so for what it
     * runs ({@code bash /dev/fd/3 3<<< '…'}, {@code find … -exec sh /dev/fd/3 \; 3< f}): a here-string or
     * here-document as its text, a file by its name, a process substitution as a pipe. A descriptor not in it
     * holds what only the run knows.
     */
    Map<Integer, Stdin> descriptors = Map.of();

    /** Nesting context of the command being analysed. */
    record Ctx(String loc, int depth, int pipeline, int stage, Stdin stdin) {
        Ctx withStdin(Stdin s) {
            return new Ctx(loc, depth, pipeline, stage, s);
        }
    }

    /** Programs whose change of directory makes relative paths unknown (shell semantics, not rules data). */
    private static final Set<String> DIRECTORY_CHANGERS = Set.of("cd", "pushd", "popd");

    // the answer so far
    CommandClass cls = CommandClass.READ;
    RiskLevel level = RiskLevel.MINIMAL;
    final List<Finding> findings = new ArrayList<>();
    final List<CommandInvocation> invocations = new ArrayList<>();

    // the knowledge, and the mechanisms that work on this analysis
    final RuleSet rules;
    /** The rules' trust rows with what they check (the directories a command may run in); null without rows. */
    private final Trust trust;
    final Conditions conditions;
    final Variables variables = new Variables(this);
    final FileEffects files;
    final CodeArguments code = new CodeArguments(this);
    /** Created by the first command with project-file rows ({@link #projectFiles()}), as the helpers below: most lines need none. */
    private ProjectFiles projectFiles;
    final Wrappers wrappers = new Wrappers(this);
    final FunctionCalls calls = new FunctionCalls(this);
    /** {@code set -- WORDS}: the statements after it judged with WORDS as their parameters. */
    private PositionalSets positionalSets;
    /** The commands whose files steer them ({@code steer} rows), read once the launch is otherwise Read. */
    final Steering steering;
    /** Interpreter launches whose one-line program only computes and prints (docs/pure-code.md). */
    final PureLaunches pure;
    /** The files of more arguments a command's words name ({@code argfiles} rows). */
    final ArgumentFiles argfiles = new ArgumentFiles(this);

    // what the script has done so far
    /** The fail-closed bounds and what has been used of them. */
    final Budget budget = new Budget();
    /** The arithmetic inside the loops being walked, judged again when they end (a next round sees later values). */
    private LoopArithmetic loops;
    /** The variables set so far, which are exported, and the shell options that change assignments. */
    final EnvState env = new EnvState();
    /** What the script did to files that its later commands depend on (downloads, written texts, FIFOs). */
    final ScriptFiles scriptFiles = new ScriptFiles();
    /** The files the line encrypted, whose deletion or overwrite later in it is ransomware's move. */
    private EncryptedOriginals encrypted;
    /** The functions of the shell script being walked (calls to them are not unknown programs). */
    DefinedFunctions functions = DefinedFunctions.NONE;
    /**
     * Every name a script judged so far defines as a function, anywhere (a branch, a body, an eval'd string): a call
     * of such a name may run the function, so it is never a program the rules say prints only numbers.
     */
    Set<String> functionNames = Set.of();
    int nextPipeline;
    /**
     * What the command being judged gets on its standard input when that follows from the line: through its pipe
     * from an echo or printf before it, or from its own here-string, literal here-document, {@code < <(echo …)} or a
     * file the script wrote ({@link InputWords}); null otherwise.
     */
    PipedWords piped;
    /**
     * The command that prints each input process substitution {@code <(…)} judged so far, when it is one simple
     * command, by the word it stands in: {@code xargs -a <(echo ~/.bashrc)} reads the words echo prints.
     */
    private java.util.Map<Arg, List<Arg>> substitutedFiles = Map.of();
    /** The last simple command of a script judged, with its words: the producer a next pipeline stage reads. */
    dev.cmdgate.core.shell.SimpleCommand lastSimple;
    List<Arg> lastWords = List.of();
    /** Shell scripts analysed so far: tells whether a shell's own code was seen. */
    int scriptsRun;
    /**
     * Whether the commands being judged are run from a place something steered the program to (a helper program's
     * option or configuration key, a variable, a configuration file) rather than named as the command itself.
     */
    private boolean steered;

    // the simple command being analysed
    /** Files written by the simple command being analysed, or null outside a script's simple command. */
    List<String> written;
    /** The highest class raised while the current simple command was analysed. */
    CommandClass commandMax = CommandClass.READ;
    /**
     * The simple command being judged (and what it runs) writes its standard output into a file, not where the
     * caller reads it: {@code echo "$TOKEN" > f} does not show the secret (the fact {@code output.file}).
     */
    boolean outputToFile;
    /** Operands the current command's code and writes rows have claimed: they are not read as files (null: none). */
    private Set<Arg> claimed;

    // the programs that receive the launch's environment
    /**
     * The programs that receive the launch's environment (see {@link RulesClassifier#environmentReceivers}),
     * or null when they are not being collected.
     */
    Set<String> receivers;
    /** A receiver could not be named (a command only known at run time, too many commands). */
    boolean receiversUnknown;

    // what the party running the classifier guards
    /** Variables the command tree must not change ({@link LaunchReview#guardedVariables}), and the verdict if it does. */
    Set<String> guarded = Set.of();
    Rating guardedVerdict;

    /**
     * @param launch where the launch happens: its working directory (relative paths) and callers (trust rows)
     * @param own    the files the gate depends on
     * @param home   the home directory {@code ~} stands for when paths are resolved, or null
     */
    Analysis(RuleSet rules, dev.cmdgate.core.LaunchSite launch, OwnFiles own, String home) {
        this.rules = rules;
        this.trust = rules.trust().isEmpty() ? null : new Trust(launch);
        this.files = new FileEffects(this, own, launch.cwd(), home, launch.files());
        this.steering = new Steering(this, launch.files() != null);
        this.pure = new PureLaunches(this, launch.files() != null);
        this.conditions = new Conditions(rules, files);
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

    /**
     * Whether a program, by its name, is a shell or an interpreter: a program whose section reads code from
     * standard input ({@code stdin-code}) and is not a builtin of the shell ({@code state}: {@code .} and
     * {@code source} are not programs another program can run).
     */
    boolean isInterpreter(String name) {
        if (rules.isShell(name)) {
            return true;
        }
        Section s = rules.program(name);
        return s != null && s.stdinCode() != null && s.state().isEmpty();
    }

    // ------------------------------------------------------------------ findings

    void raise(Site site, Rating v) {
        raise(site.display(), site.location(), v, null);
    }

    void raise(Site site, Rating v, String detail) {
        raise(site.display(), site.location(), v, detail);
    }

    void raise(String command, String location, Rating v) {
        raise(command, location, v, null);
    }

    void raise(String command, String location, Rating v, String detail) {
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

    /** Whether the commands being judged now run from a steered place. */
    boolean steered() {
        return steered;
    }

    /** Judges what {@code judge} reaches as commands run from a steered place ({@link #steered}). */
    void steered(Runnable judge) {
        boolean outer = steered;
        steered = true;
        try {
            judge.run();
        } finally {
            steered = outer;
        }
    }

    Rating setting(String key) {
        return rules.verdict(key);
    }

    /** Raises a verdict of the settings a user's rules file may lack (the built-in rules set every one). */
    void raiseIfSet(Site site, String key, String detail) {
        Rating v = setting(key);
        if (v != null) {
            raise(site, v, detail);
        }
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
                // whose value is what makes it risky (a hook, code) and is no secret, as the audit line's env does
                String n = e.getKey();
                String shown = rules.isEnvHook(n) && !rules.isSecretVariable(n, v) ? n + "=" + v : n + "=\u2026";
                variables.set(n, v, false, true, new Site(new Ctx("environment", 0, nextPipeline++, 0, Stdin.NONE),
                        shown, "environment"), "is set by the launch");
            }
        }
        if (argv == null || argv.isEmpty()) {
            raise("", "argv", setting("empty"));
            return;
        }
        if (GlobOptionSources.widen(argv, env)) {
            files.dotglob = true;   // options from anywhere in the line or its environment hold for every pattern
        }
        List<Arg> words = new ArrayList<>(argv.size());
        for (String s : argv) {
            words.add(Arg.literal(s));
        }
        Ctx ctx = new Ctx("argv", 0, nextPipeline++, 0, Stdin.TERMINAL);
        command(words, Map.of(), new Site(ctx, joinArgv(argv), "argv"), List.of());
    }

    /** The ASCII characters a displayed word needs no quotes for. */
    private static final boolean[] PLAIN_ASCII = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            PLAIN_ASCII[c] = Character.isLetterOrDigit(c) || "-_./=:,+@%^~".indexOf(c) >= 0;
        }
    }

    static String joinArgv(List<String> argv) {
        // sized for the words (a space and two quotes each) up to the cut: no copy while the line grows
        int size = 0;
        for (int i = 0, n = argv.size(); i < n && size <= 512; i++) {
            String s = argv.get(i);
            size += (s == null ? 0 : s.length()) + 3;
        }
        StringBuilder b = new StringBuilder(Math.min(size, 512));
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
    void command(List<Arg> words, Map<String, String> assigns, Site site, List<String> networkRedirects) {
        command(words, assigns, site, networkRedirects, true);
    }

    /**
     * As above; {@code record} false for a command cmdgate puts together to judge a variable's value
     * ({@code git -c KEY=VALUE} for GIT_CONFIG_*): it is judged, but it is not a command the launch runs.
     * The inline assignments were judged by the caller ({@link Variables#set}).
     */
    void command(List<Arg> words, Map<String, String> assigns, Site site, List<String> networkRedirects, boolean record) {
        CommandClass outerMax = commandMax;
        commandMax = CommandClass.READ;
        try {
            judge(words, assigns, site, networkRedirects, record);
            OwnFiles.Entry in = files.inside();
            if (in != null && commandMax.atLeast(CommandClass.WRITE)) {
                // cd STATE && make, git -C STATE init: what it writes there is not named on the line
                raise(site, setting("own-files"), "it writes while working in " + in.what() + " " + in.path());
            }
        } finally {
            commandMax = outerMax.max(commandMax);
        }
    }

    private void judge(List<Arg> words, Map<String, String> assigns, Site site, List<String> networkRedirects,
            boolean record) {
        if (budget.exhausted) {
            return;
        }
        if (!budget.command()) {
            raise(site, setting("too-deep"), "more than " + Budget.MAX_COMMANDS + " commands");
            return;
        }
        if (words.isEmpty()) {
            if (!assigns.isEmpty()) {
                record(words, "", "", Set.of(), List.of(), assigns, site.ctx(), false);
            }
            return;
        }
        Arg w0 = words.get(0);
        if (w0.dynamic) {
            receiver(null);
            record(words, w0.text, w0.text, Set.of(), argsAfter(words), assigns, site.ctx(), true);
            raise(site, setting("dynamic-command"), "the command name " + w0.text + " is computed at run time");
            return;
        }
        if (w0.pattern != null) {
            globbed(words, assigns, site, networkRedirects, record);
        }
        String path = w0.text;
        String name = path;
        boolean pathProgram = false;
        int slash = path.lastIndexOf('/');
        if (slash >= 0) {
            String dir = PathText.resolveDots(PathText.normalize(path.substring(0, Math.max(slash, 1))));
            name = path.substring(slash + 1);
            if (!rules.isSystemDir(dir) || name.isEmpty()) {
                pathProgram = true;
            }
        }
        Section section = pathProgram ? null : rules.program(name);
        // a definition never shadows a program the rules describe: the use is judged as the program, the body
        // where it is defined (DefinedFunctions)
        boolean function = section == null && !pathProgram && slash < 0 && functions.calls(name);
        if (section != null && section.argfiles() != null) {
            // javac @args.txt: the file's words take the word's place, judged as if on the line
            List<List<Arg>> readings = argfiles.readings(section, words, site);
            if (readings != null) {
                words = readings.get(0);
                for (int i = 1, n = readings.size(); i < n && !budget.exhausted; i++) {
                    command(readings.get(i), assigns, site.at(site.location() + " (its argument files read from "
                            + "another directory it may work in)"), networkRedirects, false);
                }
            }
        }
        ParsedArgs p = OptionParser.parse(section, words);
        Section rowsOf = section != null || function ? section : rules.program(name);
        if (rowsOf == null || rowsOf.argfiles() == null) {
            // objcopy @F, x86_64-linux-gnu-gcc-12 @F: a file of more arguments no row describes (a program named by
            // its path is also judged as its namesake, which reads the files its row describes)
            for (int i = 0, n = p.operands.size(); i < n && i < 256; i++) {
                Arg o = p.operands.get(i);
                if (!o.unresolved() && o.pattern == null && o.text.length() > 1 && o.text.charAt(0) == '@') {
                    argfiles.unlisted(o.text, site);
                }
            }
        }
        Map<String, String> recorded = assigns;
        if (section != null) {
            recorded = variables.setBy(p, assigns, site);
            BuiltinValues.record(this, name, p, words, assigns, site.ctx()); // read p <<< P, printf -v p …
        }
        List<String> operands = texts(p.operands);
        if (!p.subWords.isEmpty()) {
            List<String> withSubs = texts(p.subWords);
            withSubs.addAll(operands);
            operands = withSubs;
        }
        if (record) {
            record(words, name, path, OrderedNames.of(p.options), operands, recorded, site.ctx(), false);
        }
        if (slash >= 0) {
            code.ranDownloaded(path, site);
            code.ranProgram(path, site);
        }
        if (trust != null && !function) {
            // a command the user's rules trust: this simple command only, nothing around it
            dev.cmdgate.core.rules.TrustRule t = trust.match(rules.trust(), words, name, !pathProgram,
                    files.homeAssigned());
            if (t != null) {
                trust.ranUnseen();
                raise(site, new Rating(CommandClass.READ, RiskLevel.MINIMAL, t.findingReason(), t.where()));
                return;
            }
            if (section != null && section.chdir()) {
                trust.changedDirectory(p.operands.isEmpty() ? null : p.operands.get(0));
            }
        }

        if (!function && DIRECTORY_CHANGERS.contains(name)) {
            files.directoryChange(name, p);
        }
        if (!function && name.equals("shopt") && !operands.isEmpty()) {
            // any option it sets may change what patterns match (dotglob: .claude among ./*; nocaseglob: STAT[E]
            // for state; extglob, globstar, globasciiranges): taken as matching a leading dot and either case
            files.dotglob = true;
        }
        if (pathProgram) {
            receiver(PathText.normalize(path));
            raise(site, setting("path-program"), path + " is not a standard system program");
            if (steered && SharedPlaces.holds(rules, path, files.launchDirectory())) {
                // anyone on the machine may have put it there: a program nobody can vouch for, run unasked
                raiseIfSet(site, "steered-shared-program", path + " lies in a directory every user may write");
            }
            unknownWhens(words, site);
            files.readDefault(p, site);
            Section namesake = name.isEmpty() ? null : rules.program(name);
            files.namedOwnFiles(p, false, false, site, namesake == null ? List.of()
                    : files.wordsRead(OptionParser.parse(namesake, words)));
            wrappers.mayRun(words, site);
            namesake(words, name, assigns, site, networkRedirects);
            scriptOf(words, path, name, assigns, site, networkRedirects);
            return;
        }
        if (function) {
            // its body was classified where it was defined; again with this call's words as its parameters
            calls.call(name, words, site);
            return;
        }
        if (section == null) {
            receiver(name);
            raise(site, setting("unknown-program"), name + " is not in the rules");
            unknownWhens(words, site);
            files.readDefault(p, site);
            files.namedOwnFiles(p, false, false, site);
            wrappers.mayRun(words, site);
            return;
        }
        if (words.size() == 2 && !words.get(1).dynamic && section.isVersionFlag(words.get(1).text)) {
            receiver(name);
            raise(site, setting("version"));
            // printing a version still starts the program: mvn -v sources ~/.mavenrc, cargo -V runs rustup's toolchain
            steering.note(p, site, true);
            return;
        }
        if (HelpRequest.only(p, words)) {
            receiver(name);
            Rating h = setting("help");
            raise(site, h != null ? h : HELP);
            // as for a version: the program still starts, and what steers it still counts
            steering.note(p, site, true);
            return;
        }
        Set<Arg> outer = claimed;
        claimed = null;   // one per command: nested scripts and wrapped commands have their own
        List<Arg> workDirs = workDirectories(p);
        WorkingDirectories.Place place = workDirs == null ? null : files.enter(workDirs);
        List<String> trustPlace = workDirs == null || trust == null ? null : trust.enter(workDirs);
        boolean carried;
        try {
            carried = evaluate(p, site, networkRedirects, place);
            OwnFiles.Entry in = place == null ? null : files.inside();
            if (in != null && commandMax.atLeast(CommandClass.WRITE)) {
                raise(site, setting("own-files"), "it writes while working in " + in.what() + " " + in.path());
            }
        } finally {
            claimed = outer;
            if (place != null) {
                files.leave(place);
                if (trust != null) {
                    trust.leave(trustPlace);
                }
            }
        }
        if (!(carried && rules.isSecretCarrier(name)) && !rules.isSecretInert(name)) {
            receiver(name);
        }
    }

    /**
     * A program outside the system directories that bears the name of a program the rules know
     * ({@code ./ExternalPayloads/cloudflared tunnel …}, a copied {@code /tmp/x/rm -rf ~}) is most likely that
     * program: it is judged again as that program, on top of its own verdict (which it can only raise). The
     * launch runs the path, so that is what is recorded.
     */
    private void namesake(List<Arg> words, String name, Map<String, String> assigns, Site site,
            List<String> networkRedirects) {
        if (name.isEmpty() || rules.program(name) == null || budget.exhausted) {
            return;
        }
        List<Arg> as = new ArrayList<>(words);
        Arg w0 = words.get(0);
        as.set(0, new Arg(name, false, false, w0.start, w0.end));
        command(as, assigns, site.at(site.location() + " (" + w0.text + " as " + name + ")"), networkRedirects, false);
    }

    /**
     * A script that a program runs by its name ({@code scripts-of} rows: {@code /etc/init.d/hostd restart} is what
     * {@code service hostd restart} runs) is judged again as that program given the name, on top of its own
     * verdict, so a service script and the service manager say the same.
     */
    private void scriptOf(List<Arg> words, String path, String name, Map<String, String> assigns, Site site,
            List<String> networkRedirects) {
        if (name.isEmpty() || !path.startsWith("/") || budget.exhausted) {
            return;
        }
        String owner = rules.scriptOwner(PathText.resolveDots(PathText.normalize(path)));
        if (owner == null || rules.program(owner) == null) {
            return;
        }
        List<Arg> as = new ArrayList<>(words.size() + 1);
        Arg w0 = words.get(0);
        as.add(new Arg(owner, false, false, w0.start, w0.end));
        as.add(new Arg(name, false, false, w0.start, w0.end));
        as.addAll(words.subList(1, words.size()));
        command(as, assigns, site.at(site.location() + " (" + w0.text + " as " + owner + " " + name + ")"),
                networkRedirects, false);
    }

    /**
     * A command word that is a pathname pattern ({@code /???/?m}, {@code /usr/bin/[r]m}): judged again as each
     * program of the rules it may name ({@link CommandGlobs}); the word as written is judged too (an unknown
     * program or a path). A pattern that may name too many is a command only known at run time.
     */
    private void globbed(List<Arg> words, Map<String, String> assigns, Site site, List<String> networkRedirects,
            boolean record) {
        Arg w0 = words.get(0);
        List<String> names = CommandGlobs.programs(rules, w0.pattern);
        if (names == null) {
            raise(site, setting("dynamic-command"), "the command word " + w0.text
                    + " is a pattern that may name any of more than " + CommandGlobs.MAX + " programs");
            return;
        }
        for (int i = 0, n = names.size(); i < n && !budget.exhausted; i++) {
            List<Arg> as = new ArrayList<>(words);
            as.set(0, new Arg(names.get(i), false, false, w0.start, w0.end));
            command(as, assigns, site.at(site.location() + " (the pattern " + w0.text + " as " + names.get(i) + ")"),
                    networkRedirects, record);
        }
    }

    /**
     * The directories a command and what it runs work in when its {@code chdir opt} rows' options are given
     * ({@code env -C DIR}, {@code make -C DIR}, {@code unshare --wd=DIR}) or it has a {@code chdir operand} row
     * ({@code cmake -E chdir DIR CMD}), or null when none is.
     */
    private static List<Arg> workDirectories(ParsedArgs p) {
        List<Arg> out = null;
        for (Section s : p.path) {
            if (s.chdirOperand() && !p.operands.isEmpty()) {
                out = new ArrayList<>(1);
                out.add(p.operands.get(0));
            }
            for (String opt : s.chdirOpts()) {
                for (ParsedArgs.Use u : p.options) {
                    if (!u.name().equals(opt)) {
                        continue;
                    }
                    if (out == null) {
                        out = new ArrayList<>(1);
                    }
                    if (u.value() == null) {
                        // nsenter --wd: another process's directory, only known at run time
                        out.add(new Arg("$(…)", true, false, -1, -1));
                    } else {
                        // a glob in the word makes the directory one only known at run time
                        out.add(new Arg(u.value(), u.from().dynamic, false, -1, -1,
                                u.from().pattern != null ? u.value() : null));
                    }
                }
            }
        }
        return out;
    }

    /**
     * A written path, for the trust rows' directories (a later cd through it is not a directory known before) and
     * for argument files (one the script writes is not what the disk holds).
     */
    void wrote(Arg a) {
        if (trust != null) {
            trust.wrote(a);
        }
        argfiles.wrote(a);
    }

    /** A name only known at run time: what a program writes under names its input chooses. */
    private static final Arg UNKNOWN_NAME = new Arg("$(\u2026)", true, false, -1, -1);

    /**
     * The command writes files whose names come from what it reads ({@code content-names} rows: {@code tar x},
     * {@code unzip}; a statement's computed name): any file may be one it wrote, an argument file read later in the
     * line too.
     */
    void wroteUnknownNames() {
        wrote(UNKNOWN_NAME);
    }

    /**
     * A command embedded in a wrapper's arguments that runs in the directory of each file the wrapper finds
     * ({@code find START -execdir CMD ;}): judged as working in a directory only known at run time, below or at
     * each starting point (a file found at the start itself runs in its parent).
     */
    void commandInFoundDirectories(List<Arg> words, Site site, List<Arg> startingPoints) {
        List<Arg> dirs = new ArrayList<>();
        for (Arg s : startingPoints) {
            dirs.add(s);
            if (!s.unresolved()) {
                dirs.add(new Arg(s.text + "/..", false, false, -1, -1));
            }
            dirs.add(new Arg(s.text + "/$(…)", true, false, -1, -1));
        }
        WorkingDirectories.Place place = files.enter(dirs);
        List<String> trustPlace = trust == null ? null : trust.enter(dirs);
        try {
            ExecutedCommand.judge(this, words, Map.of(), site);
        } finally {
            files.leave(place);
            if (trust != null) {
                trust.leave(trustPlace);
            }
        }
    }

    /** Whether a command word {@code name} runs a function the script defines, not a program, at this point. */
    boolean isFunction(String name) {
        return rules.program(name) == null && functions.calls(name);
    }

    ProjectFiles projectFiles() {
        if (projectFiles == null) {
            projectFiles = new ProjectFiles(this);
        }
        return projectFiles;
    }

    PositionalSets positionalSets() {
        if (positionalSets == null) {
            positionalSets = new PositionalSets(this);
        }
        return positionalSets;
    }

    /** The positional sets when a {@code set} created them, else null (nothing is pending). */
    PositionalSets positionalSetsIfAny() {
        return positionalSets;
    }

    LoopArithmetic loops() {
        if (loops == null) {
            loops = new LoopArithmetic();
        }
        return loops;
    }

    /** The loops' arithmetic when a loop was entered, else null (nothing is pending). */
    LoopArithmetic loopsIfAny() {
        return loops;
    }

    EncryptedOriginals encrypted() {
        if (encrypted == null) {
            encrypted = new EncryptedOriginals();
        }
        return encrypted;
    }

    /** The verdict for deleting or overwriting a file an earlier command of the line encrypted, else null. */
    Rating encryptedReplaced(Arg written) {
        return encrypted == null ? null : encrypted.replaced(written);
    }

    /** The command printing what the input process substitution standing as {@code word} holds, or null. */
    List<Arg> substitutedFile(Arg word) {
        return substitutedFiles.get(word);
    }

    /** Notes the command that prints what the input process substitution standing as {@code word} holds. */
    void substitutedFile(Arg word, List<Arg> printer) {
        if (substitutedFiles.isEmpty()) {
            substitutedFiles = new java.util.IdentityHashMap<>(2); // by identity: words of one text may differ
        }
        substitutedFiles.put(word, printer);
    }

    /** An operand a code or writes row used: it is not read as a file. */
    void claim(Arg a) {
        if (claimed == null) {
            // by identity: two operands may have the same text; most commands claim one or two
            claimed = Collections.newSetFromMap(new java.util.IdentityHashMap<>(4));
        }
        claimed.add(a);
    }

    /** Whether a code or writes row of the current command used the operand. */
    boolean isClaimed(Arg a) {
        return claimed != null && claimed.contains(a);
    }

    /**
     * Returns whether the command's own work is running commands cmdgate saw: a wrapper's target, a shell's script.
     * {@code outside}: where paths started before the command's directory option moved them, or null.
     */
    /** The command's {@code writes into} rows whose conditions hold: their destinations receive named entries. */
    private List<WriteRule> intoRows(ParsedArgs p, Set<String> facts) {
        List<WriteRule> out = List.of();
        for (Section s : p.path) {
            for (WriteRule wr : s.writes()) {
                if ((wr.target() == WriteRule.Target.INTO_LAST || wr.target() == WriteRule.Target.INTO_OPT)
                        && conditions.holds(wr.conditions(), p, facts)) {
                    if (out.isEmpty()) {
                        out = new ArrayList<>(2);
                    }
                    out.add(wr);
                }
            }
        }
        return out;
    }

    private boolean evaluate(ParsedArgs p, Site site, List<String> networkRedirects, WorkingDirectories.Place outside) {
        Section deepest = p.section();
        Rating base = null;
        for (Section s = deepest; s != null && base == null; s = s.parent()) {
            base = s.verdict();
        }
        Set<String> facts = new LinkedHashSet<>();
        String dry = dryRun(p, facts);
        if (dry != null) {
            // git clean -n, apt-get -s: only shows what it would do; what its options run still counts
            Rating d = setting("dry-run");
            raise(site, d != null ? d : DRY_RUN, dry);
            base = null;
        }
        Rating pureStart = dry == null ? pure.start(p, site) : null;
        if (pureStart != null) {
            // python3 -c 'print(len(sys.argv))': the program only computes and prints (its files checked at the end)
            base = pureStart;
        }
        raise(site, base);
        if (p.anyOption && dry == null) {
            Rating g = setting("glob-option");
            boolean any = false;
            // options written after the sub-command are those of the deepest section
            for (OptionSpec o : deepest.visibleOptions()) {
                if (o.effect() != null && p.mayBe(o)) {
                    raise(site, o.effect(), "a glob may expand to " + o.canonical());
                    any = true;
                }
            }
            if (any && g != null && g.commandClass() != CommandClass.READ) {
                raise(site, g);
            }
        }
        for (ParsedArgs.Use u : p.options) {
            if (dry == null && u.spec() != null && u.spec().effect() != null) {
                raise(site, u.spec().effect(), u.name() + (u.value() != null ? "=" + u.value() : ""));
            }
        }
        if (outputToFile) {
            facts.add(OUTPUT_FILE);
        }
        if (piped != null && piped.feeds(site.ctx()) && piped.printsEnvironment()) {
            // env | grep -i token: a filter of the environment's variables (its rows say which patterns pick secrets)
            facts.add(INPUT_ENVIRONMENT);
        }
        boolean codeFound = false;
        int scriptsBefore = scriptsRun;
        for (Section s : p.path) {
            for (CodeRule c : s.codes()) {
                codeFound |= code.row(c, p, site, facts);
            }
        }
        pure.done();
        for (int i = 0, n = dry == null ? p.path.size() : 0; i < n; i++) {
            List<When> whens = p.path.get(i).whens();
            for (int k = 0, m = whens.size(); k < m; k++) {
                When w = whens.get(k);
                if (conditions.holds(w.conditions(), p, facts)) {
                    raise(site, w.verdict(), w.text());
                }
            }
        }
        if (dry == null) {
            files.receiving(p, intoRows(p, facts));
        }
        for (Section s : p.path) {
            for (List<dev.cmdgate.core.rules.Condition> c : s.contentNames()) {
                if (dry == null && conditions.holds(c, p, facts)) {
                    wroteUnknownNames();
                }
            }
            for (dev.cmdgate.core.rules.ContentInto c : s.contentInto()) {
                if (dry == null && conditions.holds(c.conditions(), p, facts)) {
                    ContentDirectory.judge(this, c, p, site);
                }
            }
            for (FifoRule f : s.fifos()) {
                if (conditions.holds(f.conditions(), p, facts)) {
                    for (int i = 0; i < p.operands.size(); i++) {
                        Arg a = p.operands.get(i);
                        if ((f.index() < 0 || f.index() == i) && !a.unresolved()) {
                            scriptFiles.fifo(a.normalized());
                        }
                    }
                }
            }
            for (WriteRule wr : s.writes()) {
                // a work tree row is its own sub-command's: git stash's is not git stash list's
                if (wr.target() == WriteRule.Target.WORK_TREE && s != p.path.get(p.path.size() - 1)) {
                    continue;
                }
                if (dry == null && conditions.holds(wr.conditions(), p, facts)) {
                    files.writes(wr, p, site);
                }
            }
            for (WriteRule er : s.encrypts()) {
                // after its own writes: the archive zip -P writes is no original it destroys
                if (dry == null && conditions.holds(er.conditions(), p, facts)) {
                    encrypted().encrypted(er, p);
                }
            }
        }
        files.reads(p, facts, site);
        if (dry == null && commandMax.atLeast(CommandClass.WRITE)) {
            // not known only to read: a word naming one of the gate's files may be what it writes
            RunsRule wraps = deepest.runs();
            files.namedOwnFiles(p, true, wraps != null && wraps.between().isEmpty(), site);
        }
        files.receiving(p, List.of());
        if (!codeFound) {
            code.fromInputOrFile(deepest, p, site);
        }
        if (dry == null && !deepest.projectFiles().isEmpty()) {
            projectFiles().ran(deepest, site);
        }
        if (deepest.stdinCode() != null && !networkRedirects.isEmpty()) {
            raise(site, setting("reverse-shell"), String.join(" ", networkRedirects));
        }
        if (outside != null) {
            // the files that steer a program are found from its directory option by the steering rows themselves
            WorkingDirectories.Place inside = files.swap(outside);
            try {
                steering.note(p, site, false);
            } finally {
                files.swap(inside);
            }
        } else {
            steering.note(p, site, false);
        }
        boolean carried = scriptsRun > scriptsBefore;
        RunsRule runs = deepest.runs();
        if (runs != null) {
            carried |= wrappers.runs(runs, p, site);
        }
        return carried;
    }

    /**
     * What the {@code unknown-when} rows say of a program the rules do not know: its arguments split as getopt_long
     * would, knowing none of its options, and the rows' operand conditions tried on them.
     */
    private void unknownWhens(List<Arg> words, Site site) {
        List<When> rows = rules.unknownWhens();
        if (rows.isEmpty()) {
            return;
        }
        ParsedArgs p = OptionParser.parse(null, words);
        List<Arg> pieces = UnknownProgramPieces.of(p.args, p.operands);
        ParsedArgs more = null;
        if (!pieces.isEmpty()) {
            more = new ParsedArgs(0);
            more.operands.addAll(p.operands);
            more.operands.addAll(pieces);
        }
        for (int i = 0, n = rows.size(); i < n; i++) {
            When w = rows.get(i);
            if (conditions.holds(w.conditions(), p, Set.of())
                    || more != null && anyOperand(w) && conditions.holds(w.conditions(), more, Set.of())) {
                raise(site, w.verdict(), w.text());
            }
        }
    }

    /** A row made only of {@code operand=} conditions: an option's value may be what it looks for. */
    private static boolean anyOperand(When w) {
        for (dev.cmdgate.core.rules.Condition c : w.conditions()) {
            if (c.kind() != dev.cmdgate.core.rules.Condition.Kind.OPERAND || c.negate()) {
                return false;
            }
        }
        return true;
    }

    /** The fact of a command whose standard output goes into a file ({@link #outputToFile}). */
    static final String OUTPUT_FILE = "output.file";

    /** The fact of a command reading, through a pipe, the environment a command before it prints. */
    static final String INPUT_ENVIRONMENT = "input.environment";

    /** The dry-run verdict of rule sets written before it was a setting. */
    /** The help verdict of rule sets written before it was a setting. */
    private static final Rating HELP = new Rating(CommandClass.READ, RiskLevel.MINIMAL, "only prints its usage");
    private static final Rating DRY_RUN = new Rating(CommandClass.READ, RiskLevel.MINIMAL, "only shows what it would do");

    /**
     * The dry-run option given, when the nearest section with a {@code dry-run} row (from the
     * deepest up) names one that is present and its conditions hold (a row naming no option but
     * conditions: when they hold); null otherwise. A glob that may
     * expand to any option never makes a dry run.
     */
    private String dryRun(ParsedArgs p, Set<String> facts) {
        for (Section s = p.section(); s != null; s = s.parent()) {
            if (s.dryRun() == null) {
                continue;
            }
            for (String o : s.dryRun()) {
                if (p.has(o) && conditions.holds(s.dryRunIf(), p, facts)) {
                    return o;
                }
            }
            // a row of conditions alone: an operand makes the dry run (cargo fmt -- --check hands --check on to
            // rustfmt, an operand to cargo)
            if (s.dryRun().isEmpty() && !s.dryRunIf().isEmpty() && conditions.holds(s.dryRunIf(), p, facts)) {
                return "dry run";
            }
            return null;
        }
        return null;
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
