package dev.cmdgate.core.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The loaded, indexed rules: program sections and the mechanism settings of {@code [@settings]}.
 * Immutable once built; shared by all classifications.
 */
public final class RuleSet {

    /** Resource path of the built-in rules. */
    public static final String BUILTIN = "/dev/cmdgate/core/rules/builtin.rules";
    /** How findings and errors name the built-in rules file ({@code builtin.rules:123}). */
    public static final String BUILTIN_NAME = "builtin.rules";

    final Map<String, Section> programs = new HashMap<>();
    final List<Section> prefixPrograms = new ArrayList<>();
    final Map<String, Rating> verdicts = new HashMap<>();
    /** {@code unknown-when} rows: what the arguments of a program the rules do not know can still say. */
    final List<When> unknownWhens = new ArrayList<>();
    final Set<String> systemDirs = new HashSet<>();
    final List<String> harmlessDevices = new ArrayList<>();
    final List<String> networkDevices = new ArrayList<>();
    final List<String> actingDevices = new ArrayList<>();
    final List<String> ordinaryFiles = new ArrayList<>();
    /** scripts-of rows: path glob → the program that runs such a script by its name (/etc/init.d/* → service). */
    final Map<String, String> scriptsOf = new java.util.LinkedHashMap<>();
    /** env-hooks rows with exact names: name → the row's verdict (null: the {@code env-hook} setting). */
    final Map<String, Rating> envHooks = new HashMap<>();
    /** env-hooks rows with {@code NAME*} prefixes, longest prefix first. */
    final List<Map.Entry<String, Rating>> envHookPrefixes = new ArrayList<>();
    /** env-steers-only rows: builtin → the variables an inline assignment before it only steers it by. */
    final Map<String, Set<String>> envSteersOnly = new HashMap<>();
    /** env-safe rows: globs of variables that cannot change what programs run or write. */
    final List<String> envSafe = new ArrayList<>();
    /** env-code rows: variable glob → how its value is code (sh, prompt, function, expand, pager …). */
    final Map<String, String> envCode = new java.util.LinkedHashMap<>();
    /** env-args rows: variable glob → the program (and option) whose arguments its value is. */
    final Map<String, EnvArgs> envArgs = new java.util.LinkedHashMap<>();
    /** env-pairs rows. */
    final List<EnvArgs> envPairs = new ArrayList<>();
    final List<String> sensitivePaths = new ArrayList<>();
    final Set<String> sensitiveNames = new HashSet<>();
    final Set<String> shells = new HashSet<>();
    /** {@code shell-variables} rows: variables whose run-time value names a shell ($SHELL). */
    final Set<String> shellVariables = new HashSet<>();
    final List<StdinRow> stdinRows = new ArrayList<>();
    /** {@code stdin-parsing shopt} and {@code stdin-parsing set} rows: bash options that change how later input is read. */
    final Set<String> parsingShoptOptions = new HashSet<>();
    final Set<String> parsingSetOptions = new HashSet<>();
    final List<NumericOutput> numericOutputs = new ArrayList<>();
    /** number-vars rows: variables bash itself keeps a number ({@code $#}, {@code RANDOM}). */
    final Set<String> numberVars = new HashSet<>();
    /** runtime-text-vars rows: variables bash itself sets to text only known at run time ({@code REPLY}, {@code _}). */
    final Set<String> runtimeTextVars = new HashSet<>();
    /** integer-vars rows: variables bash evaluates a value assigned to as arithmetic ({@code OPTIND}). */
    final Set<String> integerVars = new HashSet<>();
    /** {@code [@lang NAME]} sections by name. */
    final Map<String, Language> languages = new HashMap<>();
    /** The text of the rules files other than the built-in one, by origin, for {@link #rowText}. */
    final Map<String, String> userTexts = new java.util.LinkedHashMap<>();
    /** Named lists of globs ({@code list NAME GLOB...}), referred to in conditions as {@code operand=@NAME}. */
    final Map<String, List<String>> lists = new HashMap<>();
    /**
     * The lists declared by {@code service-list} rows: names of services, which service managers and process tools
     * match a quoted pattern operand against ({@code systemctl stop 'audit*'}).
     */
    final Set<String> serviceLists = new HashSet<>();
    /** {@code [@trust]} rows, in file order (the first that matches a command is the one named). */
    final List<TrustRule> trust = new ArrayList<>();
    /** Credential stores: paths ({@code ~/.ssh/*}), file names anywhere ({@code .netrc}) and what is not one ({@code *.pub}). */
    final List<String> credentialPaths = new ArrayList<>();
    final List<String> credentialNames = new ArrayList<>();
    final List<String> credentialExceptions = new ArrayList<>();
    /**
     * {@code credential-vars NAME=PLACE}: variables a tool reads its credential store's place from ({@code GNUPGHOME},
     * {@code GOOGLE_APPLICATION_CREDENTIALS}), with the place it takes without one.
     */
    final java.util.Map<String, String> credentialVars = new java.util.LinkedHashMap<>();
    /** Environment variables that hold secrets: by name, by value, and names that never do (upper-cased globs). */
    final List<String> secretVars = new ArrayList<>();
    final List<String> notSecretVars = new ArrayList<>();
    final List<String> secretValues = new ArrayList<>();
    /** Names that may hold a pointer to a credential (a key file's path, a server's URL) instead of one. */
    final List<String> pointerVars = new ArrayList<>();
    /** Names whose URL is the credential itself (a webhook): never a pointer. */
    final List<String> bearerUrlVars = new ArrayList<>();
    /** Names whose values are drawn-looking but no secret (identifiers, digests): not judged by the random shapes. */
    final List<String> notRandomVars = new ArrayList<>();
    /** Names whose values are prose people write (commit messages): judged by the random shapes only. */
    final List<String> proseVars = new ArrayList<>();
    /** The shape of a generated credential ({@code secret-random-values}); null when the rules set none. */
    RandomToken randomSecrets;
    /** A generated credential's shorter and one-case shapes ({@code secret-random-runs}); null when the rules set none. */
    RandomRun randomRuns;
    /** A generated key written in groups of one length ({@code secret-grouped-keys}); null when the rules set none. */
    GroupedKey groupedKeys;
    /** The encodings a value is also judged through ({@code secret-decoded}). */
    EncodedValue encodings = EncodedValue.NONE;
    /** Header, member and pair names and authentication schemes that announce a credential in a value. */
    final CredentialMarkers credentialMarkers = new CredentialMarkers();
    /** secret-grant rows: program → globs of the secret variables it may receive (upper-cased). */
    final Map<String, List<String>> secretGrants = new HashMap<>();
    /** Programs that only pass their environment on to the commands cmdgate sees them run (shells, wrappers). */
    final Set<String> secretCarriers = new HashSet<>();
    /** Programs (shell builtins) that can neither keep nor pass on what is in their environment. */
    final Set<String> secretInert = new HashSet<>();
    /** secret-together rows: sets of variables (upper-cased globs) a program reads only as a whole. */
    final List<List<String>> secretTogether = new ArrayList<>();
    /** example rows, in file order. */
    final List<RuleExample> examples = new ArrayList<>();

    /**
     * The built-in rules' index when this rule set reads built-in programs when they are first looked up
     * (null: every section was read when the rule set was made).
     */
    private final BuiltinIndex lazy;
    /** Built-in programs read since the rule set was made, by name (published whole, read without a lock). */
    private final java.util.concurrent.ConcurrentHashMap<String, Section> read;
    /** Built-in languages read since the rule set was made, by name (as {@link #read}). */
    private final java.util.concurrent.ConcurrentHashMap<String, Language> readLanguages;

    RuleSet() {
        this(null);
    }

    private RuleSet(BuiltinIndex lazy) {
        this.lazy = lazy;
        this.read = lazy == null ? null : new java.util.concurrent.ConcurrentHashMap<>();
        this.readLanguages = lazy == null ? null : new java.util.concurrent.ConcurrentHashMap<>();
    }

    private static volatile RuleSet builtin;

    /**
     * The built-in rules, made once, on first use: the settings, languages and name-prefix sections are
     * read then, each program's sections when a command first names it ({@link BuiltinIndex}).
     */
    public static RuleSet builtin() {
        RuleSet b = builtin;
        if (b == null) {
            synchronized (RuleSet.class) {
                b = builtin;
                if (b == null) {
                    b = lazyBuiltin();
                    RulesParser.checkComplete(b);
                    builtin = b;
                }
            }
        }
        return b;
    }

    /** A new rule set of the built-in rules whose programs are read when first looked up. */
    static RuleSet lazyBuiltin() {
        BuiltinIndex index = BuiltinIndex.builtin();
        RuleSet r = new RuleSet(index);
        BuiltinRules.readEager(r, index);
        return r;
    }

    /** The built-in rules read whole, every section at once (for tests and tools). */
    static RuleSet builtinReadWhole() {
        RuleSet r = BuiltinRules.readAll();
        RulesParser.checkComplete(r);
        return r;
    }

    /**
     * The section of exactly this program name (no prefix or version fallback), or null; a built-in
     * program not read yet is read now.
     */
    Section exactProgram(String name) {
        Section s = programs.get(name);
        if (s != null || lazy == null) {
            return s;
        }
        s = read.get(name);
        if (s != null) {
            return s;
        }
        int[] blocks = lazy.blocksOf(name);
        if (blocks == null) {
            return null;
        }
        synchronized (read) {
            s = read.get(name);
            if (s == null) {
                s = BuiltinRules.readProgram(this, lazy, name, blocks);
                if (s == null) {
                    throw new IllegalStateException("built-in rules: no section for " + name);
                }
                read.put(name, s);
            }
        }
        return s;
    }

    /**
     * For a user rules file being read on top (while the rule set is made, on one thread): the built-in
     * sections of this program, moved to {@link #programs} so the user's rows change them; null when the
     * built-in rules do not name it.
     */
    Section takeBuiltinProgram(String name) {
        if (lazy == null) {
            return null;
        }
        Section s = exactProgram(name);
        if (s != null) {
            read.remove(name);
            programs.put(name, s);
        }
        return s;
    }

    /** env-args and env-pairs rows of the built-in rules read lazily (identity): see {@link RulesParser#checkComplete}. */
    final Set<EnvArgs> builtinEnvArgs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /**
     * Whether this is a built-in env-args/env-pairs row of a lazily read rule set whose program no user
     * row has changed (its section is still the built-in one, read or not).
     */
    boolean builtinRowUnchanged(EnvArgs a) {
        return lazy != null && builtinEnvArgs.contains(a) && !programs.containsKey(a.program()) && lazy.knows(a.program());
    }

    /** Reads every built-in program and language not read yet. */
    private void readAll() {
        if (lazy != null) {
            for (String name : lazy.programNames()) {
                exactProgram(name);
            }
            for (String name : lazy.languageNames()) {
                language(name);
            }
        }
    }

    /**
     * The built-in rules with a user rules file applied on top (rows added or overridden).
     *
     * @throws IllegalArgumentException with a one-line message when the file cannot be read or parsed
     */
    public static RuleSet withUserFile(Path file) {
        return withUserFile(file, TrustRows.currentPlaceholders());
    }

    /**
     * As {@link #withUserFile(Path)}, with the values {@code [@trust]} rows' placeholders
     * ({@code ${java.home}}, {@code ${user.dir}}, {@code ${user.home}}) stand for: the agent passes the
     * values it read at start-up, so the application cannot change them by setting a property later.
     */
    public static RuleSet withUserFile(Path file, Map<String, String> placeholders) {
        return withUserText(readUserFile(file), file.toString(), placeholders);
    }

    /**
     * The text of a user rules file, read once: a caller that checks it and builds from it later keeps this
     * text rather than reading the file again (which may have changed in between).
     *
     * @throws IllegalArgumentException with a one-line message when the file cannot be read
     */
    public static String readUserFile(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read rules file " + file + ": " + e.getMessage());
        }
    }

    /** As {@link #withUserFile(Path)} for rules text already in memory. */
    public static RuleSet withUserText(String text, String origin) {
        return withUserText(text, origin, TrustRows.currentPlaceholders());
    }

    /** As {@link #withUserFile(Path, Map)} for rules text already in memory. */
    public static RuleSet withUserText(String text, String origin, Map<String, String> placeholders) {
        RuleSet copy = lazyBuiltin();
        copy.userTexts.put(origin, text);
        new RulesParser(copy, origin, true).placeholders(placeholders).parse(text);
        RulesParser.checkComplete(copy);
        return copy;
    }

    /** Parses standalone rules text (for tests and tools); the {@code [@settings]} must be complete. */
    public static RuleSet parse(String text, String origin) {
        RuleSet r = new RuleSet();
        r.userTexts.put(origin, text);
        new RulesParser(r, origin, false).parse(text);
        RulesParser.checkComplete(r);
        return r;
    }

    /**
     * The text of the row a finding names ({@code builtin.rules:123}, {@code /etc/x.rules:7}), trimmed,
     * or null when the reference is not one of this rule set's rows. For reviewers ({@code classify
     * --explain}); not used while classifying.
     */
    public String rowText(String rule) {
        if (rule == null) {
            return null;
        }
        int colon = rule.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        String origin = rule.substring(0, colon);
        int line;
        try {
            line = Integer.parseInt(rule.substring(colon + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        String text = userTexts.get(origin);
        if (text == null && origin.equals(BUILTIN_NAME)) {
            text = BuiltinRules.text();
        }
        if (text == null || line < 1) {
            return null;
        }
        int pos = 0;
        for (int i = 1; i < line; i++) {
            pos = text.indexOf('\n', pos);
            if (pos < 0) {
                return null;
            }
            pos++;
        }
        int end = text.indexOf('\n', pos);
        return text.substring(pos, end < 0 ? text.length() : end).trim();
    }

    /** {@link #programNames}, made on first use (most classifications never ask). */
    private volatile List<String> programNames;

    /**
     * Every program name the rules have a section for (built-in ones read or not, a user file's too), name
     * prefixes ({@code mkfs*}) aside: what a command word that is a pathname pattern ({@code /???/r[m]}) may
     * name among the programs cmdgate knows.
     */
    public List<String> programNames() {
        List<String> names = programNames;
        if (names == null) {
            java.util.TreeSet<String> all = new java.util.TreeSet<>(programs.keySet());
            if (lazy != null) {
                all.addAll(lazy.programNames());
            }
            names = List.copyOf(all);
            programNames = names;
        }
        return names;
    }

    /**
     * The {@code unknown-when} rows of {@code [@settings]}: conditions on the operands of a program the rules do not
     * know, or one outside the {@code system-dirs} ({@code zfs destroy tank}, {@code ./tool wipe /dev/sdb}).
     */
    public List<When> unknownWhens() {
        return unknownWhens;
    }

    /** The section of a program name (exact, then prefix rows such as {@code mkfs*}), or null. */
    public Section program(String name) {
        Section s = exactProgram(name);
        if (s != null) {
            return s;
        }
        for (Section p : prefixPrograms) {
            if (name.startsWith(p.word)) {
                return p;
            }
        }
        if (name.length() > 4 && name.regionMatches(true, name.length() - 4, ".exe", 0, 4)) {
            // a Windows program run through WSL's interop (powershell.exe, wsl.exe): the program of that name
            return program(name.substring(0, name.length() - 4));
        }
        // version-suffixed names: python3.12, pip3.11, clang-17
        int end = name.length();
        while (end > 0) {
            char c = name.charAt(end - 1);
            if ((c >= '0' && c <= '9') || c == '.' || c == '-') {
                end--;
            } else {
                break;
            }
        }
        if (end > 0 && end < name.length()) {
            return exactProgram(name.substring(0, end));
        }
        return null;
    }

    /**
     * The {@code [@lang NAME]} section of a language, or null when cmdgate cannot see into it; a built-in
     * language not read yet is read now.
     */
    public Language language(String name) {
        Language l = languages.get(name);
        if (l != null || lazy == null) {
            return l;
        }
        l = readLanguages.get(name);
        if (l != null) {
            return l;
        }
        int[] blocks = lazy.languageBlocks(name);
        if (blocks == null) {
            return null;
        }
        synchronized (readLanguages) {
            l = readLanguages.get(name);
            if (l == null) {
                l = BuiltinRules.readLanguage(this, lazy, name, blocks);
                if (l == null) {
                    throw new IllegalStateException("built-in rules: no [@lang " + name + "]");
                }
                readLanguages.put(name, l);
            }
        }
        return l;
    }

    /**
     * For a user rules file being read on top (while the rule set is made, on one thread): the built-in
     * language, moved to {@link #languages} so the user's rows add to it; null when the built-in rules lack it.
     */
    Language takeBuiltinLanguage(String name) {
        if (lazy == null) {
            return null;
        }
        Language l = language(name);
        if (l != null) {
            readLanguages.remove(name);
            languages.put(name, l);
        }
        return l;
    }

    /** The {@code [@trust]} rows (a user rules file's; the built-in rules have none). */
    public List<TrustRule> trust() {
        return trustView;
    }

    /** {@link #trust} read-only, made once: every classification asks for it. */
    private final List<TrustRule> trustView = java.util.Collections.unmodifiableList(trust);

    /** Whether some trust row is narrowed to a directory or a caller: its answer then depends on the launch's site. */
    public boolean trustDependsOnSite() {
        for (TrustRule t : trust) {
            if (t.dependsOnSite()) {
                return true;
            }
        }
        return false;
    }

    /** A mechanism verdict from {@code [@settings]} by key ({@code unknown-program}, …). */
    public Rating verdict(String key) {
        return verdicts.get(key);
    }

    public boolean isSystemDir(String dir) {
        return systemDirs.contains(dir);
    }

    public boolean isShell(String program) {
        return shells.contains(program);
    }

    /** Whether the variable's value names a shell ({@code shell-variables}: SHELL). */
    public boolean isShellVariable(String name) {
        return shellVariables.contains(name);
    }

    /**
     * The program a script at {@code path} belongs to ({@code scripts-of} rows: {@code /etc/init.d/NAME ACTION}
     * is {@code service NAME ACTION}), or null. {@code path} is absolute, its dots resolved.
     */
    public String scriptOwner(String path) {
        for (Map.Entry<String, String> e : scriptsOf.entrySet()) {
            if (Glob.matches(e.getKey(), path)) {
                return e.getValue();
            }
        }
        return null;
    }

    public boolean isHarmlessDevice(String path) {
        // /dev/fd/../root/etc/profile climbs out of the device directory through the link: no device at all
        return pathIndex().harmlessDevices().matches(path) && LexicalPath.afterDotDot(path) == null;
    }

    /** Paths under /dev that are ordinary files ({@code /dev/shm/…}), not devices. */
    public boolean isOrdinaryFile(String path) {
        return Glob.anyMatch(ordinaryFiles, path);
    }

    /** Devices whose opening alone acts ({@code /dev/watchdog} arms the hardware watchdog): a read of one is not a read. */
    public boolean isActingDevice(String path) {
        return Glob.anyMatch(actingDevices, path) && LexicalPath.afterDotDot(path) == null;
    }

    public boolean isNetworkDevice(String path) {
        return Glob.anyMatch(networkDevices, path);
    }

    /**
     * What the rules say of one variable name (every env-… row), looked up once per name: classifying
     * an assignment asks all of it, and scripts set the same few names again and again.
     *
     * @param hook     the env-hooks verdict, or null
     * @param codeKind the env-code kind, or null
     * @param args     the env-args row, or null
     * @param pairs    the env-pairs row, or null
     * @param safe     named by env-safe
     */
    public record EnvVar(Rating hook, String codeKind, EnvArgs args, EnvArgs pairs, boolean safe) {
    }

    private final java.util.concurrent.ConcurrentHashMap<String, EnvVar> envVars = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@link EnvVar} for a name (remembered for the first few thousand names). */
    public EnvVar envVar(String name) {
        EnvVar v = envVars.get(name);
        if (v == null) {
            v = new EnvVar(envHook(name), envCodeLanguage(name), envArgs(name), envPairs(name), isEnvSafe(name));
            if (envVars.size() < 4096) {
                envVars.put(name, v);
            }
        }
        return v;
    }

    /**
     * Whether {@code NAME=value COMMAND} only changes how the builtin {@code command} works ({@code IFS=: read a b}
     * splits at colons): the builtin runs no code, so the variable, a hook elsewhere, cannot change what runs here.
     */
    public boolean steersOnly(String command, String name) {
        return envSteersOnly.getOrDefault(command, Set.of()).contains(name);
    }

    /** Whether assigning this environment variable changes what code programs run. */
    public boolean isEnvHook(String name) {
        return envHook(name) != null;
    }

    /**
     * The verdict for setting this variable when an {@code env-hooks} row names it (the row's own
     * verdict, else the {@code env-hook} setting), or null when it is not a hook. An exact name wins
     * over a prefix, a longer prefix over a shorter one.
     */
    public Rating envHook(String name) {
        if (envHooks.containsKey(name)) {
            Rating v = envHooks.get(name);
            return v != null ? v : verdicts.get("env-hook");
        }
        for (Map.Entry<String, Rating> e : envHookPrefixes) {
            if (name.startsWith(e.getKey())) {
                return e.getValue() != null ? e.getValue() : verdicts.get("env-hook");
            }
        }
        return null;
    }

    /**
     * Whether an {@code env-safe} row names this variable: it cannot change what a program runs or
     * writes (locale, time zone, terminal size, colour switches). Hooks are asked first: a hook is
     * never made safe by this list.
     */
    public boolean isEnvSafe(String name) {
        return Glob.anyMatch(envSafe, name);
    }

    /** The {@code env-args} row whose variable this is, or null. */
    public EnvArgs envArgs(String name) {
        for (Map.Entry<String, EnvArgs> e : envArgs.entrySet()) {
            if (Glob.matches(e.getKey(), name)) {
                return e.getValue();
            }
        }
        return null;
    }

    /** The {@code env-pairs} row this variable is a key or a value of ({@code PREFIX} plus a suffix), or null. */
    public EnvArgs envPairs(String name) {
        for (EnvArgs p : envPairs) {
            if ((name.startsWith(p.keyPrefix()) && name.length() > p.keyPrefix().length())
                    || (name.startsWith(p.valuePrefix()) && name.length() > p.valuePrefix().length())) {
                return p;
            }
        }
        return null;
    }

    /** The directories whose programs are the standard ones ({@code system-dirs}). */
    public Set<String> systemDirs() {
        return java.util.Collections.unmodifiableSet(systemDirs);
    }

    /**
     * The {@code stdin-unread}/{@code stdin-filter} rows of a program, the longest sub-command first: what it does
     * with its standard input. A program without one may read it.
     */
    public List<StdinRow> stdinRows(String program) {
        List<StdinRow> out = new ArrayList<>();
        for (StdinRow r : stdinRows) {
            if (r.words().get(0).equals(program)) {
                out.add(r);
            }
        }
        out.sort((a, b) -> Integer.compare(b.words().size(), a.words().size()));
        return out;
    }

    /**
     * The {@code shopt} names of the options that change how bash reads or expands the input after them
     * ({@code stdin-parsing shopt} rows): turning one on or off in a gated session, or starting the shell with it,
     * makes later commands read otherwise than cmdgate reads them.
     */
    public Set<String> parsingShoptOptions() {
        return java.util.Collections.unmodifiableSet(parsingShoptOptions);
    }

    /** As {@link #parsingShoptOptions()} for the {@code set -o} names ({@code stdin-parsing set} rows). */
    public Set<String> parsingSetOptions() {
        return java.util.Collections.unmodifiableSet(parsingSetOptions);
    }

    /** Whether a command (its literal words, the name first) prints only numbers ({@code numeric-output} rows). */
    public boolean printsOnlyNumbers(List<String> argv) {
        return numericOutputOperands(argv) != null;
    }

    /**
     * Whether the text contains the name of a {@code numeric-output} row's program: a command written without quotes
     * or backslashes whose name it does not contain cannot print only numbers by the rules.
     */
    public boolean mentionsNumericOutputProgram(String text) {
        for (NumericOutput r : numericOutputs) {
            if (text.contains(r.words().get(0))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The separator ({@code tab} or {@code blanks}) after the number each line of a command's output starts with by
     * a {@code numeric-output … lead} row ({@code du -sb .}: {@code N<TAB>.}), or null when no such row holds.
     */
    public String leadingNumbers(List<String> argv) {
        for (NumericOutput r : numericOutputs) {
            if (r.lead() != null && r.matches(argv)) {
                return r.lead();
            }
        }
        return null;
    }

    /**
     * The operands of a command the {@code numeric-output} rows say prints only numbers (what it may print beside
     * them: {@code wc -l g} prints {@code 1 g}), or null when no row holds.
     */
    public List<String> numericOutputOperands(List<String> argv) {
        for (NumericOutput r : numericOutputs) {
            if (r.lead() == null) {
                List<String> operands = r.operands(argv);
                if (operands != null) {
                    return operands;
                }
            }
        }
        return null;
    }

    /** Whether bash itself always gives this variable a number ({@code number-vars} rows). */
    public boolean numberVar(String name) {
        return numberVars.contains(name);
    }

    /** Whether bash itself sets this variable to text only known at run time ({@code runtime-text-vars} rows). */
    public boolean runtimeTextVar(String name) {
        return runtimeTextVars.contains(name);
    }

    /** Whether bash evaluates a value assigned to this variable as arithmetic ({@code integer-vars} rows). */
    public boolean integerVar(String name) {
        return integerVars.contains(name);
    }

    /** The programs that are POSIX-like shells ({@code shells}). */
    public Set<String> shells() {
        return java.util.Collections.unmodifiableSet(shells);
    }

    /**
     * How this environment variable's value is code ({@code env-code} rows): {@code sh} (a script),
     * {@code prompt}/{@code expand} (expanded: its substitutions run), {@code function} (an exported
     * function definition), {@code pager} (a script reading the program's output), {@code program}
     * (a program run with arguments), {@code commands} (a colon-separated list of scripts),
     * {@code pipe} (less's input preprocessor), or null when it is not code.
     */
    public String envCodeLanguage(String name) {
        for (java.util.Map.Entry<String, String> e : envCode.entrySet()) {
            if (Glob.matches(e.getKey(), name)) {
                return e.getValue();
            }
        }
        return null;
    }

    /** Whether a value matches one of the globs of the named list ({@code list NAME …}); false for an unknown list. */
    public boolean inList(String list, String value) {
        GlobIndex index = listIndexes.get(list);
        if (index == null) {
            List<String> globs = lists.get(list);
            if (globs == null) {
                return false;
            }
            // indexed on first use (the lists are complete by then), each list on its own: a launch that names
            // none pays for none
            index = new GlobIndex(globs);
            GlobIndex raced = listIndexes.putIfAbsent(list, index);
            index = raced != null ? raced : index;
        }
        return index.matches(value);
    }

    /** {@link #lists} indexed for {@link #inList}: an operand is tried against a list's globs in a few lookups. */
    private final java.util.concurrent.ConcurrentHashMap<String, GlobIndex> listIndexes =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The globs of a list ({@code list NAME …} rows), empty when none was declared. */
    public List<String> listGlobs(String list) {
        List<String> globs = lists.get(list);
        return globs == null ? List.of() : java.util.Collections.unmodifiableList(globs);
    }

    /** The rooted globs of a list ({@link RootedGlobs}), built on the list's first use. */
    public RootedGlobs rootedListGlobs(String list) {
        RootedGlobs r = rootedLists.get(list);
        if (r == null) {
            r = RootedGlobs.of(listGlobs(list));
            RootedGlobs raced = rootedLists.putIfAbsent(list, r);
            r = raced != null ? raced : r;
        }
        return r;
    }

    private final java.util.concurrent.ConcurrentHashMap<String, RootedGlobs> rootedLists =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The rooted {@code sensitive-paths} globs ({@link RootedGlobs}), in order. */
    public RootedGlobs rootedSensitivePaths() {
        return pathIndex().rootedSensitivePaths();
    }

    /** The rooted {@code credential-paths} globs ({@link RootedGlobs}), in order. */
    public RootedGlobs rootedCredentialPaths() {
        return pathIndex().rootedCredentialPaths();
    }

    /** The {@code sensitive-paths} globs and the {@code sensitive-names}, in order. */
    public List<String> sensitivePathGlobs() {
        return java.util.Collections.unmodifiableList(sensitivePaths);
    }

    public java.util.Set<String> sensitiveNameSet() {
        return java.util.Collections.unmodifiableSet(sensitiveNames);
    }

    /** Whether a list of that name was declared. */
    public boolean hasList(String list) {
        return lists.containsKey(list);
    }

    /** Whether a {@code service-list} row declared the list: it holds names of services or daemons. */
    public boolean listsServices(String list) {
        return serviceLists.contains(list);
    }

    /** Every section: programs, prefix programs and, below them, their sub-command sections. */
    public List<Section> allSections() {
        readAll();
        List<Section> out = new ArrayList<>();
        java.util.ArrayDeque<Section> todo = new java.util.ArrayDeque<>(programs.values());
        if (read != null) {
            todo.addAll(read.values());
        }
        todo.addAll(prefixPrograms);
        java.util.Set<Section> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Section s = todo.poll();
            if (seen.add(s)) {
                out.add(s);
                todo.addAll(s.subs.values());
                todo.addAll(s.optSubs.values());
            }
        }
        return out;
    }

    /**
     * The example rows of every rules file read into this set, each file's in line order (the built-in
     * programs are all read first: lazily read ones would otherwise be missing, or join the list while a
     * caller walks it).
     */
    public List<RuleExample> examples() {
        readAll();
        List<RuleExample> copy;
        synchronized (read == null ? examples : read) {
            copy = new ArrayList<>(examples);
        }
        List<String> origins = new ArrayList<>();
        for (RuleExample e : copy) {
            if (!origins.contains(e.origin())) {
                origins.add(e.origin());
            }
        }
        copy.sort(java.util.Comparator.comparingInt((RuleExample e) -> origins.indexOf(e.origin()))
                .thenComparingInt(RuleExample::line));
        return java.util.Collections.unmodifiableList(copy);
    }

    /** The {@code credential-paths} globs, in order (a pattern on the line is compared with each as a pattern). */
    public List<String> credentialPathGlobs() {
        return java.util.Collections.unmodifiableList(credentialPaths);
    }

    /**
     * The place a {@code credential-vars} variable names when it is unset (a path read through {@code $NAME/…} is judged
     * as that place: the variable is most likely set to a store of the same kind), or null for any other variable.
     */
    public String credentialVarPlace(String name) {
        return credentialVars.get(name);
    }

    /** The {@code credential-names} globs, in order. */
    public List<String> credentialNameGlobs() {
        return java.util.Collections.unmodifiableList(credentialNames);
    }

    /**
     * Whether a normalised path (home as {@code ~}) is a credential store: it matches a
     * {@code credential-paths} glob, or its file name a {@code credential-names} glob, and no
     * {@code credential-exceptions} entry (a glob with a slash matches the path, one without the name) — as
     * written or in its {@link LexicalPath lexical spelling}.
     */
    public boolean isCredentialStore(String path) {
        return isCredentialStoreAsWritten(path) || LexicalPath.mayBeSpelledOtherwise(path)
                && inOtherSpellings(path, this::isCredentialStoreAsWritten, this::endsLikeCredentialStore);
    }

    /**
     * A path check in the path's other spellings: its lexical one, and, after a {@code ..} that may have climbed
     * through a link, what follows it below a process's directory or as the end of a path the rules name.
     */
    private static boolean inOtherSpellings(String path, java.util.function.Predicate<String> asWritten,
            java.util.function.Predicate<String> mayEnd) {
        String other = LexicalPath.alternative(path);
        if (other != null && asWritten.test(other)) {
            return true;
        }
        String tail = LexicalPath.afterDotDot(path);
        if (tail == null) {
            return false;
        }
        String viaProcess = LexicalPath.belowProcess(tail);
        return viaProcess != null && asWritten.test(viaProcess) || mayEnd.test(tail);
    }

    /**
     * Whether a written normalised path replaces a credential store a {@code credential-paths} glob names, in the home
     * directory or at an absolute path: what the file says is whom the tools act as and where they connect (a
     * replaced {@code ~/.kube/config} sends kubectl, and its token, to another cluster; {@code ~/.docker/config.json}
     * names credential helpers docker runs). Stores known only by their file name ({@code .env}) are not: a project
     * writes its own.
     */
    public boolean isCredentialPlace(String path) {
        if (!path.startsWith("~/") && !path.startsWith("/")) {
            return false;
        }
        return pathIndex().credentialPaths().matches(path) && !isCredentialException(path, baseName(path));
    }

    private boolean isCredentialStoreAsWritten(String path) {
        PathIndex x = pathIndex();
        if (!(x.credentialPaths().matches(path) || x.credentialNames().matches(path, path.lastIndexOf('/') + 1))) {
            return false;
        }
        return !isCredentialException(path, baseName(path));
    }

    /**
     * For a path that is a shell pattern (tested by the caller's matcher): the paths of credential stores it may
     * name. Each {@code credential-paths} glob gives one such path ({@code *} and {@code ?} as {@code x}:
     * {@code ~/.ssh/*} gives {@code ~/.ssh/x}), each {@code credential-names} glob one file name; the caller
     * compares the whole pattern with the first and its last component with the second. Built once, with the
     * path index: a pattern word is compared with all of them.
     */
    public List<String> credentialPathWitnesses() {
        return pathIndex().credentialPathWitnesses();
    }

    /** See {@link #credentialPathWitnesses}: one file name per {@code credential-names} glob. */
    public List<String> credentialNameWitnesses() {
        return pathIndex().credentialNameWitnesses();
    }

    /**
     * The {@link #credentialPathWitnesses} that end in {@code last}, and a few others: all a pattern ending in a
     * character that matches only itself can match, without comparing it with every one.
     */
    public List<String> credentialPathWitnesses(char last) {
        return pathIndex().pathWitnessesByEnd().get(last % WITNESS_BUCKETS);
    }

    /** The {@link #credentialNameWitnesses} that end in {@code last}, and a few others. */
    public List<String> credentialNameWitnesses(char last) {
        return pathIndex().nameWitnessesByEnd().get(last % WITNESS_BUCKETS);
    }

    private static final int WITNESS_BUCKETS = 32;

    /** The witnesses by their last character (modulo {@link #WITNESS_BUCKETS}). */
    private static List<List<String>> byEnd(List<String> witnesses) {
        List<List<String>> buckets = new ArrayList<>(WITNESS_BUCKETS);
        for (int i = 0; i < WITNESS_BUCKETS; i++) {
            buckets.add(new ArrayList<>(2));
        }
        for (String w : witnesses) {
            if (!w.isEmpty()) {
                buckets.get(w.charAt(w.length() - 1) % WITNESS_BUCKETS).add(w);
            }
        }
        List<List<String>> out = new ArrayList<>(WITNESS_BUCKETS);
        for (List<String> b : buckets) {
            out.add(List.copyOf(b));
        }
        return List.copyOf(out);
    }

    private static List<String> witnesses(List<String> globs) {
        List<String> out = new ArrayList<>(globs.size());
        for (String g : globs) {
            StringBuilder b = new StringBuilder(g.length());
            for (int i = 0; i < g.length(); i++) {
                char c = g.charAt(i);
                if (c == '\\' && i + 1 < g.length()) {
                    b.append(g.charAt(++i));
                } else {
                    b.append(c == '*' || c == '?' ? 'x' : c);
                }
            }
            out.add(b.toString());
        }
        return List.copyOf(out);
    }

    /**
     * The path globs indexed for matching, built on first use (the lists are complete by then): every read is
     * checked against the credential stores and every write against the sensitive paths and the harmless devices,
     * and almost no path is any of them. {@code credentialDirs} holds every directory a {@code credential-paths} glob's literal beginning
     * lies below ({@code ~} and {@code ~/.aws} for {@code ~/.aws/credentials*}).
     */
    private record PathIndex(GlobIndex credentialPaths, GlobIndex credentialNames, RegionTable<Boolean> credentialDirs,
            GlobIndex credentialDirGlobs, GlobIndex sensitivePaths, List<String> credentialPathWitnesses,
            List<String> credentialNameWitnesses, List<List<String>> pathWitnessesByEnd,
            List<List<String>> nameWitnessesByEnd, GlobIndex harmlessDevices, RootedGlobs rootedSensitivePaths,
            RootedGlobs rootedCredentialPaths) {
    }

    private volatile PathIndex pathIndex;

    private PathIndex pathIndex() {
        PathIndex x = pathIndex;
        if (x == null) {
            Map<String, Boolean> dirs = new HashMap<>();
            for (String g : credentialPaths) {
                String literal = g.substring(0, literalLength(g));
                // each directory the literal goes on below: the part before a slash that has more after it
                for (int i = literal.indexOf('/'); i >= 0 && i + 1 < literal.length(); i = literal.indexOf('/', i + 1)) {
                    dirs.put(i == 0 ? "/" : literal.substring(0, i), Boolean.TRUE);
                }
            }
            List<String> pathWitnesses = witnesses(credentialPaths);
            List<String> nameWitnesses = witnesses(credentialNames);
            x = new PathIndex(new GlobIndex(credentialPaths), new GlobIndex(credentialNames), new RegionTable<>(dirs),
                    new GlobIndex(directoryGlobs(credentialPaths)), new GlobIndex(sensitivePaths),
                    pathWitnesses, nameWitnesses, byEnd(pathWitnesses), byEnd(nameWitnesses),
                    new GlobIndex(harmlessDevices), RootedGlobs.of(sensitivePaths), RootedGlobs.of(credentialPaths));
            pathIndex = x;
        }
        return x;
    }

    private boolean isCredentialException(String path, String base) {
        for (String e : credentialExceptions) {
            if (e.indexOf('/') >= 0 ? Glob.matches(e, path) : Glob.matches(e, base)) {
                return true;
            }
        }
        return false;
    }

    /** The name of the file {@link #holdsCredentialStore} asks about in a directory: one no glob names. */
    private static final String PROBE = "cmdgate-probe";

    /**
     * The directories a {@code credential-paths} glob's stores lie below, as globs: each part of the glob before
     * one of its slashes ({@code /proc} and {@code /proc/*} for {@code /proc/*}{@code /environ}, {@code *}{@code /.ssh}
     * for {@code *}{@code /.ssh/*}), leaving out the parts that name no directory of their own: the root, the home
     * directory and a bare wildcard.
     */
    private static List<String> directoryGlobs(List<String> globs) {
        List<String> out = new ArrayList<>();
        for (String g : globs) {
            for (int i = g.indexOf('/', 1); i > 0; i = g.indexOf('/', i + 1)) {
                String dir = g.substring(0, i);
                if (!dir.equals("~") && !dir.replace("*", "").replace("?", "").isEmpty() && !out.contains(dir)) {
                    out.add(dir);
                }
            }
        }
        return out;
    }

    /**
     * Whether a normalised directory holds a credential store of a {@code credential-paths} glob: the glob's
     * literal beginning lies below the directory ({@code ~} holds {@code ~/.ssh/*}), the directory is one its
     * stores lie below ({@code /proc/123} for {@code /proc/*}{@code /environ}: every process's environment is in
     * {@code /proc}, one process's in its directory), or, for a glob that starts with a wildcard, a file directly
     * in the directory would match it ({@code /home/a/.ssh} and {@code *}{@code /.ssh/*}).
     * Stores known only by their file name ({@code .env}) can be anywhere and are not counted, and neither are
     * the root and the home directory themselves: a backup of a whole home is an everyday job, packing up
     * {@code ~/.ssh} or {@code ~/.aws} is the first half of exfiltration.
     */
    public boolean holdsCredentialStore(String dir) {
        if (holdsCredentialStoreAsWritten(dir)) {
            return true;
        }
        String other = LexicalPath.alternative(dir);
        return other != null && holdsCredentialStoreAsWritten(other);
    }

    private boolean holdsCredentialStoreAsWritten(String dir) {
        String d = dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
        if (d.equals("/") || d.equals("~")) {
            return false;
        }
        PathIndex x = pathIndex();
        if (x.credentialDirs().get(d, 0, d.length()) != null || x.credentialDirGlobs().matches(d)) {
            return true;
        }
        if (!x.credentialPaths().mayMatchIn(d, PROBE)) {
            return false;
        }
        String probe = d + "/" + PROBE;
        return x.credentialPaths().matches(probe) && !isCredentialException(probe, PROBE);
    }

    private static int literalLength(String glob) {
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' || c == '?' || c == '\\') {
                return i;
            }
        }
        return glob.length();
    }

    private static String baseName(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    /**
     * Whether an environment variable holds a secret: its value matches a {@code secret-values} glob, or its name
     * a {@code secret-vars} glob and no {@code not-secret-vars} glob. A name exception speaks for the name only:
     * {@code OAUTH_TOKEN_URL} usually holds a plain URL, but one with a password in it is a secret like any other.
     * Names are compared without regard to case ({@code github_token} is as secret as {@code GITHUB_TOKEN}). Names
     * narrow how a value is read: under a {@code not-random-vars} name (an id, a digest) the random shapes do not
     * apply; under a {@code prose-vars} name (a commit message) only they do, a sentence saying {@code password:} being
     * no credential; a secret name listed in {@code secret-pointer-vars} (and not {@code secret-url-vars}) whose value
     * is an absolute path or a URL without a user part, query or fragment points at a credential and is none.
     */
    public boolean isSecretVariable(String name, String value) {
        if (name == null) {
            return false;
        }
        String n = name.toUpperCase(java.util.Locale.ROOT);
        SecretGlobs g = secretGlobs();
        if (value != null) {
            boolean prose = Glob.anyMatch(g.prose(), n);
            boolean randomShapes = !Glob.anyMatch(g.notRandom(), n);
            if (hasSecretShape(value, randomShapes, prose) || !prose && encodesSecret(value, randomShapes)
                    || isSecretShapedName(name)) {
                return true;
            }
        }
        if (Glob.anyMatch(g.notNames(), n) || !Glob.anyMatch(g.names(), n)) {
            return false;
        }
        // a pointer (GOOGLE_APPLICATION_CREDENTIALS=/path/sa.json, KEYCLOAK_AUTH_SERVER_URL=https://sso/auth) is no secret
        return value == null || !Glob.anyMatch(g.pointers(), n) || Glob.anyMatch(g.bearerUrls(), n)
                || !CredentialPointer.is(value);
    }

    private boolean hasSecretShape(String value, boolean randomShapes, boolean prose) {
        return randomShapes && isRandomValue(value)
                || !prose && (Glob.anyMatch(secretValues, value) || credentialMarkers.matches(value));
    }

    /**
     * Whether the text a value encodes ({@code secret-decoded}) has a secret's shape: a percent-encoded URL with a
     * password, base64 of a {@code user:password} pair, of a token or of a field carrying one. One level of decoding.
     */
    private boolean encodesSecret(String value, boolean randomShapes) {
        String percent = encodings.percentDecoded(value);
        if (percent != null && hasSecretShape(percent, randomShapes, false)) {
            return true;
        }
        String base64 = encodings.base64Decoded(value);
        return base64 != null && (CredentialPair.is(base64) || hasSecretShape(base64, randomShapes, false));
    }

    /**
     * Whether a variable's name is itself a credential ({@code ghp_…=1}: a vault exporter keyed by secret): a token's
     * announced prefix or a generated key's shape. Names of variables are short words with {@code _}; neither
     * shape takes them.
     */
    private boolean isSecretShapedName(String name) {
        return isRandomValue(name) || Glob.anyMatch(secretValues, name);
    }

    private boolean isRandomValue(String value) {
        return randomSecrets != null && randomSecrets.matches(value)
                || randomRuns != null && (randomRuns.matches(value) || groupedKeys != null && groupedKeys.matches(value, randomRuns));
    }

    /**
     * Whether a word of a name (upper case, no blanks) is, or begins, the name of a secret variable, or is part of a
     * word that makes a name secret: {@code TOKEN}, {@code SECRET}, {@code X_API_KEY} as a name of its own or between
     * other words of a name ({@code A_TOKEN_B}); a piece of such a word ({@code PASSW} of {@code *PASSWORD*}); the
     * first words of a secret name the rows list whole ({@code AWS} of {@code AWS_SECRET_ACCESS_KEY}).
     */
    public boolean isSecretNamePart(String part) {
        if (Glob.anyMatch(secretGlobs().notNames(), part)) {
            return false; // a name that looks secret but is not (GITHUB_TOKEN_FILE)
        }
        if (isSecretVariable(part, null) || isSecretVariable("A_" + part, null) || isSecretVariable(part + "_A", null)
                || isSecretVariable("A_" + part + "_A", null)) {
            return true;
        }
        for (String g : secretVars) {
            boolean whole = g.indexOf('*') < 0 && g.indexOf('?') < 0;
            if (whole ? g.length() > part.length() && g.startsWith(part) && g.charAt(part.length()) == '_'
                    : g.contains(part)) {
                return true;
            }
        }
        return false;
    }

    /** The secret-variable globs as character arrays, made on first use (the lists are complete by then). */
    private record SecretGlobs(char[][] names, char[][] notNames, char[][] pointers, char[][] bearerUrls,
            char[][] notRandom, char[][] prose) {
    }

    private volatile SecretGlobs secretGlobs;

    private SecretGlobs secretGlobs() {
        SecretGlobs g = secretGlobs;
        if (g == null) {
            g = new SecretGlobs(Glob.compile(secretVars), Glob.compile(notSecretVars), Glob.compile(pointerVars),
                    Glob.compile(bearerUrlVars), Glob.compile(notRandomVars), Glob.compile(proseVars));
            secretGlobs = g;
        }
        return g;
    }

    /** Whether a program (as the rules name it) is granted a secret variable by a {@code secret-grant} row. */
    public boolean grantsSecret(String program, String variable) {
        List<String> globs = secretGrants.get(program);
        return globs != null && variable != null && Glob.anyMatch(globs, variable.toUpperCase(java.util.Locale.ROOT));
    }

    /** Whether the program passes its environment only to the commands it is seen to run ({@code secret-carriers}). */
    public boolean isSecretCarrier(String program) {
        return secretCarriers.contains(program);
    }

    /** Whether the program can neither keep nor pass on its environment ({@code secret-inert}: cd, true, test). */
    public boolean isSecretInert(String program) {
        return secretInert.contains(program);
    }

    /**
     * The {@code secret-together} set {@code variable} belongs to (a number, the same for every member of one set),
     * or -1 when it belongs to none.
     */
    public int secretSetOf(String variable) {
        if (variable == null || secretTogether.isEmpty()) {
            return -1;
        }
        String v = variable.toUpperCase(java.util.Locale.ROOT);
        for (int i = 0; i < secretTogether.size(); i++) {
            if (Glob.anyMatch(secretTogether.get(i), v)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether a relative name below a directory only known at run time may be a sensitive place: it is one as it
     * stands (its file name), or it may be the end of a path a {@code sensitive-paths} glob names
     * ({@link PathTails}: {@code sudoers.d/x}, {@code cron.d/x}, {@code .ssh/authorized_keys}).
     */
    public boolean mayEndSensitive(String name) {
        return isSensitivePath(name) || endsLikeSensitivePlace(name);
    }

    /** As {@link #mayEndSensitive}, for the credential stores ({@code shadow}, {@code .aws/credentials}). */
    public boolean mayEndCredential(String name) {
        return isCredentialStore(name) || endsLikeCredentialStore(name);
    }

    private boolean endsLikeSensitivePlace(String name) {
        return pathTails().sensitive().mayEnd(name);
    }

    private boolean endsLikeCredentialStore(String name) {
        return pathTails().credential().mayEnd(name) && !isCredentialException(name, baseName(name));
    }

    /** As {@link #mayEndSensitive}, for the entries of a named list ({@code usr}, {@code usr/lib} of protected-dirs). */
    public boolean listMayEnd(String list, String name) {
        PathTails tails = listTails.get(list);
        if (tails == null) {
            List<String> globs = lists.get(list);
            if (globs == null) {
                return false;
            }
            // built on first use, as listIndexes: the lists are complete by then
            tails = PathTails.of(globs);
            PathTails raced = listTails.putIfAbsent(list, tails);
            tails = raced != null ? raced : tails;
        }
        return tails.mayEnd(name);
    }

    /** {@link #lists}' tails for {@link #listMayEnd}, each list's built once. */
    private final java.util.concurrent.ConcurrentHashMap<String, PathTails> listTails =
            new java.util.concurrent.ConcurrentHashMap<>();

    private record Tails(PathTails sensitive, PathTails credential) {
    }

    private volatile Tails pathTails;

    private Tails pathTails() {
        Tails t = pathTails;
        if (t == null) {
            t = new Tails(PathTails.of(sensitivePaths), PathTails.of(credentialPaths));
            pathTails = t;
        }
        return t;
    }

    /**
     * A {@code sensitive-paths} glob naming places below the directory (normalised, home as {@code ~}): its
     * literal beginning lies inside the directory ({@code ~/.bashrc} below {@code ~}, {@code /etc/cron.d/*} below
     * {@code /}). Globs that may start anywhere ({@code *}{@code /.git/hooks/*}) are not counted: they do not say the
     * directory holds one. Null when none does.
     */
    public String sensitiveBelow(String dir) {
        String d = dir.endsWith("/") ? dir : dir + "/";
        for (String g : sensitivePaths) {
            int lit = literalLength(g);
            if (lit > d.length() && g.startsWith(d)) {
                return g;
            }
        }
        return null;
    }

    /**
     * Whether a normalised path (home as {@code ~}) is a place that runs code later or grants access, as written or
     * in its {@link LexicalPath lexical spelling}.
     */
    public boolean isSensitivePath(String path) {
        return isSensitiveAsWritten(path) || LexicalPath.mayBeSpelledOtherwise(path)
                && inOtherSpellings(path, this::isSensitiveAsWritten, this::endsLikeSensitivePlace);
    }

    private boolean isSensitiveAsWritten(String path) {
        int slash = path.lastIndexOf('/');
        String base = slash >= 0 ? path.substring(slash + 1) : path;
        if (sensitiveNames.contains(base)) {
            return true;
        }
        return pathIndex().sensitivePaths().matches(path);
    }
}
