package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules for one program or sub-command ({@code [git]}, {@code [git push]}). Built by
 * {@link RulesParser}; read-only once the rule set is published.
 */
public final class Section {

    /** How arguments are split into options and operands. */
    public enum ParseMode {
        /** GNU getopt_long: bundling, abbreviations, options after operands, {@code --}. */
        GNU,
        /** As GNU, but the first operand ends option parsing (wrappers, sub-command dispatchers). */
        POSIX,
        /** No options: every argument is an operand (find, echo, dd, kill). */
        NONE
    }

    final String key;
    final String word;
    final Section parent;
    // what the rows say: reset() (below) clears every one of these fields
    Rating verdict;
    ParseMode mode = ParseMode.GNU;
    /** A {@code parse} row set the mode: a sub-command section does not make it posix then. */
    boolean modeByRow;
    boolean firstBundle;
    boolean globalOptions;
    /** {@code +x} is an option bundle like {@code -x} (sh/bash: +x turns an option off). */
    boolean plusOptions;
    boolean equalsValues;
    /** With parse posix: option parsing stops at the operand after this many (ssh host -t CMD). */
    int posixAfter;
    /**
     * {@code parse bsd-values LETTERS}: in a word without a dash (procps ps's BSD options), each of these letters takes
     * a value, the rest of the word or the next argument, which is then no operand ({@code ps k size}).
     */
    String bsdValues = "";
    /**
     * {@code parse comma-list PREFIX}: a long option word {@code PREFIXa,b} is the options {@code PREFIXa} and
     * {@code PREFIXb} (dpkg's {@code --force-confold,bad-verify}).
     */
    final List<String> commaLists = new ArrayList<>(0);
    final List<AssignRule> assigns = new ArrayList<>();
    final List<ShellOptionRule> shellOptions = new ArrayList<>();
    /** {@code state} rows: the conditions of each (empty: always). */
    final List<List<Condition>> state = new ArrayList<>();
    /** {@code content-names} rows: the conditions of each (empty: always). */
    final List<List<Condition>> contentNames = new ArrayList<>();
    /** {@code content-names into} rows: the directory the content-named files are written below. */
    final List<ContentInto> contentInto = new ArrayList<>();
    /** {@code unsets} rows: arguments naming variables the command removes (unset, env -u). */
    final List<AssignRule> unsets = new ArrayList<>();
    /** {@code chdir}: the first operand is the directory the shell changes to (cd, pushd). */
    boolean chdir;
    /** {@code chdir opt OPT} rows: options whose value is the directory the command and what it runs work in (env -C). */
    final List<String> chdirOpts = new ArrayList<>();
    /** {@code chdir operand}: the first operand is the directory the command it runs works in (cmake -E chdir DIR). */
    boolean chdirOperand;
    /**
     * {@code chdir between WORD...} rows: the start words of {@code runs between} commands that run in the directory
     * of each file the command finds (find -execdir).
     */
    final List<String> chdirBetween = new ArrayList<>();
    final java.util.Set<String> versionSpellings = new java.util.HashSet<>();
    final java.util.Set<String> helpSpellings = new java.util.HashSet<>();
    final Map<Character, OptionSpec> shortOpts = new HashMap<>();
    final Map<String, OptionSpec> longOpts = new HashMap<>();
    final Map<String, OptionSpec> wordOpts = new HashMap<>();
    final List<OptionSpec> options = new ArrayList<>();
    final List<When> whens = new ArrayList<>();
    final List<CodeRule> codes = new ArrayList<>();
    final List<WriteRule> writes = new ArrayList<>();
    /** {@code encrypts} rows: the files the command encrypts, whose later deletion or overwrite the row raises. */
    final List<WriteRule> encrypts = new ArrayList<>();
    /** {@code reads} rows: the arguments whose files the command reads (none: every operand no writes row claims). */
    final List<ReadRule> reads = new ArrayList<>();
    /** {@code reads none}: the command reads no operand's contents (ls, stat, chmod). */
    boolean readsNone;
    /** The value name of an option that names a file ({@code opt -a --arg-file =FILE}). */
    private static final String FILE_VALUE = "FILE";
    /** {@link #reads()}, made on first use (the section is complete by then). */
    private volatile List<ReadRule> withFileOptions;
    RunsRule runs;
    /** {@code project-file} rows: files of the working directory whose code the program runs. */
    final List<ProjectFileRule> projectFiles = new ArrayList<>();
    Rating codeFile;
    /** The language of the {@code code-file} row's script ({@code code-file go -> …}), or null: the code rows' language. */
    String codeFileLanguage;
    /** The {@code prints} row: how the command's output follows from its words ({@code echo}, {@code printf}, {@code input}), or null. */
    String prints;
    /** The {@code prints} row's conditions (empty: always). */
    List<Condition> printsIf = List.of();
    /** The {@code prints-env} row's conditions: the command prints the environment's variables; null without one. */
    List<Condition> printsEnv;
    Rating stdinCode;
    /** The {@code pure-code} row, or null: the program only runs its code (docs/pure-code.md). */
    PureLaunch pureLaunch;
    int stdinCodeAfter;
    /** Options with which standard input from a file counts as typed input (sh -i < file). */
    final List<String> stdinInteractive = new ArrayList<>();
    final List<FifoRule> fifos = new ArrayList<>();
    /** {@code steer} rows: files that change what the program runs. */
    final List<SteerRule> steers = new ArrayList<>();
    /** {@code steer-dir opt OPT} rows: options whose values move the directory the program works in (git -C). */
    final List<String> steerDirs = new ArrayList<>();
    /** The {@code steer-repo} row, or null. */
    SteerRepo steerRepo;
    /** The {@code argfiles} row: words naming files of more arguments ({@code javac @args.txt}), or null. */
    ArgfileRule argfiles;
    /** The {@code dry-run} row's options (empty: this section has no dry run), or null without a row. */
    List<String> dryRun;
    List<Condition> dryRunIf = List.of();
    // the sub-command sections below this one: sections of their own, which reset() keeps
    final Map<String, Section> subs = new LinkedHashMap<>();
    final Map<String, Section> optSubs = new HashMap<>();
    /** The {@code sub-prefixes} row: sub-command words the program also takes abbreviated, in its own order. */
    List<String> subPrefixes = List.of();
    /** The {@code sub-prefixes … default WORD} word: the sub-command meant when none is written, or null. */
    String subDefault;

    Section(String key, String word, Section parent) {
        this.key = key;
        this.word = word;
        this.parent = parent;
    }

    /**
     * The {@code reset} row of a user's file: drops every row the section has so far, so that what the user's
     * rows say after it is all the section holds. The {@code parse} row goes too: its words qualify the options
     * this drops ({@code first-bundle}, {@code global-options}, {@code plus-options}, {@code after N},
     * {@code bsd-values}), and a
     * built-in {@code parse none} kept hidden under the user's rows would make their option conditions never
     * hold. The section splits its arguments as one with no {@code parse} row does: posix once it has
     * sub-command sections (which are sections of their own, and stay), else gnu.
     */
    void reset() {
        mode = subs.isEmpty() ? ParseMode.GNU : ParseMode.POSIX;
        modeByRow = false;
        firstBundle = false;
        globalOptions = false;
        plusOptions = false;
        equalsValues = false;
        posixAfter = 0;
        bsdValues = "";
        commaLists.clear();
        verdict = null;
        options.clear();
        shortOpts.clear();
        longOpts.clear();
        wordOpts.clear();
        whens.clear();
        codes.clear();
        writes.clear();
        encrypts.clear();
        reads.clear();
        withFileOptions = null;
        readsNone = false;
        runs = null;
        assigns.clear();
        shellOptions.clear();
        state.clear();
        contentNames.clear();
        contentInto.clear();
        unsets.clear();
        chdir = false;
        chdirOpts.clear();
        chdirOperand = false;
        chdirBetween.clear();
        versionSpellings.clear();
        helpSpellings.clear();
        codeFile = null;
        codeFileLanguage = null;
        projectFiles.clear();
        prints = null;
        printsIf = List.of();
        printsEnv = null;
        stdinCode = null;
        pureLaunch = null;
        stdinCodeAfter = 0;
        stdinInteractive.clear();
        fifos.clear();
        dryRun = null;
        dryRunIf = List.of();
        steers.clear();
        steerDirs.clear();
        steerRepo = null;
        argfiles = null;
        subPrefixes = List.of();
        subDefault = null;
    }

    public String key() { return key; }
    /** The {@code steer} rows. */
    public List<SteerRule> steers() { return steers; }
    /** The options of {@code steer-dir} rows (canonical names). */
    public List<String> steerDirs() { return steerDirs; }
    /** The {@code steer-repo} row, or null. */
    public SteerRepo steerRepo() { return steerRepo; }
    /** The {@code argfiles} row: words naming files the program reads more arguments from; null without one. */
    public ArgfileRule argfiles() { return argfiles; }
    public String word() { return word; }
    public Section parent() { return parent; }
    public Rating verdict() { return verdict; }
    public ParseMode mode() { return mode; }
    public boolean firstBundle() { return firstBundle; }
    public boolean plusOptions() { return plusOptions; }

    /**
     * Go's flag parsers (pflag: docker, podman, kubectl) read {@code -v=VALUE} as {@code -v VALUE}; getopt would take
     * {@code =VALUE}. Set on a program's section, it holds for its sub-commands' sections too.
     */
    public boolean equalsValues() {
        for (Section x = this; x != null; x = x.parent) {
            if (x.equalsValues) {
                return true;
            }
        }
        return false;
    }
    public int posixAfter() { return posixAfter; }
    /** The letters of a {@code parse bsd-values} row: in a dashless word each takes a value; empty without one. */
    public String bsdValues() { return bsdValues; }

    /**
     * The options a long option word of a {@code parse comma-list} prefix holding a comma stands for, each item with
     * the prefix ({@code --force-a,b}: {@code --force-a}, {@code --force-b}), here or in a section above; null for any
     * other word.
     */
    public List<String> commaListItems(String word) {
        if (word.indexOf(',') < 0) {
            return null;   // the walk up the sections below needs a comma after the prefix: most words have none
        }
        for (Section s = this; s != null; s = s.parent) {
            for (String prefix : s.commaLists) {
                if (word.startsWith(prefix) && word.indexOf(',', prefix.length()) >= 0 && word.indexOf('=') < 0) {
                    List<String> out = new ArrayList<>();
                    for (String item : word.substring(prefix.length()).split(",")) {
                        if (!item.isEmpty()) {
                            out.add(prefix + item);
                        }
                    }
                    return out;
                }
            }
        }
        return null;
    }
    public List<OptionSpec> options() { return options; }
    public List<When> whens() { return whens; }
    public List<CodeRule> codes() { return codes; }
    public List<WriteRule> writes() { return writes; }
    public List<WriteRule> encrypts() { return encrypts; }
    /**
     * The files the command reads: its {@code reads} rows, and the value of every option whose row calls its value
     * {@code FILE} that no {@code writes}, {@code code} or {@code reads} row of the section claims ({@code xargs -a
     * FILE}, {@code grep -f FILE}): a file named for the command to open is read unless the rules say it is written,
     * run, or read only under conditions. A file the command uses without printing or sending what it holds (a
     * key store) is given another value name ({@code =KEYSTORE}).
     */
    public List<ReadRule> reads() {
        List<ReadRule> all = withFileOptions;
        if (all == null) {
            all = new ArrayList<>(reads);
            for (OptionSpec o : options) {
                if (FILE_VALUE.equals(o.valueName()) && !claimed(o.canonical())) {
                    all.add(new ReadRule(ReadRule.Target.OPT, o.canonical(), List.of(), List.of(), false));
                }
            }
            all = List.copyOf(all);
            withFileOptions = all;
        }
        return all;
    }

    /** Whether the section has {@code reads} rows of its own (then it reads no operand it does not name). */
    public boolean declaresReads() { return !reads.isEmpty(); }
    /** Whether the section says (with {@code reads none}) that the command reads no operand's contents. */
    public boolean readsNone() { return readsNone; }
    public RunsRule runs() { return runs; }
    public Rating codeFile() { return codeFile; }
    /** The {@code project-file} rows: files of the working directory whose code the program runs. */
    public List<ProjectFileRule> projectFiles() { return projectFiles; }
    /** The language the {@code code-file} row names, or null when it names none. */
    public String codeFileLanguage() { return codeFileLanguage; }
    /**
     * The {@code prints} row: what the command writes to its standard output follows from its words,
     * read as {@code echo} or {@code printf} do, or is its standard input ({@code input}: cat); null without one.
     */
    public String prints() { return prints; }
    /** When the {@code prints} row applies (all must hold; empty: always). */
    public List<Condition> printsIf() { return printsIf; }
    /**
     * The {@code prints-env} row's conditions (empty: always): when they hold the command prints the environment's
     * variables, values and all ({@code env}, {@code printenv}, {@code export -p}); null when the section has none.
     */
    public List<Condition> printsEnv() { return printsEnv; }
    public Rating stdinCode() { return stdinCode; }
    /** The {@code pure-code} row, or null. */
    public PureLaunch pureLaunch() { return pureLaunch; }
    /** How many operands (ssh's host) come before the script that would otherwise be read from stdin. */
    public int stdinCodeAfter() { return stdinCodeAfter; }
    /** Options that make the program read standard input as typed, interactive input ({@code sh -i}). */
    public List<String> stdinInteractive() { return stdinInteractive; }
    /**
     * The {@code dry-run} row: options with which the command only shows what it would do or what
     * there is (git clean -n, apt-get -s, unzip -l); empty when the row says this section has none;
     * null when the section has no row (a parent's row then decides).
     */
    public List<String> dryRun() { return dryRun; }
    /** Conditions under which the dry-run options count (rsync -n only for local copies). */
    public List<Condition> dryRunIf() { return dryRunIf; }
    /** The {@code fifo} rows: operands that name FIFOs the command creates. */
    public List<FifoRule> fifos() { return fifos; }
    /**
     * Whether {@code PROG WORD} alone only prints a version: {@code --version} and {@code -V} for
     * every known program, plus the section's {@code version} row ({@code node -v}).
     */
    public boolean isVersionFlag(String w) {
        return w.equals("--version") || w.equals("-V") || versionSpellings.contains(w);
    }

    /**
     * Whether {@code WORD} asks this section's command only for its usage: a spelling the {@code help} rows of the
     * section or of the sections above it list ({@code git push -h}). Never implied: many programs load the project's
     * code or configuration before they print their usage ({@code pytest --help} loads conftest.py, {@code flask
     * --help} imports the application, {@code go --help} may fetch the toolchain go.mod names).
     */
    public boolean isHelpFlag(String w) {
        for (Section s = this; s != null; s = s.parent) {
            if (s.helpSpellings.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** The {@code assigns} rows: arguments that set shell variables (export, declare, read, printf -v). */
    public List<AssignRule> assigns() { return assigns; }
    /** The {@code sets} rows: shell options the command turns on (set -a, set -k). */
    public List<ShellOptionRule> shellOptions() { return shellOptions; }
    /**
     * The {@code state} rows, each a list of conditions (empty: always): the command runs in the shell
     * that reads it and changes that shell's state (variables, options, directory, functions, traps).
     */
    public List<List<Condition>> state() { return state; }
    /**
     * The {@code content-names} rows, each a list of conditions (empty: always): the names of the files the command
     * writes come from what it reads (an archive's members, SQL), not from its words.
     */
    public List<List<Condition>> contentNames() { return contentNames; }
    /** The {@code content-names into} rows: where the files named by what the command reads go. */
    public List<ContentInto> contentInto() { return contentInto; }
    /** The {@code unsets} rows: arguments naming variables the command removes ({@code unset}, {@code env -u}). */
    public List<AssignRule> unsets() { return unsets; }
    /** The {@code chdir} row: the command changes the shell's directory to its first operand (none: home). */
    public boolean chdir() { return chdir; }
    /** The {@code chdir opt} rows: options naming the directory the command, and what it runs, work in. */
    public List<String> chdirOpts() { return chdirOpts; }
    /** The {@code chdir operand} row: the first operand names the directory the command it runs works in. */
    public boolean chdirOperand() { return chdirOperand; }
    /** The {@code chdir between} rows: start words of embedded commands run in each found file's directory. */
    public List<String> chdirBetween() { return chdirBetween; }
    public boolean hasSubs() { return !subs.isEmpty() || !optSubs.isEmpty(); }
    /** The sub-command sections below this one (by word and through options' values). */
    public List<Section> subSections() {
        List<Section> out = new ArrayList<>(subs.values());
        out.addAll(optSubs.values());
        return out;
    }

    /** The sub-command section for a word, or null. */
    public Section sub(String w) {
        return subs.get(w);
    }

    /**
     * The sub-command section a word names as an abbreviation ({@code nmcli c s} is {@code nmcli connection show}): the
     * first word of the {@code sub-prefixes} row that the word begins, as the program resolves it from its own table.
     * Null when the row has no such word, or that word has no section (the parent's rows then judge the command: a
     * later word with a section is not what the program runs).
     */
    public Section subByPrefix(String w) {
        if (w.isEmpty()) {
            return null;
        }
        for (String full : subPrefixes) {
            if (full.startsWith(w)) {
                return subs.get(full);
            }
        }
        return null;
    }

    /** The sub-command section the program runs when no sub-command word is written ({@code nmcli device}), or null. */
    public Section defaultSub() {
        return subDefault == null ? null : subs.get(subDefault);
    }

    /** The section named by an option's value ({@code python -m pip}), or null. */
    public Section optSub(String canonical, String value) {
        return optSubs.get(canonical + " " + value);
    }

    /** A short option by its letter, looking through parents that declared global options. */
    public OptionSpec shortOption(char c) {
        for (Section s = this; s != null; s = s.parent) {
            OptionSpec o = s.shortOpts.get(c);
            if (o != null) {
                return o;
            }
            if (s.parent == null || !s.parent.globalOptions) {
                break;
            }
        }
        return null;
    }

    /** A single-dash word option such as find's {@code -name} or java's {@code -jar}, or null. */
    public OptionSpec wordOption(String w) {
        for (Section s = this; s != null; s = s.parent) {
            // most sections have no word options: skip hashing a fresh string
            OptionSpec o = s.wordOpts.isEmpty() ? null : s.wordOpts.get(w);
            if (o != null) {
                return o;
            }
            if (s.parent == null || !s.parent.globalOptions) {
                break;
            }
        }
        return null;
    }

    /**
     * A long option by name (without the leading dashes): an exact match, else the one known long
     * option the text is an unambiguous prefix of. When several known options share the prefix,
     * returns the first with an effect (the most cautious reading), else null.
     */
    public OptionSpec longOption(String name) {
        OptionSpec candidate = null;
        boolean ambiguous = false;
        for (Section s = this; s != null; s = s.parent) {
            OptionSpec exact = s.longOpts.get(name);
            if (exact != null) {
                return exact;
            }
            for (Map.Entry<String, OptionSpec> e : s.longOpts.entrySet()) {
                if (e.getKey().startsWith(name)) {
                    OptionSpec o = e.getValue();
                    if (candidate == null) {
                        candidate = o;
                    } else if (candidate != o) {
                        ambiguous = true;
                        if (candidate.effect() == null && o.effect() != null) {
                            candidate = o;
                        } else if (candidate.effect() != null && o.effect() != null
                                && o.effect().commandClass().ordinal() > candidate.effect().commandClass().ordinal()) {
                            candidate = o;
                        }
                    }
                }
            }
            if (s.parent == null || !s.parent.globalOptions) {
                break;
            }
        }
        if (ambiguous && candidate != null && candidate.effect() == null) {
            return null;
        }
        return candidate;
    }

    /**
     * Declares an {@code opt} row's option under each of its spellings. A user's row (an {@code overlay}) replaces
     * the option a spelling named before; in one file, declaring a spelling twice is an error.
     */
    void declare(OptionSpec spec, boolean overlay) {
        for (String nm : spec.names()) {
            OptionSpec old;
            if (nm.startsWith("--")) {
                old = longOpts.put(nm.substring(2), spec);
            } else if (nm.length() == 2) {
                old = shortOpts.put(nm.charAt(1), spec);
            } else {
                old = wordOpts.put(nm, spec);
            }
            if (old != null) {
                if (!overlay) {
                    throw new IllegalArgumentException("option " + nm + " declared twice in [" + key + "]");
                }
                options.remove(old);
            }
        }
        options.add(spec);
    }

    /** The option a spelling names here or in a section above (as rows name options), or null. */
    OptionSpec declaredOption(String spelled) {
        for (Section x = this; x != null; x = x.parent) {
            OptionSpec o;
            if (spelled.startsWith("--")) {
                o = x.longOpts.get(spelled.substring(2));
            } else if (spelled.length() == 2) {
                o = x.shortOpts.get(spelled.charAt(1));
            } else {
                o = x.wordOpts.get(spelled);
            }
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    /** The canonical name of the option a row names by this spelling; a spelling not declared is an error. */
    String optionName(String spelled) {
        OptionSpec o = declaredOption(spelled);
        if (o == null) {
            throw new IllegalArgumentException("option " + spelled + " is not declared in [" + key + "] (add an opt row first)");
        }
        return o.canonical();
    }

    /** Every option spec visible here (own and inherited global ones). */
    public List<OptionSpec> visibleOptions() {
        if (parent == null || !parent.globalOptions) {
            return options;
        }
        List<OptionSpec> all = new ArrayList<>(options);
        for (Section s = parent; s != null; s = s.parent) {
            all.addAll(s.options);
            if (s.parent == null || !s.parent.globalOptions) {
                break;
            }
        }
        return all;
    }

    /**
     * Whether a {@code writes}, {@code code} or {@code reads} row of this section names the option's value: then
     * that row says what becomes of the file ({@code reads opt -in if !-nokeys}).
     */
    private boolean claimed(String option) {
        for (ReadRule r : reads) {
            if ((r.target() == ReadRule.Target.OPT || r.target() == ReadRule.Target.MENTIONS_OPT) && option.equals(r.name())) {
                return true;
            }
        }
        for (WriteRule w : writes) {
            if ((w.target() == WriteRule.Target.OPT || w.target() == WriteRule.Target.MENTIONS_OPT
                    || w.target() == WriteRule.Target.NAMED_OPT
                    || w.target() == WriteRule.Target.PREFIX_OPT || w.target() == WriteRule.Target.INTO_OPT
                    || w.target() == WriteRule.Target.PARTS_OPT) && option.equals(w.name())) {
                return true;
            }
        }
        for (CodeRule c : codes) {
            if (c.source() == CodeRule.Source.OPT && option.equals(c.name())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "[" + key + "]";
    }
}
