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
    /** The launch's files as its site reads them (bounded), or null when the site reads none. */
    private final SiteFiles siteFiles;
    /**
     * A {@code shopt} or {@code GLOBIGNORE} was seen: a pattern's wildcards may match a leading dot and its letters
     * either case ({@code dotglob}, {@code nocaseglob}).
     */
    boolean dotglob;
    /** While a command embedded in a wrapper's arguments is judged ({@code find -exec}): what {@code {}} stands for. */
    private final FindPlaceholders standing = new FindPlaceholders();
    /** A {@code writes empty} row is being applied: no content is written, so a sensitive place is not raised. */
    private boolean emptyOnly;

    /** Where a relative name may be: the directories the line may have changed to, and what {@code ~} is. */
    private final WorkingDirectories where;
    /** The credential stores and sensitive places a shell pattern may name. */
    private final PatternPlaces patterns;
    /** The credential stores a read path names. */
    private final CredentialReads credentials;
    /** The files the {@code reads} rows (or, with none, the operands) name. */
    private final ReadRows readRows;
    /** Whether a word reaches one of the gate's own files. */
    private final OwnFileChecks owned;
    /** Writes into a directory whose files the line does not name. */
    private final DirectoryWrites directoryWrites;

    FileEffects(Analysis analysis, OwnFiles own, String cwd, String home, SiteFiles siteFiles) {
        this.analysis = analysis;
        this.own = own;
        this.siteFiles = siteFiles;
        this.where = new WorkingDirectories(analysis, own, cwd, home);
        this.patterns = new PatternPlaces(this, where);
        this.credentials = new CredentialReads(analysis, own, where, patterns);
        this.readRows = new ReadRows(analysis, credentials);
        this.owned = new OwnFileChecks(this, own, where, standing, siteFiles);
        this.directoryWrites = new DirectoryWrites(this, own, where, owned);
    }

    // ------------------------------------------------------------------ the directory a path starts from

    /** The classification these effects belong to. */
    Analysis analysis() {
        return analysis;
    }

    /** The launch's files, read through its site's bounded reader (this disk's when the site reads none). */
    SiteFiles siteFiles() {
        return siteFiles != null ? siteFiles : new DiskSiteFiles(System.getenv(), where.home);
    }

    /** A cd/pushd/popd was seen: relative paths no longer start at the launch's directory. */
    boolean changedDirectory() {
        return where.changedDirectory;
    }

    /** {@link WorkingDirectories#launchValue}. */
    String launchValue(String name) {
        return where.launchValue(name);
    }

    /** {@link WorkingDirectories#startDirectories}. */
    List<String> startDirectories() {
        return where.startDirectories();
    }

    /** {@link WorkingDirectories#directoryChange}, under the line's glob options. */
    void directoryChange(String name, ParsedArgs p) {
        where.directoryChange(name, p, dotglob);
    }

    /** {@link WorkingDirectories#homeUnknown}. */
    boolean homeUnknown() {
        return where.homeUnknown();
    }

    /** {@link WorkingDirectories#homeAssigned}. */
    boolean homeAssigned() {
        return where.homeAssigned();
    }

    /** {@link WorkingDirectories#enter}. */
    WorkingDirectories.Place enter(List<Arg> dirs) {
        return where.enter(dirs);
    }

    /** {@link WorkingDirectories#swap}. */
    WorkingDirectories.Place swap(WorkingDirectories.Place other) {
        return where.swap(other);
    }

    /** {@link WorkingDirectories#leave}. */
    void leave(WorkingDirectories.Place saved) {
        where.leave(saved);
    }

    /** {@link WorkingDirectories#inside}. */
    OwnFiles.Entry inside() {
        return where.inside();
    }

    /** {@link WorkingDirectories#placesOf}. */
    List<String> placesOf(String name, boolean forWrite) {
        return where.placesOf(name, forWrite);
    }

    /** {@link WorkingDirectories#checkedName}. */
    String checkedName(Arg a) {
        return where.checkedName(a);
    }

    /** {@link WorkingDirectories#anywhereTail}. */
    String anywhereTail(String name) {
        return where.anywhereTail(name);
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
            case WORK_TREE -> directoryWrites.workTree(wr, p, site);
            case ENV, ENV_DIR -> {
                for (String var : wr.words()) {
                    for (String value : var.startsWith("-") ? optionValues(var, p) : variableFiles(var)) {
                        if (wr.target() == WriteRule.Target.ENV) {
                            writePath(Arg.literal(value), wr.verdict(), site);
                        } else {
                            directoryWrites.writtenDirectory(value, site);
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

    /** Sets what {@code {}} stands for while a {@code find -exec} command is judged; empty lists when it ends. */
    void standingFor(List<String> placeholders, List<Arg> found) {
        standing.placeholders = placeholders;
        standing.found = found;
    }

    /** {@link FindPlaceholders#foundBelow}. */
    List<String> foundBelow(Arg a) {
        return standing.foundBelow(a);
    }

    /**
     * A file the command writes: devices, network pseudo-devices, sensitive places, else the verdict.
     * A path only known at run time is judged by its known beginning: {@code /dev/tcp/$HOST/$PORT}
     * is a network connection, {@code ~/.ssh/$NAME} a sensitive place, {@code /dev/$X} some device.
     */
    void writePath(Arg a, Rating ordinary, Site site) {
        if (!standing.found.isEmpty() && standing.holdsPlaceholder(a.text)) {
            // find ~/.config -exec sed -i … {} +: the files written are below ~/.config, named at run time
            List<Arg> files = standing.found;
            standing.found = List.of();
            try {
                for (Arg f : files) {
                    writePath(new Arg(standing.replacePlaceholders(a.text, f.text), true, false, -1, -1), ordinary, site);
                }
            } finally {
                standing.found = files;
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
        OwnFiles.Entry mine = receives(a) ? owned.ownReachedAsName(a) : owned.ownReached(a);
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
        String place = a.pattern != null && !emptyOnly ? patterns.sensitivePattern(a.pattern) : null;
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

    /** Every path-like word inside a value that is a command of the program's own language. */
    private void mentions(Arg a, Rating ordinary, Site site) {
        int found = 0;
        for (String w : PathWords.of(a.text)) {
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

    /** {@link ReadRows#reads}. */
    void reads(ParsedArgs p, Set<String> facts, Site site) {
        readRows.reads(p, facts, site);
    }

    /** {@link ReadRows#wordsRead}. */
    List<String> wordsRead(ParsedArgs p) {
        return readRows.wordsRead(p);
    }

    /** {@link ReadRows#readDefault}. */
    void readDefault(ParsedArgs p, Site site) {
        readRows.readDefault(p, site);
    }

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

    /** {@link OwnFileChecks#namedOwnFiles}, with the words this command's {@code reads} rows name when they ran. */
    void namedOwnFiles(ParsedArgs p, boolean known, boolean operandsRun, Site site, List<String> namesakeReads) {
        owned.namedOwnFiles(p, known ? readRows.knownRead() : List.of(), receivingValues, operandsRun, site,
                namesakeReads);
    }

    /** {@link CredentialReads#readPath}. */
    void readPath(Arg a, boolean recursive, Site site) {
        credentials.readPath(a, recursive, site);
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
}
