package dev.cmdgate.core.classify;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.ReadRule;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The files a command writes and reads, and what that makes it: a written device, network pseudo-device,
 * sensitive place or file of the gate's own ({@link OwnFiles}) raises the command, and so does a read
 * credential store. Which operands and option values are files comes from the rules' {@code writes} and
 * {@code reads} rows (operands no row claims are read by default); paths are compared as text, a relative
 * one taken from the launch's working directory until the script changes directory (then, for the gate's own
 * files, from each directory a literal cd may have led to).
 */
final class FileEffects {

    private final Analysis analysis;
    /** The files the gate depends on: writing one is Destructive. */
    private final OwnFiles own;
    /** The launch's working directory, or null when unknown (the CLI, the corpus). */
    private final String cwd;
    /** The home directory {@code ~} stands for when paths are resolved against {@link #cwd}, or null. */
    private final String home;
    /** The launch's files as its site reads them (bounded), or null when the site reads none. */
    private final SiteFiles siteFiles;
    /** A cd/pushd/popd was seen: relative paths no longer start at {@link #cwd}. */
    boolean changedDirectory;
    /**
     * A {@code shopt} or {@code GLOBIGNORE} was seen: a pattern's wildcards may match a leading dot and its letters
     * either case ({@code dotglob}, {@code nocaseglob}).
     */
    boolean dotglob;
    /**
     * While a command embedded in a wrapper's arguments is judged ({@code find -exec}): the words standing for
     * the files the wrapper finds ({@code {}}) and those files, one below each starting point. Empty otherwise.
     */
    private List<String> placeholders = List.of();
    private List<Arg> found = List.of();

    /**
     * The value the launch really gives a variable the shell sets from where it runs: HOME (the home directory
     * the agent knows) and PWD (the launch's directory, until a cd); null for any other or when unknown.
     */
    String launchValue(String name) {
        if (name.equals("HOME")) {
            return home;
        }
        return name.equals("PWD") && !changedDirectory ? cwd : null;
    }
    /**
     * After a cd or pushd: the directories a relative written path may start from — the launch's own, and each
     * directory a cd with a literal target led to, from any of them (a subshell's cd ends with it, so none is
     * dropped). A relative path written there is checked against the gate's own files from each of them, as
     * well as by its name. Null before any directory change, or when there are too many to follow.
     */
    private List<String> possibleDirectories;
    /** {@link #inside()}. */
    private OwnFiles.Entry inside;
    /** A {@code writes empty} row is being applied: no content is written, so a sensitive place is not raised. */
    private boolean emptyOnly;

    /** The directories a command may run in, for the credential, sensitive-place and device checks. */
    private final CommandDirectories dirs;

    FileEffects(Analysis analysis, OwnFiles own, String cwd, String home, SiteFiles siteFiles) {
        this.analysis = analysis;
        this.own = own;
        this.cwd = cwd;
        this.home = home;
        this.siteFiles = siteFiles;
        this.dirs = new CommandDirectories(cwd);
    }

    // ------------------------------------------------------------------ the directory a path starts from

    /** The classification these effects belong to. */
    Analysis analysis() {
        return analysis;
    }

    /** The directories a relative path may start from now, or null when that is not known. */
    List<String> startDirectories() {
        return changedDirectory ? possibleDirectories : cwd == null ? null : List.of(cwd);
    }

    /** The launch's files, read through its site's bounded reader (this disk's when the site reads none). */
    SiteFiles siteFiles() {
        return siteFiles != null ? siteFiles : new DiskSiteFiles(System.getenv(), home);
    }

    /**
     * A cd, pushd or popd ({@code name}): relative paths no longer start at {@link #cwd}. Where a literal target
     * may lead is followed for {@link #possibleDirectories}.
     */
    void directoryChange(String name, ParsedArgs p) {
        followDirectoryChange(name, p);
        followForChecks(name, p);
        changedDirectory = true;
        inside = insideOwn(possibleDirectories);
        if (!p.operands.isEmpty()) {
            Arg target = p.operands.get(0);
            String t = PathText.normalize(target.text);
            if (t.equals("/proc") || t.startsWith("/proc/")) {
                cdInto = CD_PROC;
            } else if (target.dynamic && cdInto < CD_UNKNOWN) {
                cdInto = CD_UNKNOWN;
            }
        }
    }

    /** No cd to a directory only known at run time or under /proc was seen. */
    private static final byte CD_NONE = 0;
    /** A cd to a directory only known at run time: it may be a process's /proc directory. */
    private static final byte CD_UNKNOWN = 1;
    /** A cd into /proc ({@code cd /proc/$PPID}): relative names there are a process's files. */
    private static final byte CD_PROC = 2;
    /**
     * Where a cd may have led, for relative reads: a relative name ({@code environ}, {@code mem},
     * {@code task/1/environ}) after a cd that may lead into a process's directory is that process's file; after a
     * cd into /proc, a pattern ({@code head *}) and a recursive read ({@code grep -r x .}) there too.
     */
    private byte cdInto = CD_NONE;

    private void followDirectoryChange(String name, ParsedArgs p) {
        if (own.isEmpty() || cwd == null) {
            return;
        }
        if (possibleDirectories == null && !changedDirectory) {
            possibleDirectories = new ArrayList<>();
            possibleDirectories.add(cwd);
        }
        if (possibleDirectories == null || name.equals("popd")) {
            return;   // popd leads back to directories already followed
        }
        List<String> targets = new ArrayList<>(2);
        if (p.operands.isEmpty()) {
            targets.add("~");   // a bare cd: the home directory, whatever HOME holds then
        } else {
            Arg target = p.operands.get(0);
            if (target.dynamic || target.text.equals("-")) {
                return;
            }
            targets.add(target.text);
            String t = PathText.normalize(target.text);
            if (!t.startsWith("/") && !t.startsWith("~") && !t.equals(".") && !t.equals("..") && !t.startsWith("./")
                    && !t.startsWith("../")) {
                // a bare name is looked up in CDPATH's directories first (its known values; the rest: by name)
                for (String path : analysis.env.literals("CDPATH")) {
                    for (String entry : Chars.splitRuns(path, ":", 16)) {
                        targets.add(entry.isEmpty() ? t : entry + "/" + t);
                    }
                }
            }
        }
        List<String> next = new ArrayList<>(possibleDirectories);
        for (String t : targets) {
            List<String> led = ledTo(t, possibleDirectories);
            for (int i = 0; led != null && i < led.size(); i++) {
                if (!next.contains(led.get(i))) {
                    next.add(led.get(i));
                }
            }
        }
        possibleDirectories = next.size() > 32 ? null : next;
    }

    /**
     * Where a cd, pushd or popd may lead, for {@link #dirs}: a literal target (a bare name also through CDPATH's
     * values, and through a variable's after a {@code shopt}, which may set {@code cdable_vars}), the home directory
     * for a bare cd, OLDPWD's values for {@code cd -}; a target only known at run time, or a value only known then,
     * makes the place one only known at run time. popd and {@code pushd +N} lead back to directories kept.
     */
    private void followForChecks(String name, ParsedArgs p) {
        if (name.equals("popd")) {
            return;
        }
        if (p.operands.isEmpty()) {
            if (name.equals("cd")) {
                goTo("~");
            }
            return;
        }
        Arg target = p.operands.get(0);
        String t = PathText.normalize(target.text);
        if (name.equals("pushd") && t.length() > 1 && (t.charAt(0) == '+' || t.charAt(0) == '-')
                && Character.isDigit(t.charAt(1))) {
            return;
        }
        if (target.unresolved() || target.pattern != null) {
            below(target);
            return;
        }
        if (t.equals("-")) {
            EnvState.Value old = analysis.env.value("OLDPWD");
            if (old == null ? !changedDirectory : old.dynamic()) {
                dirs.mayBeAnywhere();   // inherited from the launch, or computed: not known here
            }
            for (String v : analysis.env.literals("OLDPWD")) {
                goTo(v);
            }
            return;
        }
        goTo(t);
        if (!t.startsWith("/") && !t.startsWith("~") && !t.equals(".") && !t.equals("..") && !t.startsWith("./")
                && !t.startsWith("../")) {
            List<String> through = new ArrayList<>(2);
            through.add("CDPATH");
            if (dotglob && Variables.assignedName(t) != null) {
                through.add(t);   // cdable_vars: cd NAME goes to NAME's value
            }
            for (String var : through) {
                EnvState.Value v = analysis.env.value(var);
                if (v != null && v.dynamic()) {
                    dirs.mayBeAnywhere();
                }
                for (String value : analysis.env.literals(var)) {
                    if (var.equals("CDPATH")) {
                        for (String entry : Chars.splitRuns(value, ":", 16)) {
                            if (!entry.isEmpty()) {
                                goTo(PathText.normalize(entry + "/" + t));
                            }
                        }
                    } else if (!value.isEmpty()) {
                        goTo(PathText.normalize(value));
                    }
                }
            }
        }
    }

    /** A change of directory to a literal word: {@code ~} is each value the home directory may have. */
    private void goTo(String t) {
        if (t.equals("~") || t.startsWith("~/")) {
            if (homeUnknown()) {
                dirs.mayBeAnywhere();
            }
            for (String h : homeDirectories()) {
                dirs.changeTo(h + t.substring(1));
            }
        } else if (!t.startsWith("~")) {
            dirs.changeTo(t);
        } else {
            dirs.mayBeAnywhere();   // another user's home
        }
    }

    /**
     * A change of directory to a word only known at run time: below its literal beginning when that is an absolute
     * directory that is not a system or home directory ({@code /srv/app/$V}), else anywhere.
     */
    private void below(Arg target) {
        String d = targets(List.of(target)).get(0);
        if (d == null) {
            dirs.mayBeAnywhere();
        } else {
            dirs.changeTo(d);
        }
    }

    /** The values {@code ~} may have, for {@link #dirs}: as {@link #homes}, or {@code ~} itself when none is known. */
    private List<String> homeDirectories() {
        List<String> hs = homes();
        if (home == null) {
            hs.add("~");
        }
        return hs;
    }

    /**
     * The directories a literal directory word leads to from any of {@code from}: one per starting directory for a
     * relative word, one per value {@code ~} may have ({@link #homes}) for a word in the home directory. Null when
     * {@code ~} may be a directory only known at run time (then the rest is judged by name).
     */
    private List<String> ledTo(String word, List<String> from) {
        String t = PathText.normalize(word);
        List<String> starts;
        if (t.equals("~") || t.startsWith("~/")) {
            if (homeUnknown()) {
                return null;
            }
            List<String> out = new ArrayList<>(2);
            for (String h : homes()) {
                out.add(PathText.resolveDots(PathText.normalize(h + t.substring(1))));
            }
            return out;
        }
        if (t.startsWith("~")) {
            return null;   // another user's home
        }
        starts = t.startsWith("/") ? List.of("/") : from;
        List<String> out = new ArrayList<>(starts.size());
        for (String f : starts) {
            String d = PathText.resolveDots(PathText.normalize(t.startsWith("/") ? t : f + "/" + t));
            if (!out.contains(d)) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * What {@code ~} (and a bare {@code cd}) means now: the launch's home directory and every literal value the
     * script gave HOME so far (a branch may have set it or not).
     */
    private List<String> homes() {
        List<String> out = new ArrayList<>(2);
        if (home != null) {
            out.add(home);
        }
        for (String h : analysis.env.literals("HOME")) {
            if (!h.isEmpty() && !out.contains(h)) {
                out.add(h);
            }
        }
        return out;
    }

    /** Whether the script gave HOME a value only known at run time: {@code ~} may then be any directory. */
    boolean homeUnknown() {
        EnvState.Value v = analysis.env.value("HOME");
        return v != null && v.dynamic();
    }

    /** Whether the script (or the launch's environment) gave HOME a value of its own. */
    boolean homeAssigned() {
        return analysis.env.value("HOME") != null;
    }

    /** What a command run in another directory ({@code env -C DIR}, {@code find -execdir}) replaced, for its end. */
    record Place(boolean changedDirectory, List<String> possibleDirectories, OwnFiles.Entry inside,
            CommandDirectories.Saved where) {
    }

    /**
     * A command and what it runs work in one of {@code dirs} ({@code chdir opt} and {@code chdir between} rows):
     * until {@link #leave}, a relative path starts there — from each literal directory (relative ones from where
     * the command itself runs), and, as after any change of directory, compared by name with the gate's files
     * (a directory only known at run time is judged that way alone).
     */
    Place enter(List<Arg> dirs) {
        Place saved = new Place(changedDirectory, possibleDirectories, inside, this.dirs.enter(targets(dirs)));
        List<String> from = startDirectories();
        List<String> next = new ArrayList<>();
        for (Arg d : dirs) {
            if (d.unresolved() || d.pattern != null || d.text.isEmpty()) {
                continue;
            }
            String t = PathText.normalize(d.text);
            List<String> led = !t.startsWith("/") && !t.startsWith("~") && from == null ? null : ledTo(t, from);
            for (int i = 0; led != null && i < led.size() && next.size() <= 32; i++) {
                if (!next.contains(led.get(i))) {
                    next.add(led.get(i));
                }
            }
        }
        changedDirectory = true;
        possibleDirectories = next.isEmpty() || next.size() > 32 ? null : next;
        inside = insideOwn(possibleDirectories);
        return saved;
    }

    /** Puts back {@code other} and returns what it replaced. */
    Place swap(Place other) {
        Place now = new Place(changedDirectory, possibleDirectories, inside, dirs.save());
        leave(other);
        return now;
    }

    /** The end of a command {@link #enter} moved: paths start where they did before it. */
    void leave(Place saved) {
        changedDirectory = saved.changedDirectory();
        possibleDirectories = saved.possibleDirectories();
        inside = saved.inside();
        this.dirs.restore(saved.where());
    }

    /**
     * The directories a command works in, for {@link CommandDirectories#enter}: each literal one ({@code ~} as each
     * value it may have), a word only known at run time as the directory its literal beginning names when that is
     * an absolute directory that is no system or home directory ({@code find /srv/app -execdir}), else null.
     */
    private List<String> targets(List<Arg> words) {
        List<String> out = new ArrayList<>(words.size());
        for (Arg d : words) {
            String t = PathText.normalize(d.text);
            if (d.unresolved() || d.pattern != null || t.isEmpty()) {
                String text = d.pattern != null ? d.pattern : t;
                int end = 0;
                while (end < text.length() && !PathText.isRunTimeMarker(text.charAt(end))
                        && "*?[\\".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                int slash = end == 0 ? -1 : text.lastIndexOf('/', end - 1);
                String below = slash <= 0 ? null : text.substring(0, slash);
                out.add(below == null || !below.startsWith("/") || analysis.rules.inList("protected-dirs", below) ? null
                        : below);
            } else if (t.equals("~") || t.startsWith("~/")) {
                if (homeUnknown()) {
                    out.add(null);
                }
                for (String h : homeDirectories()) {
                    out.add(h + t.substring(1));
                }
            } else {
                out.add(t.startsWith("~") ? null : t);
            }
        }
        return out;
    }

    /**
     * The protected directory a command may run inside (after a cd, or in a directory an option gives), or null:
     * a command that writes there may write files of the gate's own whose names the line never shows (a make
     * recipe, {@code git init}, {@code cp -r SRC/. .}).
     */
    OwnFiles.Entry inside() {
        return inside;
    }

    private OwnFiles.Entry insideOwn(List<String> dirs) {
        for (int i = 0, n = dirs == null ? 0 : dirs.size(); i < n; i++) {
            OwnFiles.Entry e = own.holding(dirs.get(i));
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ written files

    /**
     * After a simple command with output redirections: a command whose output is known ({@code prints}
     * rows: echo, printf, cat of a literal here-document) wrote that text into the files its standard output
     * goes to ({@code >} replaces, {@code >>} appends); any other redirection leaves a file whose content is
     * not known, and what was remembered of it is forgotten. Writes by other means (chmod, cp, sed -i) keep
     * it: the text read later can only raise the verdict.
     */
    void rememberOutput(List<Arg> words, Analysis.Stdin in, List<Arg> outs, List<Boolean> appends, List<Arg> others) {
        String out = null;
        if (!outs.isEmpty() && !words.isEmpty() && !words.get(0).dynamic) {
            String name = words.get(0).text;
            Section s = name.indexOf('/') < 0 && !analysis.isFunction(name) ? analysis.rules.program(name) : null;
            if (s != null && s.prints() != null) {
                out = Printed.output(analysis, s, words, in);
            }
        }
        analysis.scriptFiles.wrote(out, outs, appends, others);
    }

    /**
     * The destinations of the current command's {@code writes into} rows that hold ({@link #receiving}): the last
     * operand (by identity) and the option values. Such a destination, when it is a directory, only gains or replaces
     * entries named after the sources, which the {@code into} rows judge; so wherever the command's rows write it, it
     * is judged as a name the command makes or replaces ({@link OwnFiles#named}), never as a directory above one of
     * the gate's files ({@code cp x ..} beside the gate's directory). Empty when a source's name is not known
     * ({@code cp -r d/. ..} copies d's entries into {@code ..}), or the command is another.
     */
    private Set<Arg> receivingOperands = Set.of();
    private List<String> receivingValues = List.of();

    /** Sets (or, with no rows, clears) the destinations the {@code into} rows {@code rows} judge for {@code p}. */
    void receiving(ParsedArgs p, List<WriteRule> rows) {
        receivingOperands = Set.of();
        receivingValues = List.of();
        if (rows.isEmpty()) {
            return;   // after every command: nothing to make
        }
        Set<Arg> ops = Collections.newSetFromMap(new IdentityHashMap<>(2));
        List<String> values = new ArrayList<>(1);
        for (WriteRule wr : rows) {
            boolean last = wr.target() == WriteRule.Target.INTO_LAST;
            if (!last && !given(wr.name(), p)) {
                continue;   // cp's -t row without -t
            }
            int sources = last ? p.operands.size() - 1 : p.operands.size();
            if (sources < 1 || sources > 64) {
                return;
            }
            for (int i = 0; i < sources; i++) {
                Arg s = p.operands.get(i);
                if (s.unresolved() || lastComponent(s.text) == null) {
                    return;   // where its entries go is not known from its name: the destination is judged whole
                }
            }
            if (last) {
                ops.add(p.operands.get(p.operands.size() - 1));
            } else {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null && !u.from().unresolved()
                            && !PathPattern.isPattern(u.value())) {
                        values.add(u.value());
                    }
                }
            }
        }
        receivingOperands = ops;
        receivingValues = values;
    }

    private static boolean given(String option, ParsedArgs p) {
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(option) && u.value() != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the word is a destination the {@code into} rows judge by the names it receives. */
    private boolean receives(Arg a) {
        return !a.unresolved() && a.pattern == null && !PathPattern.isPattern(a.text)
                && (receivingOperands.contains(a) || receivingValues.contains(a.text));
    }

    void writes(WriteRule wr, ParsedArgs p, Site site) {
        boolean outer = emptyOnly;
        emptyOnly = wr.empty();
        try {
            writesRow(wr, p, site);
        } finally {
            emptyOnly = outer;
        }
    }

    private void writesRow(WriteRule wr, ParsedArgs p, Site site) {
        switch (wr.target()) {
            case OPERANDS -> {
                for (Arg a : p.operands) {
                    analysis.claim(a);
                    writePath(a, wr.verdict(), site);
                }
            }
            case FIRST -> {
                if (!p.operands.isEmpty()) {
                    analysis.claim(p.operands.get(0));
                    writePath(p.operands.get(0), wr.verdict(), site);
                }
            }
            case PREFIX_LAST, PREFIX_OPT -> {
                for (Arg v : destinations(wr, p)) {
                    // split IN STATE/p writes STATE/paa …: names that begin with the value
                    writePath(new Arg(v.text + "$(…)", true, false, -1, -1), wr.verdict(), site);
                }
            }
            case INTO_LAST, INTO_OPT -> {
                List<Arg> dest = destinations(wr, p);
                int sources = wr.target() == WriteRule.Target.INTO_LAST ? p.operands.size() - 1 : p.operands.size();
                for (Arg d : dest) {
                    for (int i = 0; i < sources && i < 64; i++) {
                        String name = lastComponent(p.operands.get(i).text);
                        if (name != null) {
                            // cp W/one/KEY.jsa DIR: DIR may be a directory, and then DIR/KEY.jsa is the file written
                            writePath(new Arg(d.text + "/" + name, d.dynamic || p.operands.get(i).dynamic, false, -1,
                                    -1), wr.verdict(), site);
                        }
                    }
                }
            }
            case LAST -> {
                if (!p.operands.isEmpty()) {
                    analysis.claim(p.operands.get(p.operands.size() - 1));
                    writePath(p.operands.get(p.operands.size() - 1), wr.verdict(), site);
                }
            }
            case OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        writePath(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case PARTS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        for (String f : OptionParts.files(u.value(), wr.words())) {
                            // the JVM fills %p and %t in at run time (-Xlog:…:file=gc-%p.log)
                            int pct = f.indexOf('%');
                            String text = pct < 0 ? f : f.substring(0, pct) + "$(…)";
                            writePath(new Arg(text, u.from().dynamic || pct >= 0, false, -1, -1), wr.verdict(), site);
                        }
                    }
                }
            }
            case WORK_TREE -> workTree(wr, p, site);
            case ENV, ENV_DIR -> {
                for (String var : wr.words()) {
                    for (String value : var.startsWith("-") ? optionValues(var, p) : variableFiles(var)) {
                        if (wr.target() == WriteRule.Target.ENV) {
                            writePath(Arg.literal(value), wr.verdict(), site);
                        } else {
                            writtenDirectory(value, site);
                        }
                    }
                }
            }
            case SUFFIXED_LAST, SUFFIXED_OPERANDS -> suffixed(wr, p, site);
            case KEY -> {
                String prefix = wr.name() + "=";
                for (Arg a : p.operands) {
                    if (a.text.startsWith(prefix)) {
                        writePath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), wr.verdict(),
                                site);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.operands;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && wr.words().contains(all.get(i).text)) {
                        analysis.claim(all.get(i + 1));
                        writePath(all.get(i + 1), wr.verdict(), site);
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
                                    writePath(new Arg(file, a.dynamic, false, -1, -1), wr.verdict(), site);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            case LINK_SOURCES -> linkSources(wr, p, site);
            case URL_NAMES -> {
                for (Arg a : p.operands) {
                    String name = urlFileName(a.text);
                    if (name != null) {
                        writePath(new Arg(name, a.dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case MENTIONS_OPERANDS -> {
                for (Arg a : p.operands) {
                    mentions(a, wr.verdict(), site);
                }
            }
            case MENTIONS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        mentions(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case NAMED_OPERANDS -> {
                for (Arg a : p.operands) {
                    named(a, wr.words(), wr.verdict(), site);
                }
                Analysis.Stdin in = site.ctx().stdin();
                if (in != null && in.text() != null && StatementFiles.has(wr.words())) {
                    // sqlite3 db < c.sql, or a here-document: statements from its input, judged as on the line
                    if (in.kind() == Analysis.StdinKind.FILE) {
                        statements.file(in.text(), wr.words(), wr.verdict(), site, 0);
                    } else if (in.kind() == Analysis.StdinKind.HEREDOC) {
                        statements.text(in.text(), false, wr.words(), wr.verdict(), site, 0);
                    }
                }
            }
            case NAMED_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        named(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.words(), wr.verdict(), site);
                    }
                }
            }
            default -> {
            }
        }
    }

    /**
     * What a link points to, as a written path: a write through the link later names only the link. A relative
     * target is followed from the directory the link is made in (the last operand's directory, or the last
     * operand itself when it is a directory, or the directory option's value), and is also checked from the
     * working directory (a hard link's source, {@code ln -r}).
     */
    private void linkSources(WriteRule wr, ParsedArgs p, Site site) {
        String dirOption = null;
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(wr.name()) && u.value() != null) {
                dirOption = u.value();
            }
        }
        int n = p.operands.size();
        int sources = dirOption != null ? n : n - 1;
        if (n == 0) {
            return;
        }
        String last = n >= 2 && dirOption == null ? p.operands.get(n - 1).text : null;
        boolean lastDynamic = last != null && p.operands.get(n - 1).dynamic;
        boolean fromLink = wr.words().contains("from-link");
        for (int i = 0; i < Math.max(sources, 1); i++) {
            Arg a = p.operands.get(i);
            boolean relative = !(a.text.startsWith("/") || a.text.startsWith("~") || a.text.startsWith("$"));
            String[] dirs = dirOption != null ? new String[] {dirOption}
                    : last == null ? new String[0] : new String[] {parentOf(last), last};
            if (!relative || !fromLink || dirs.length == 0) {
                // a hard link's or ln -r's source is named from the working directory (so is a link made here)
                writePath(a, wr.verdict(), site);
            }
            if (!relative) {
                continue;
            }
            for (String d : dirs) {
                if (fromLink || !d.equals(".")) {
                    writePath(new Arg(d + "/" + a.text, a.dynamic || lastDynamic, false, -1, -1), wr.verdict(), site);
                }
            }
        }
    }

    /**
     * A command that rewrites files of its work tree ({@code git stash}, {@code git checkout}): which files is known
     * only to the repository, so a work tree that holds one of the gate's files, is the directory one is in or lies
     * inside a protected directory is judged as writing it. Where the command works unknown (a directory only known
     * at run time, the CLI without a launch directory): only a work tree named by a literal absolute path is checked.
     */
    private void workTree(WriteRule wr, ParsedArgs p, Site site) {
        if (own.isEmpty()) {
            return;
        }
        List<String> named = new ArrayList<>(1);
        List<String> gitDirs = new ArrayList<>(1);
        String repo = null;
        String key = null;
        boolean gitDirWords = false;
        List<String> w = wr.words();
        for (int i = 0; i < w.size(); i++) {
            String word = w.get(i);
            if (word.equals("gitdir")) {
                gitDirWords = true;
            } else if (word.equals("repo")) {
                repo = w.get(++i);
            } else if (word.equals("config")) {
                key = w.get(++i);
            } else if (!namedBy(word, p, gitDirWords ? gitDirs : named)) {
                // named by a value only known at run time: it may be any directory, one holding the gate's files too
                OwnFiles.Entry any = own.entries().get(0);
                analysis.raise(site, analysis.setting("own-files"), any.what() + " " + any.path() + " (the work tree "
                        + "or repository is only known at run time, and the command rewrites the work tree's files)");
                return;
            }
        }
        List<String> from = startDirectories();
        if (from == null) {
            from = List.of();
        }
        if (from.isEmpty() && (named.isEmpty() || !named.get(0).startsWith("/"))) {
            return;
        }
        // a site that reads no files (a test, a replayed line) still has its repositories on this disk
        SiteFiles files = siteFiles();
        List<String> trees;
        try {
            trees = WorkTrees.of(named, gitDirs, from.isEmpty() ? List.of("/") : from, repo, key, files);
        } catch (SiteFiles.Unreadable e) {
            analysis.raise(site, analysis.setting("own-files"), "where the work tree the command rewrites is cannot be told: "
                    + e.getMessage());
            return;
        }
        for (String tree : trees) {
            OwnFiles.Entry e = own.within(tree);
            if (e != null) {
                analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path() + " (in the work tree "
                        + tree + ", whose files the command rewrites)");
                return;
            }
        }
    }

    /**
     * The literal values the variable has for the command (given on the line, earlier in it, or by the launch's
     * environment) that may name a file: a switch such as {@code 1}, {@code true} or {@code 0} names none. A value
     * only known at run time is a computed path (judged as one elsewhere: not followed here).
     */
    private List<String> variableFiles(String var) {
        List<String> out = new ArrayList<>(1);
        for (String v : analysis.env.literals(var)) {
            if (!v.isEmpty() && !isSwitch(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** The literal values of the option {@code name}. */
    private static List<String> optionValues(String name, ParsedArgs p) {
        List<String> out = new ArrayList<>(1);
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(name) && u.value() != null && !u.from().dynamic) {
                out.add(u.value());
            }
        }
        return out;
    }

    private static boolean isSwitch(String v) {
        if (v.length() <= 2 && Character.isDigit(v.charAt(0))) {
            return true;
        }
        String l = v.toLowerCase(java.util.Locale.ROOT);
        return l.equals("true") || l.equals("false") || l.equals("yes") || l.equals("no") || l.equals("on")
                || l.equals("off");
    }

    /**
     * A directory the command writes files in by names of its own ({@code GNUPGHOME=DIR}, {@code TMPDIR=DIR}): of the
     * gate's own when it is or lies in a protected directory, or directly holds a protected file (what it names there
     * is not known, so any of its files may be). A deeper protected file is not reached by a name made there.
     */
    private void writtenDirectory(String dir, Site site) {
        String d = PathText.normalize(dir);
        if (d.equals("~") || d.startsWith("~/")) {
            if (home == null) {
                return;
            }
            d = home + d.substring(1);
        }
        List<String> from = !d.startsWith("/") ? changedDirectory ? possibleDirectories : cwd == null ? null
                : List.of(cwd) : List.of("/");
        for (int i = 0, n = from == null ? 0 : from.size(); i < n; i++) {
            String abs = PathText.resolveDots(PathText.normalize(d.startsWith("/") ? d : from.get(i) + "/" + d));
            OwnFiles.Entry e = own.directlyIn(abs);
            if (e != null) {
                analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path()
                        + " (in the directory " + abs + ", where the command writes files it names itself)");
                return;
            }
        }
        if (from == null) {
            // where a relative directory starts is not known: by its name, as any relative written path
            ownWrite(new Arg(d + "/$(…)", true, false, -1, -1), site, "");
        }
    }

    /**
     * Raises {@code own-files} when the word reaches one of the gate's files as a written path would, whatever
     * else it is (no other verdict is raised); {@code why} ends the finding. Returns whether it did.
     */
    boolean ownWrite(Arg a, Site site, String why) {
        if (own.isEmpty()) {
            return false;
        }
        if (!found.isEmpty() && holdsPlaceholder(a.text)) {
            List<Arg> files = found;
            found = List.of();
            try {
                for (Arg f : files) {
                    if (ownWrite(new Arg(replacePlaceholders(a.text, f.text), true, false, -1, -1), site, why)) {
                        return true;
                    }
                }
            } finally {
                found = files;
            }
            return false;
        }
        OwnFiles.Entry mine = ownReached(a);
        if (mine != null) {
            analysis.raise(site, analysis.setting("own-files"), mine.what() + " " + mine.path() + why);
        }
        return mine != null;
    }

    /**
     * Names derived from the written operands by a suffix ({@code cp -b -S .jsonl x audit}, {@code sed -i.bak F}):
     * {@code DEST+SUFFIX}; a {@code *} in the suffix stands for the file's name, and a suffix holding a {@code /}
     * (after that replacement) names a path of its own, from where the command works.
     */
    private void suffixed(WriteRule wr, ParsedArgs p, Site site) {
        List<Arg> suffixes = new ArrayList<>(1);
        if (wr.name() != null) {
            for (ParsedArgs.Use u : p.options) {
                if (u.name().equals(wr.name()) && u.value() != null && !u.value().isEmpty()) {
                    suffixes.add(new Arg(u.value(), u.from().dynamic, false, -1, -1));
                }
            }
        }
        if (suffixes.isEmpty()) {
            for (String var : wr.words()) {
                EnvState.Value v = analysis.env.value(var);
                if (v != null && v.dynamic()) {
                    suffixes.add(new Arg("$(…)", true, false, -1, -1));
                }
                for (String literal : analysis.env.literals(var)) {
                    if (!literal.isEmpty()) {
                        suffixes.add(Arg.literal(literal));
                    }
                }
            }
        }
        if (suffixes.isEmpty()) {
            return;
        }
        int n = p.operands.size();
        List<Arg> dests = wr.target() == WriteRule.Target.SUFFIXED_OPERANDS ? p.operands
                : n < 2 ? List.of() : List.of(p.operands.get(n - 1));
        for (int k = 0; k < dests.size() && k < 64; k++) {
            Arg d = dests.get(k);
            for (Arg suf : suffixes) {
                boolean dynamic = d.dynamic || suf.dynamic;
                writePath(new Arg(d.text + suf.text, dynamic, false, -1, -1), wr.verdict(), site);
                if (suf.text.indexOf('*') >= 0 || suf.text.indexOf('/') >= 0) {
                    String base = lastComponent(d.text);
                    String named = suf.text.replace("*", base == null ? "" : base);
                    if (named.indexOf('/') < 0) {
                        named = parentOf(d.text) + "/" + named;
                    }
                    writePath(new Arg(named, dynamic, false, -1, -1), wr.verdict(), site);
                }
            }
        }
    }

    /**
     * Adds the values of the option or {@code $VARIABLE} {@code word} to {@code out}; false when one is only known at
     * run time.
     */
    private boolean namedBy(String word, ParsedArgs p, List<String> out) {
        if (word.startsWith("$")) {
            EnvState.Value v = analysis.env.value(word.substring(1));
            if (v != null && v.dynamic()) {
                return false;
            }
            for (String literal : analysis.env.literals(word.substring(1))) {
                if (!literal.isEmpty() && !out.contains(literal)) {
                    out.add(literal);
                }
            }
            return true;
        }
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(word) && u.value() != null) {
                String v = u.from().dynamic ? withKnownValues(u.value()) : u.value();
                if (v == null) {
                    return false;
                }
                out.add(v);
            }
        }
        return true;
    }

    /**
     * The text with its leading {@code $PWD}, {@code $OLDPWD} or {@code $HOME} (braced or not) replaced by the one
     * value the gate knows it has ({@code --work-tree=$PWD/..}), or null when it holds anything else only known at
     * run time.
     */
    private String withKnownValues(String text) {
        for (String name : KNOWN_DIRECTORY_VARIABLES) {
            for (String spelled : new String[] {"${" + name + "}", "$" + name}) {
                if (!text.startsWith(spelled) || spelled.length() == name.length() + 1 && text.length() > spelled.length()
                        && (Character.isLetterOrDigit(text.charAt(spelled.length())) || text.charAt(spelled.length()) == '_')) {
                    continue;
                }
                String value = knownValue(name);
                String rest = text.substring(spelled.length());
                return value == null || hasExpansion(rest) ? null : value + rest;
            }
        }
        return null;
    }

    /** The variables naming directories whose value the gate may know from the launch or the line. */
    private static final List<String> KNOWN_DIRECTORY_VARIABLES = List.of("PWD", "OLDPWD", "HOME");

    /** The one value the variable has now: a single literal the line or launch gave it, else the launch's own. */
    private String knownValue(String name) {
        EnvState.Value v = analysis.env.value(name);
        if (v != null) {
            List<String> literals = analysis.env.literals(name);
            return v.dynamic() || literals.size() != 1 ? null : literals.get(0);
        }
        return launchValue(name);
    }

    private static boolean hasExpansion(String text) {
        return text.indexOf('$') >= 0 || text.indexOf('`') >= 0 || text.indexOf('\u2026') >= 0;
    }

    /** The last operand ({@code … last} rows, with at least two operands) or the option's values. */
    private static List<Arg> destinations(WriteRule wr, ParsedArgs p) {
        if (wr.target() == WriteRule.Target.PREFIX_LAST || wr.target() == WriteRule.Target.INTO_LAST) {
            return p.operands.size() < 2 ? List.of() : List.of(p.operands.get(p.operands.size() - 1));
        }
        List<Arg> out = new ArrayList<>(1);
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(wr.name()) && u.value() != null) {
                out.add(new Arg(u.value(), u.from().dynamic, false, -1, -1));
            }
        }
        return out;
    }

    /** A path's last component ({@code a/b/} → {@code b}), or null for none or {@code .}/{@code ..}. */
    private static String lastComponent(String path) {
        String p = path;
        while (p.endsWith("/") && p.length() > 1) {
            p = p.substring(0, p.length() - 1);
        }
        String name = p.substring(p.lastIndexOf('/') + 1);
        return name.isEmpty() || name.equals(".") || name.equals("..") || name.equals("/") ? null : name;
    }

    private static String parentOf(String path) {
        String p = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        int slash = p.lastIndexOf('/');
        return slash < 0 ? "." : slash == 0 ? "/" : p.substring(0, slash);
    }

    /**
     * A file the command writes: devices, network pseudo-devices, sensitive places, else the verdict.
     * A path only known at run time is judged by its known beginning: {@code /dev/tcp/$HOST/$PORT}
     * is a network connection, {@code ~/.ssh/$NAME} a sensitive place, {@code /dev/$X} some device.
     */
    /** Sets what {@code {}} stands for while a {@code find -exec} command is judged; empty lists when it ends. */
    void standingFor(List<String> placeholders, List<Arg> found) {
        this.placeholders = placeholders;
        this.found = found;
    }

    void writePath(Arg a, Rating ordinary, Site site) {
        if (!found.isEmpty() && holdsPlaceholder(a.text)) {
            // find ~/.config -exec sed -i … {} +: the files written are below ~/.config, named at run time
            List<Arg> files = found;
            found = List.of();
            try {
                for (Arg f : files) {
                    writePath(new Arg(replacePlaceholders(a.text, f.text), true, false, -1, -1), ordinary, site);
                }
            } finally {
                found = files;
            }
            return;
        }
        analysis.wrote(a);
        String path = a.normalized();
        if (analysis.written != null && analysis.written.size() < 1000) {
            analysis.written.add(ScriptFiles.key(a.text));
        }
        String probe = a.unresolved() ? PathText.staticPrefix(path) + "x" : path;
        if (analysis.rules.isHarmlessDevice(probe)) {
            return;
        }
        OwnFiles.Entry mine = receives(a) ? ownReachedAsName(a) : ownReached(a);
        if (mine != null) {
            analysis.raise(site, analysis.setting("own-files"), mine.what() + " " + mine.path());
            return;
        }
        if (analysis.rules.isNetworkDevice(probe)) {
            analysis.raise(site, analysis.setting("network-device"), path);
            return;
        }
        if (probe.startsWith("/dev/") && !analysis.rules.isOrdinaryFile(probe)) {
            analysis.raise(site, analysis.setting("device-write"), path);
            return;
        }
        if (analysis.rules.isSensitivePath(probe) && !emptyOnly) {
            analysis.raise(site, analysis.setting("sensitive-write"), path);
            return;
        }
        String place = a.pattern != null && !emptyOnly ? sensitivePattern(a.pattern) : null;
        if (place != null) {
            analysis.raise(site, analysis.setting("sensitive-write"), a.text + " may name " + place);
            return;
        }
        if (writtenElsewhere(DirectoryWord.of(path) != null ? path : probe, path, site)) {
            return;
        }
        analysis.raise(site, ordinary, a.text);
    }

    /**
     * The protected entry a destination reaches as a name the command makes or replaces, or as a directory receiving
     * entries ({@link OwnFiles#receiving}): the entry itself, a rotated sibling, a file in a protected directory, the
     * directory directly holding a protected file — not a directory higher above one. A word whose directory
     * is one the shell keeps, or in a home directory the script changed, is judged whole ({@link #ownReached}).
     */
    private OwnFiles.Entry ownReachedAsName(Arg a) {
        if (DirectoryWord.of(a.text) != null || homeAssigned() && (a.text.equals("~") || a.text.startsWith("~/"))) {
            return ownReached(a);
        }
        if (!changedDirectory) {
            return own.receiving(a.text, cwd);
        }
        // after a change of directory, by name as well as from each directory it may have led to (as ownReached)
        OwnFiles.Entry byName = own.receiving(a.text, null);
        if (byName != null || possibleDirectories == null) {
            return byName;
        }
        for (int i = 0; i < possibleDirectories.size(); i++) {
            OwnFiles.Entry e = own.receiving(a.text, possibleDirectories.get(i));
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /**
     * The device and sensitive-place checks of a written name for each place it is where the command may run
     * ({@link #placesOf}), and, below a directory only known at run time, for the ends of the sensitive paths.
     * Whether one raised the command.
     */
    private boolean writtenElsewhere(String probe, String path, Site site) {
        for (String r : placesOf(probe, true)) {
            if (analysis.rules.isHarmlessDevice(r)) {
                continue;
            }
            if (r.startsWith("/dev/") && !analysis.rules.isOrdinaryFile(r)) {
                analysis.raise(site, analysis.setting("device-write"), path + " (" + r + " where the command runs)");
                return true;
            }
            if (!emptyOnly && analysis.rules.isSensitivePath(r)) {
                analysis.raise(site, analysis.setting("sensitive-write"), path + " (" + r + " where the command runs)");
                return true;
            }
        }
        String tail = anywhereTail(probe);
        if (tail != null && !emptyOnly && analysis.rules.mayEndSensitive(tail)) {
            analysis.raise(site, analysis.setting("sensitive-write"), path + " (in a directory only known at run "
                    + "time: it may be the end of such a path)");
            return true;
        }
        return false;
    }

    /**
     * The paths a normalised name is where the command may run, besides its text: a relative name in each directory
     * kept ({@link CommandDirectories}), a name under {@code ~} under each value the line gave HOME; the home
     * directory written {@code ~}. {@code forWrite}: leaving out those at or below the launch's directory when that
     * is the application's own place ({@link #applicationPlace}).
     */
    List<String> placesOf(String name, boolean forWrite) {
        List<String> out = new ArrayList<>(2);
        if (name.equals("-")) {
            return out;   // standard input or output, for the programs that take a file name
        }
        if (name.equals("~") || name.startsWith("~/")) {
            if (homeAssigned()) {
                for (String h : homes()) {
                    String r = h.startsWith("/") ? CommandDirectories.join(h, name.length() > 2 ? name.substring(2) : "")
                            : null;
                    if (r != null) {
                        addPlace(out, tilde(r), name, false);
                    }
                }
            }
            return out;
        }
        DirectoryWord w = DirectoryWord.of(name);
        if (w != null) {
            // $PWD/F, ~+/F, ~-/F, ~1/F: F in each directory the line may be (or have been) in, or the variable holds
            String rest = w.rest().startsWith("/") ? w.rest().substring(1) : w.rest();
            List<String> from = new ArrayList<>(dirs.known());
            if (w.kind() != DirectoryWord.Kind.STACK) {
                from.addAll(analysis.env.literals(w.variable()));
            }
            for (String d : from) {
                String r = d.startsWith("/") || d.startsWith("~") ? CommandDirectories.join(d, rest) : null;
                if (r != null) {
                    addPlace(out, tilde(r), name, forWrite);
                }
            }
            return out;
        }
        for (String r : dirs.resolve(name)) {
            addPlace(out, tilde(r), name, forWrite);
        }
        return out;
    }

    /**
     * The text of a word the path checks compare: its normalised text when it starts with a directory the shell
     * keeps ({@link DirectoryWord}: followed into each directory it may be), else, for a word only known at run
     * time, its literal beginning and a name.
     */
    String checkedName(Arg a) {
        String normal = a.normalized();
        if (!a.unresolved() || DirectoryWord.of(normal) != null) {
            return normal;
        }
        return PathText.staticPrefix(normal) + "x";
    }

    private void addPlace(List<String> out, String r, String name, boolean forWrite) {
        if (r.equals(name) || out.contains(r)) {
            return;
        }
        String mine = forWrite ? applicationPlace() : null;
        if (mine != null && (r.equals(mine) || r.startsWith(mine.endsWith("/") ? mine : mine + "/"))) {
            return;
        }
        out.add(r);
    }

    /**
     * The part of a name to compare with the ends of the paths the checks know, when the name may be below a
     * directory only known at run time (a relative name after such a cd, a name under {@code ~} after HOME was given
     * such a value), or null.
     */
    String anywhereTail(String name) {
        if (name.startsWith("~/")) {
            return homeUnknown() && name.length() > 2 ? name.substring(2) : null;
        }
        DirectoryWord w = DirectoryWord.of(name);
        if (w != null) {
            EnvState.Value v = w.kind() == DirectoryWord.Kind.STACK ? null : analysis.env.value(w.variable());
            boolean unknown = dirs.anywhere() || dirs.asWritten() || v != null && v.dynamic()
                    || w.kind() != DirectoryWord.Kind.PWD && v == null && !changedDirectory;
            String t = w.rest().startsWith("/") ? CommandDirectories.tail(w.rest().substring(1)) : "";
            return unknown && !t.isEmpty() ? t : null;
        }
        if (!dirs.anywhere() || name.isEmpty() || name.startsWith("/") || name.startsWith("~") || name.startsWith("$")) {
            return null;
        }
        String t = CommandDirectories.tail(name);
        return t.isEmpty() ? null : t;
    }

    /** A path with the home directory written {@code ~}. */
    private String tilde(String p) {
        if (home != null && home.length() > 1 && p.startsWith(home)
                && (p.length() == home.length() || p.charAt(home.length()) == '/')) {
            return "~" + p.substring(home.length());
        }
        return p;
    }

    /**
     * The launch's directory when it is the application's own place, not a system or home directory nor directly
     * in one ({@code /usr/src/app}, {@code ~/work/app}): a name written at or below it is the application's file,
     * not the sensitive place a broad list entry ({@code /usr/*}) makes its path. Null otherwise ({@code /},
     * {@code /etc}, {@code /etc/cron.d}, {@code ~}, {@code ~/bin}: every name written there is checked as its path).
     */
    private String applicationPlace() {
        if (cwd == null) {
            return null;
        }
        String d = tilde(PathText.resolveDots(PathText.normalize(cwd)));
        if (systemPlace(d)) {
            return null;
        }
        int slash = d.lastIndexOf('/');
        String parent = slash < 0 ? null : slash == 0 ? "/" : d.substring(0, slash);
        return parent == null || systemPlace(parent) ? null : d;
    }

    private boolean systemPlace(String d) {
        return analysis.rules.inList("protected-dirs", d) || analysis.rules.isSystemDir(d);
    }

    /** The protected entry a written path may reach from every directory it may start from, or null. */
    private OwnFiles.Entry ownReached(Arg a) {
        OwnFiles.Entry mine = own.reached(a.text, changedDirectory ? null : cwd, a.unresolved(), dotglob, siteFiles);
        if (mine == null && changedDirectory && possibleDirectories != null) {
            for (int i = 0; i < possibleDirectories.size() && mine == null; i++) {
                mine = own.reached(a.text, possibleDirectories.get(i), a.unresolved(), dotglob, siteFiles);
            }
        }
        if (mine == null && homeAssigned()) {
            mine = reachedFromHomes(a);
        }
        if (mine == null) {
            mine = reachedFromDirectoryWord(a);
        }
        return mine;
    }

    /**
     * A path that starts with a word for a directory the shell keeps ({@link DirectoryWord}: {@code ~+} and
     * {@code $PWD}, {@code ~-} and {@code $OLDPWD}, the directory stack's {@code ~N}): checked in every directory the
     * word may stand for there, and by name — the rest compared with the ends of the gate's files' paths — whenever
     * one of them is only known at run time ({@code OLDPWD} inherited, a stack entry, a value the line computes).
     */
    private OwnFiles.Entry reachedFromDirectoryWord(Arg a) {
        DirectoryWord d = DirectoryWord.of(a.text);
        if (d == null) {
            return null;
        }
        List<String> dirs = new ArrayList<>(4);
        boolean byName = d.kind() != DirectoryWord.Kind.PWD;
        EnvState.Value assigned = analysis.env.value(d.variable());
        if (assigned != null) {
            byName |= assigned.dynamic();
            dirs.addAll(analysis.env.literals(d.variable()));
        }
        if (d.kind() != DirectoryWord.Kind.STACK || d.rest().isEmpty() || d.rest().charAt(0) == '/') {
            // the directories the line may be in now (PWD), or was in before its last cd (OLDPWD)
            if (!changedDirectory) {
                byName |= cwd == null;
                if (cwd != null) {
                    dirs.add(cwd);
                }
            } else if (possibleDirectories == null) {
                byName = true;
            } else {
                dirs.addAll(possibleDirectories);
            }
        }
        boolean dynamicRest = d.rest().indexOf('$') >= 0 || d.rest().indexOf('`') >= 0 || a.unresolved() && d.rest().isEmpty();
        OwnFiles.Entry mine = null;
        for (int i = 0; i < dirs.size() && mine == null; i++) {
            if (!dirs.get(i).isEmpty()) {
                mine = own.reached(dirs.get(i) + d.rest(), null, dynamicRest, dotglob);
            }
        }
        if (mine == null && byName) {
            String rest = d.rest();
            int up = rest.lastIndexOf("../");
            String tail = up >= 0 ? rest.substring(up + 3) : rest.startsWith("/") ? rest.substring(1) : "";
            if (!tail.isEmpty()) {
                mine = own.reached(tail, null, dynamicRest, dotglob);
            }
        }
        return mine;
    }

    /**
     * A path in the home directory after the script gave HOME a value ({@code HOME=DIR; cp x ~/f}): checked in every
     * directory {@code ~} may be then, and by name when HOME's value is only known at run time.
     */
    private OwnFiles.Entry reachedFromHomes(Arg a) {
        String p = a.normalized();
        if (!p.equals("~") && !p.startsWith("~/")) {
            return null;
        }
        String rest = p.substring(1);
        OwnFiles.Entry mine = null;
        List<String> hs = homes();
        for (int i = 0; i < hs.size() && mine == null; i++) {
            mine = own.reached(hs.get(i) + rest, null, a.unresolved(), dotglob, siteFiles);
        }
        if (mine == null && homeUnknown() && rest.length() > 1) {
            mine = own.reached(rest.substring(1), null, a.unresolved(), dotglob);
        }
        return mine;
    }

    /**
     * The starting points below which the files an operand stands for were found ({@code find / -exec rm {} +}: the
     * {@code {}} operand, found below {@code /}); empty for any other operand.
     */
    List<String> foundBelow(Arg a) {
        if (found.isEmpty() || !holdsPlaceholder(a.text)) {
            return List.of();
        }
        List<String> out = new ArrayList<>(found.size());
        for (Arg f : found) {
            int at = f.text.indexOf("/$(\u2026)");
            String start = at < 0 ? null : at == 0 ? "/" : f.text.substring(0, at);
            if (start != null && !out.contains(start)) {
                out.add(start);
            }
        }
        return out;
    }

    private boolean holdsPlaceholder(String text) {
        for (String p : placeholders) {
            if (text.contains(p)) {
                return true;
            }
        }
        return false;
    }

    private String replacePlaceholders(String text, String file) {
        String out = text;
        for (String p : placeholders) {
            out = out.replace(p, file);
        }
        return out;
    }

    /** Every path-like word inside a value that is a command of the program's own language. */
    private void mentions(Arg a, Rating ordinary, Site site) {
        int found = 0;
        for (String w : pathWords(a.text)) {
            if (found >= 64) {
                break;
            }
            if (w.startsWith("/") || w.startsWith("~") || analysis.rules.isSensitivePath(w)) {
                found++;
                writePath(new Arg(w, a.dynamic && w.indexOf('$') >= 0, false, -1, -1), ordinary, site);
            }
        }
    }

    /** The file named after each phrase in a value that is statements of the program's own language. */
    private void named(Arg a, List<String> phrases, Rating ordinary, Site site) {
        statements.text(a.text, a.dynamic, phrases, ordinary, site, 0);
    }

    /** The files statements name ({@code writes named} rows), and the files of more statements they read. */
    private final StatementFiles statements = new StatementFiles(this);

    /**
     * A written file named in a statement after a phrase; {@link NamedAfter#COMPUTED}: a name the statement computes,
     * which may be any file — one of the gate's too, and an argument file read later in the line.
     */
    void namedInStatement(String name, boolean dynamic, Rating ordinary, Site site) {
        if (name.equals(NamedAfter.COMPUTED)) {
            analysis.wroteUnknownNames();
            analysis.raise(site, ordinary, "a file whose name the statement computes");
            if (!own.isEmpty()) {
                OwnFiles.Entry any = own.entries().get(0);
                analysis.raise(site, analysis.setting("own-files"), any.what() + " " + any.path() + " (a statement "
                        + "writes a file whose name it computes when it runs: it may be any file)");
            }
            return;
        }
        writePath(new Arg(name, dynamic && name.indexOf('$') >= 0, false, -1, -1), ordinary, site);
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

    // ------------------------------------------------------------------ read files

    /**
     * The files the command reads: its sections' {@code reads} rows; with none (and no {@code reads none}), every
     * operand that is not code, a command to run, or a file a {@code writes} row named.
     */
    void reads(ParsedArgs p, Set<String> facts, Site site) {
        knownRead = new ArrayList<>(2);
        boolean declared = false;
        boolean wrapper = false;
        // operand i is read when read[i] > 0, recursively when it is 2: rows overlap (grep reads its operands, and
        // with -r reads them recursively), and each operand is checked once
        byte[] read = null;
        for (Section s : p.path) {
            declared |= s.readsNone() || s.declaresReads();
            wrapper |= s.runs() != null;
            for (ReadRule r : s.reads()) {
                if (analysis.conditions.holds(r.conditions(), p, facts)) {
                    if (read == null) {
                        read = new byte[p.operands.size()];
                    }
                    readRule(r, p, read, site);
                }
            }
        }
        for (int i = 0, n = read == null ? 0 : read.length; i < n; i++) {
            if (read[i] > 0) {
                knownRead.add(p.operands.get(i).text);
                readPath(p.operands.get(i), read[i] == 2, site);
            }
        }
        if (!declared && !wrapper) {
            readDefault(p, site);
        }
        unknownOptionValues(p, site);
    }

    /**
     * The value attached to a long option the rules do not know ({@code --files0-from=FILE}) may name a file the
     * program opens: it is read as one. (Given as the next word, the value is an operand and read as one.)
     */
    private void unknownOptionValues(ParsedArgs p, Site site) {
        for (int i = 0, n = p.options.size(); i < n; i++) {
            ParsedArgs.Use u = p.options.get(i);
            if (u.spec() == null && u.value() != null && !u.value().isEmpty()) {
                readPath(new Arg(u.value(), u.from().dynamic, false, -1, -1), false, site);
            }
        }
    }

    /**
     * The words the {@code reads} rows of {@code p}'s sections name (those whose conditions hold), without judging
     * them: what the program {@code p} was parsed for would only read.
     */
    List<String> wordsRead(ParsedArgs p) {
        List<String> out = new ArrayList<>(2);
        List<Arg> ops = p.operands;
        int n = ops.size();
        for (Section s : p.path) {
            for (ReadRule r : s.reads()) {
                if (!analysis.conditions.holds(r.conditions(), p, Set.of())) {
                    continue;
                }
                int from = 0;
                int to = 0;
                switch (r.target()) {
                    case OPERANDS -> to = n;
                    case FIRST -> to = Math.min(1, n);
                    case LAST -> {
                        from = Math.max(0, n - 1);
                        to = n;
                    }
                    case BUT_FIRST -> {
                        from = Math.min(1, n);
                        to = n;
                    }
                    case BUT_LAST -> to = Math.max(0, n - 1);
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.name()) && u.value() != null && !u.from().unresolved()) {
                                out.add(u.value());
                            }
                        }
                    }
                    default -> {
                    }
                }
                for (int i = from; i < to; i++) {
                    if (!ops.get(i).unresolved()) {
                        out.add(ops.get(i).text);
                    }
                }
            }
        }
        return out;
    }

    /** The words the current command's {@code reads} rows name: files the rules know it reads. */
    private List<String> knownRead = List.of();

    /** Why a word given to a program not known only to read it counts as a write of the gate's file it names. */
    private static final String NOT_ONLY_READ =
            " (given to a program the rules do not know only to read it: it may write, replace or delete it)";

    /**
     * A command that writes (or one the rules do not know) given a word naming one of the gate's files may write,
     * replace or delete it by means no row describes ({@code rename.ul}, {@code lz4 F OUT}, {@code gzip F}, which
     * removes F): each operand and option value is judged as a written path, unless a {@code reads} row of the
     * command names it (the rules know the command reads it) or a {@code writes} or {@code code} row claimed it (then
     * judged as that). {@code known}: the command's rules ran (its {@code reads} rows are known); {@code
     * operandsRun}: the operands are a command it runs (judged in its own right).
     */
    void namedOwnFiles(ParsedArgs p, boolean known, boolean operandsRun, Site site) {
        namedOwnFiles(p, known, operandsRun, site, List.of());
    }

    /**
     * As {@link #namedOwnFiles(ParsedArgs, boolean, boolean, Site)}; {@code namesakeReads}: the words a known
     * program's {@code reads} rows name when a program named by its path bears its name ({@link #wordsRead}). Such a
     * word is judged as a name ({@code ./configure --prefix=..} beside the gate's directory is not taken for writing
     * the directory above it), but one naming a gate file or a file in a protected directory still counts: the path
     * is not that program, only most likely it.
     */
    void namedOwnFiles(ParsedArgs p, boolean known, boolean operandsRun, Site site, List<String> namesakeReads) {
        List<String> reads = known ? knownRead : List.of();
        for (int i = 0, n = operandsRun ? 0 : p.operands.size(); i < n; i++) {
            Arg a = p.operands.get(i);
            if (!analysis.isClaimed(a) && !reads.contains(a.text)) {
                // what it may have made or moved: a later cd or env -C through it is not the directory on disk
                analysis.wrote(a);
            }
        }
        for (int i = 0, n = p.options.size(); i < n; i++) {
            ParsedArgs.Use u = p.options.get(i);
            if (u.value() != null && !u.value().isEmpty() && !reads.contains(u.value())) {
                analysis.wrote(new Arg(u.value(), u.from().dynamic, false, -1, -1));
            }
        }
        List<Arg> words = partsBearing(p, operandsRun);
        List<List<String>> pieces = new ArrayList<>(Math.min(words.size(), 64));
        for (int i = 0, n = words.size(); i < n && i < 64; i++) {
            List<String> parts = WordParts.of(words.get(i).text);
            pieces.add(parts);
            for (int k = 0; k < parts.size(); k++) {
                if (parts.get(k).charAt(0) == '@') {
                    // -Wl,@F, -Xlinker=@F: a response file of the program the part is passed to
                    analysis.argfiles.unlisted(parts.get(k), site);
                }
            }
        }
        if (own.isEmpty()) {
            return;
        }
        for (int i = 0, n = operandsRun ? 0 : p.operands.size(); i < n && i < 64; i++) {
            Arg a = p.operands.get(i);
            if (!analysis.isClaimed(a) && !reads.contains(a.text)
                    && (namesakeReads.contains(a.text) && !a.unresolved() && a.pattern == null
                    ? ownNamedWrite(a.text, site)
                    : ownWrite(a, site, NOT_ONLY_READ) || pathInside(a, site))) {
                return;
            }
        }
        for (int i = 0, n = p.options.size(); i < n && i < 64; i++) {
            ParsedArgs.Use u = p.options.get(i);
            if (u.value() != null && !u.value().isEmpty() && !reads.contains(u.value())
                    && ((receivingValues.contains(u.value()) || namesakeReads.contains(u.value()))
                    && !u.from().unresolved() && !PathPattern.isPattern(u.value())
                    ? ownNamedWrite(u.value(), site) : ownWrite(new Arg(u.value(), u.from().dynamic, false, -1, -1),
                    site, NOT_ONLY_READ))) {
                return;
            }
        }
        for (int i = 0, n = pieces.size(); i < n; i++) {
            Arg a = words.get(i);
            if (reads.contains(a.text)) {
                continue;
            }
            List<String> parts = pieces.get(i);
            for (int k = 0; k < parts.size(); k++) {
                OwnFiles.Entry e = reads.contains(parts.get(k)) ? null : ownNamed(parts.get(k));
                if (e != null) {
                    analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path() + " (named by "
                            + parts.get(k) + " in the word " + Analysis.clip(a.text) + ", which the rules do not know "
                            + "only to be read)");
                    return;
                }
            }
        }
    }

    /**
     * The words whose pieces ({@link WordParts}) may name files the program, or one it passes them to, writes: its
     * option words ({@code -MFF}, {@code -Wl,-Map=F}), option values and operands (not a command it runs), known at
     * launch and not claimed by a {@code code} or {@code writes} row.
     */
    private List<Arg> partsBearing(ParsedArgs p, boolean operandsRun) {
        List<Arg> out = new ArrayList<>(0);
        for (int i = 0, n = p.options.size(); i < n; i++) {
            ParsedArgs.Use u = p.options.get(i);
            Arg from = u.from();
            if (from != null && !from.unresolved() && (from.text.indexOf('=') >= 0 || from.text.indexOf(',') >= 0
                    || from.text.length() > 2 && from.text.charAt(1) != '-') && !out.contains(from)) {
                out.add(from);
            }
            if (u.value() != null && u.value().length() > 1 && (from == null || !from.unresolved())
                    && (u.value().indexOf('=') >= 0 || u.value().indexOf(',') >= 0 || u.value().charAt(0) == '-')) {
                out.add(new Arg(u.value(), false, false, -1, -1));
            }
        }
        for (int i = 0, n = operandsRun ? 0 : p.operands.size(); i < n; i++) {
            Arg a = p.operands.get(i);
            if (!a.unresolved() && !analysis.isClaimed(a) && (a.text.indexOf('=') >= 0 || a.text.indexOf(',') >= 0
                    || a.text.length() > 2 && a.text.charAt(0) == '-')) {
                out.add(a);
            }
        }
        return out;
    }

    /** Raises {@code own-files} when a destination the {@code into} rows judge names a gate file as a whole. */
    private boolean ownNamedWrite(String value, Site site) {
        OwnFiles.Entry e = ownReachedAsName(Arg.literal(value));
        if (e != null) {
            analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path() + NOT_ONLY_READ);
        }
        return e != null;
    }

    /** The protected entry a piece of a word names, from every directory the command may work in, or null. */
    private OwnFiles.Entry ownNamed(String piece) {
        if (!changedDirectory) {
            return own.named(piece, cwd);
        }
        if (possibleDirectories == null) {
            return own.named(piece, null);
        }
        for (int i = 0; i < possibleDirectories.size(); i++) {
            OwnFiles.Entry e = own.named(piece, possibleDirectories.get(i));
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /**
     * An argument that is text of the program's own language rather than a path (an SQL statement: {@code VACUUM INTO
     * 'F'}, {@code ATTACH 'F'}) may name a gate file inside it: every absolute or home path among its words counts.
     */
    private boolean pathInside(Arg a, Site site) {
        if (a.text.indexOf(' ') < 0 && a.text.indexOf('\'') < 0 && a.text.indexOf('"') < 0) {
            return false;
        }
        List<String> words = pathWords(a.text);
        for (int k = 0; k < words.size() && k < 64; k++) {
            String w = words.get(k);
            if ((w.startsWith("/") || w.startsWith("~"))
                    && ownWrite(new Arg(w, a.dynamic && w.indexOf('$') >= 0, false, -1, -1), site, NOT_ONLY_READ)) {
                return true;
            }
        }
        return false;
    }

    /** A program the rules say nothing about reading: every operand not claimed as code or a written file. */
    void readDefault(ParsedArgs p, Site site) {
        for (Arg a : p.operands) {
            if (!analysis.isClaimed(a)) {
                readPath(a, false, site);
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

    private void readRule(ReadRule r, ParsedArgs p, byte[] read, Site site) {
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
                        knownRead.add(u.value());
                        if (r.target() == ReadRule.Target.OPT) {
                            readPath(v, r.recursive(), site);
                        } else {
                            readMentions(v, site);
                        }
                    }
                }
            }
            case KEY -> {
                String prefix = r.name() + "=";
                for (Arg a : ops) {
                    if (a.text.startsWith(prefix)) {
                        readPath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), r.recursive(),
                                site);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.args;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && r.words().contains(all.get(i).text)) {
                        readPath(all.get(i + 1), r.recursive(), site);
                    }
                }
            }
            case MENTIONS_OPERANDS -> {
                for (Arg a : ops) {
                    readMentions(a, site);
                }
            }
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
    void readPath(Arg a, boolean recursive, Site site) {
        String text = a.text;
        if (credentialRead(text, a.unresolved(), recursive, site)) {
            return;
        }
        if (a.pattern != null && patternCredentialRead(a.pattern, site)) {
            return;
        }
        if (a.pattern != null && !a.pattern.startsWith("/") && !a.pattern.startsWith("~")) {
            // cd ~/.ssh; cat *: the pattern in each directory the command may run in
            for (String r : placesOf(a.pattern, false)) {
                if (patternCredentialRead(r, site)) {
                    return;
                }
            }
        }
        String uriPath = fileUriPath(text);
        if (uriPath != null && credentialRead(uriPath, a.unresolved(), recursive, site)) {
            return;
        }
        int cut = Math.max(text.lastIndexOf('@'), text.indexOf('='));
        if (cut >= 0 && cut + 1 < text.length()) {
            credentialRead(text.substring(cut + 1), a.unresolved(), recursive, site);
        }
    }

    /**
     * The path a {@code file:} URI names — SQLite's URI filenames ({@code file:/p/Login Data?immutable=1},
     * {@code file:///p?mode=ro}) and any reader that takes one — without its authority, query and fragment; null
     * for any other word.
     */
    static String fileUriPath(String text) {
        if (text.length() < 6 || !text.regionMatches(true, 0, "file:", 0, 5)) {
            return null;
        }
        String rest = text.substring(5);
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            rest = slash < 0 ? "" : rest.substring(slash);
        }
        int end = rest.length();
        int q = rest.indexOf('?');
        int h = rest.indexOf('#');
        if (q >= 0) {
            end = q;
        }
        if (h >= 0 && h < end) {
            end = h;
        }
        rest = rest.substring(0, end);
        return rest.isEmpty() ? null : rest;
    }

    private boolean credentialRead(String text, boolean dynamic, boolean recursive, Site site) {
        if (text.isEmpty() || text.equals("-")) {
            return false;
        }
        String path = forReading(text);
        boolean found = namesCredential(path, dynamic, recursive);
        if (!found) {
            String name = PathText.normalize(text);
            for (String r : placesOf(name, false)) {
                if (namesCredential(r, dynamic, recursive)) {
                    found = true;
                    path = path + " (" + r + " where the command runs)";
                    break;
                }
            }
            String tail = found ? null : anywhereTail(name);
            if (tail != null && analysis.rules.mayEndCredential(hasExpansion(tail) ? PathText.staticPrefix(tail) + "x" : tail)) {
                found = true;
                path = path + " (in a directory only known at run time: it may be the end of such a path)";
            }
        }
        if (!found && cdInto != CD_NONE && isRelative(path)) {
            // after cd /proc/$PPID (or a cd only known at run time), a relative path may be a process's file
            for (String dir : PROCESS_DIRS) {
                String there = PathText.resolveDots(PathText.normalize(dir + path));
                if (anyExpansionVariant(there, false) || cdInto == CD_PROC && recursive
                        && analysis.rules.holdsCredentialStore(PathText.staticPrefix(there))) {
                    found = true;
                    path = path + " (after a cd, it may be " + there + ")";
                    break;
                }
            }
        }
        if (found) {
            analysis.raise(site, analysis.setting("credential-read"), path);
        }
        return found;
    }

    /** Whether a read path (as {@link #forReading} writes it) is, or for a recursive reader holds, a credential store. */
    private boolean namesCredential(String path, boolean dynamic, boolean recursive) {
        return dynamic
                ? analysis.rules.isCredentialStore(PathText.staticPrefix(path) + "x") || anyExpansionVariant(path, recursive)
                        || recursive && !PathText.staticPrefix(path).isEmpty() && analysis.rules.holdsCredentialStore(PathText.staticPrefix(path))
                : analysis.rules.isCredentialStore(path) || recursive && analysis.rules.holdsCredentialStore(path)
                        || own.isSecretRead(path, recursive);
    }

    /** Where a relative read path after a cd into /proc may start: a process's directory, or /proc itself. */
    private static final List<String> PROCESS_DIRS = List.of("/proc/x/", "/proc/");

    private static boolean isRelative(String path) {
        return !path.startsWith("/") && !path.startsWith("~") && !path.startsWith("$");
    }

    /**
     * A read path that is a shell pattern ({@code /etc/sha*w}, {@code ~/.s?h/id_rsa}): pathname expansion may make
     * it a credential store, so it is one when the pattern matches a path a {@code credential-paths} glob names, or
     * its last component a name a {@code credential-names} glob names (exceptions aside).
     */
    private boolean patternCredentialRead(String pattern, Site site) {
        String last = pattern.substring(ShellPattern.lastSlash(pattern) + 1);
        String found = null;
        // after a cd into /proc, a relative pattern (head *) names the files of a process's directory
        boolean inProc = cdInto == CD_PROC && isRelative(pattern);
        // a pattern ending in a literal character is compared only with the witnesses ending in it (and a few more)
        char end = ShellPattern.literalEnd(pattern);
        RuleSet rules = analysis.rules;
        for (String w : end == 0 ? rules.credentialPathWitnesses() : rules.credentialPathWitnesses(end)) {
            if ((ShellPattern.matches(pattern, w) || inProc && (ShellPattern.matches("/proc/*/" + pattern, w)
                    || ShellPattern.matches("/proc/" + pattern, w))) && analysis.rules.isCredentialStore(w)) {
                found = w;
                break;
            }
        }
        // a last component of wildcards only (grep x *) says nothing of which file it is: not compared by name
        if (found == null && ShellPattern.hasLiteral(last)) {
            for (String w : end == 0 ? rules.credentialNameWitnesses() : rules.credentialNameWitnesses(end)) {
                if (ShellPattern.matches(last, w) && analysis.rules.isCredentialStore(w)) {
                    found = w;
                    break;
                }
            }
        }
        if (found == null) {
            found = overlappingStore(pattern, last, rules);
        }
        if (found != null) {
            analysis.raise(site, analysis.setting("credential-read"), pattern + " may name " + found);
        }
        return found != null;
    }

    /**
     * A credential store the pattern may name, compared as a pattern with each {@code credential-paths} glob (and its
     * last component with each {@code credential-names} glob) under the line's glob options ({@link PatternOverlap}):
     * a wildcard in a directory part ({@code ~/.[a]ws/credentials}), letters of either case after nocaseglob,
     * {@code **} after globstar. Null when none is, or the one path both name is an exception.
     */
    private String overlappingStore(String pattern, String last, RuleSet rules) {
        if (PatternOverlap.rooted(pattern)) {
            for (String g : rules.credentialPathGlobs()) {
                String w = PatternOverlap.rooted(g) ? PatternOverlap.witness(pattern, g, dotglob) : null;
                if (w != null && rules.isCredentialStore(w)) {
                    return w;
                }
            }
        }
        if (dotglob && ShellPattern.hasLiteral(last)) {
            // nocaseglob: the last component against each store's name, in either case
            for (String w : rules.credentialNameWitnesses()) {
                if (PatternOverlap.witness(last, PatternOverlap.literal(w), true) != null && rules.isCredentialStore(w)) {
                    return w;
                }
            }
        }
        return null;
    }

    /**
     * A sensitive place a written pattern may name, compared as a pattern ({@link PatternOverlap}) with each rooted
     * {@code sensitive-paths} glob and, after the line changed the glob options, its last component with each
     * {@code sensitive-names} name in either case ({@code shopt -s nocaseglob; cp evil ~/.BASHR[C]}); null when none.
     */
    String sensitivePattern(String pattern) {
        RuleSet rules = analysis.rules;
        if (PatternOverlap.rooted(pattern)) {
            for (String g : rules.sensitivePathGlobs()) {
                String w = PatternOverlap.rooted(g) ? PatternOverlap.witness(pattern, g, dotglob) : null;
                if (w != null) {
                    return w;
                }
            }
        }
        String last = pattern.substring(ShellPattern.lastSlash(pattern) + 1);
        if (dotglob && ShellPattern.hasLiteral(last)) {
            for (String n : rules.sensitiveNameSet()) {
                if (PatternOverlap.witness(last, PatternOverlap.literal(n), true) != null) {
                    return pattern.substring(0, ShellPattern.lastSlash(pattern) + 1) + n;
                }
            }
        }
        return null;
    }

    /** Every path-like word inside a value that names files in the program's own syntax. */
    private void readMentions(Arg a, Site site) {
        List<String> words = pathWords(a.text);
        for (int k = 0; k < words.size() && k < 64; k++) {
            String w = words.get(k);
            credentialRead(w, a.dynamic && w.indexOf('$') >= 0, false, site);
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
        String p = PathText.normalize(text);
        if (cwd != null && !changedDirectory && !p.startsWith("/") && !p.startsWith("~") && !p.startsWith("$")) {
            p = PathText.resolveDots(PathText.normalize(cwd + "/" + p));
        }
        if (home != null && home.length() > 1 && p.length() > home.length() && p.charAt(home.length()) == '/'
                && p.startsWith(home)) {
            p = "~" + p.substring(home.length());
        }
        return p;
    }

    /** The most expansions of one path whose empty and one-name readings are all tried (2^N probes). */
    private static final int MAX_VARIANT_EXPANSIONS = 4;

    /**
     * Whether some reading of a path only known in part names a credential store: each expansion may be empty
     * ({@code environ$NOPE}, {@code envi${NOPE}ron}, {@code e$@nviron}) or one file name ({@code /proc/$PID/environ}),
     * independently of the others; past {@link #MAX_VARIANT_EXPANSIONS} expansions the later ones are one name.
     * For a {@code recursive} reader, a reading that is a directory holding a store counts too
     * ({@code find / -name .gnupg -exec tar c {} +} archives {@code /$(…)/.gnupg}).
     */
    private boolean anyExpansionVariant(String path, boolean recursive) {
        List<String> parts = expansionParts(path);
        int expansions = parts.size() / 2;
        int tried = Math.min(expansions, MAX_VARIANT_EXPANSIONS);
        StringBuilder b = new StringBuilder(path.length());
        for (int mask = 0; mask < 1 << tried; mask++) {
            b.setLength(0);
            for (int k = 0; k < parts.size(); k++) {
                if (k % 2 == 0) {
                    b.append(parts.get(k));
                } else if (k / 2 >= tried || (mask & 1 << (k / 2)) == 0) {
                    b.append('x');
                }
            }
            String variant = PathText.normalize(b.toString());
            if (analysis.rules.isCredentialStore(variant) || recursive && analysis.rules.holdsCredentialStore(variant)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A rendered word split at its expansions: literal text at even indexes, each expansion (as rendered:
     * {@code $NAME}, {@code $@}, {@code $1}, {@code ${NAME…}}, {@code $(…)}, {@code $((…))}) at the odd ones.
     */
    static List<String> expansionParts(String path) {
        List<String> parts = new ArrayList<>();
        StringBuilder lit = new StringBuilder(path.length());
        int i = 0;
        int n = path.length();
        while (i < n) {
            char c = path.charAt(i);
            if (c != '$' && c != '`' && c != '\u2026') {
                lit.append(c);
                i++;
                continue;
            }
            int st = i++;
            if (c == '$' && i < n && (path.charAt(i) == '{' || path.charAt(i) == '(')) {
                char close = path.charAt(i) == '{' ? '}' : ')';
                int end = path.indexOf(close, i);
                i = end < 0 ? n : end + 1;
                if (close == ')' && i < n && path.charAt(i) == ')') {
                    i++; // $((…))
                }
            } else if (c == '$' && i < n && "@*#?-$!0123456789".indexOf(path.charAt(i)) >= 0) {
                i++; // a special or positional parameter
            } else if (c == '$') {
                while (i < n && (Character.isLetterOrDigit(path.charAt(i)) || path.charAt(i) == '_')) {
                    i++;
                }
            }
            parts.add(lit.toString());
            parts.add(path.substring(st, i));
            lit.setLength(0);
        }
        parts.add(lit.toString());
        return parts;
    }

    /**
     * The network device a redirection target names, also when only its beginning is known
     * ({@code /dev/tcp/$HOST/$PORT}), or null.
     */
    String networkTarget(Arg a) {
        String path = a.normalized();
        String probe = a.unresolved() ? PathText.staticPrefix(path) + "x" : path;
        return analysis.rules.isNetworkDevice(probe) ? path : null;
    }

    private static boolean pathChar(char c) {
        return Character.isLetterOrDigit(c) || "/._~+%$-".indexOf(c) >= 0;
    }
}
