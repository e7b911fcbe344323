package dev.cmdgate.core.classify;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.WriteRule;
import java.util.List;
import java.util.Set;

/**
 * The files a command writes and reads, and what that makes it: a written device, network pseudo-device,
 * sensitive place or file of the gate's own ({@link OwnFiles}) raises the command, and so does a read
 * credential store. Which operands and option values are files comes from the rules' {@code writes} and
 * {@code reads} rows (operands no row claims are read by default); paths are compared as text, a relative
 * one taken from the launch's working directory until the script changes directory (then, for the gate's own
 * files, from each directory a literal cd may have led to).
 *
 * <p>The entry point the rest of the classifier calls; the work is done by its parts: {@link WorkingDirectories}
 * (where a relative name may be), {@link WriteRows} and {@link DirectoryWrites} (the files the {@code writes} rows
 * name), {@link ReadRows} and {@link CredentialReads} (the files read, and the credential stores among them),
 * {@link PatternPlaces} (what a shell pattern may name), {@link OwnFileChecks} (the gate's own files a word reaches)
 * and {@link FindPlaceholders} (what {@code {}} stands for under {@code find -exec}). The checks of a written path
 * (devices, network pseudo-devices, sensitive places) stay here.
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
    /** The files the {@code writes} rows name. */
    private final WriteRows writeRows;

    /** The launch's working directory, or null when it is not known. */
    String launchDirectory() {
        return where.cwd;
    }

    FileEffects(Analysis analysis, OwnFiles own, String cwd, String home, SiteFiles siteFiles) {
        this.analysis = analysis;
        this.own = own;
        this.siteFiles = siteFiles;
        this.where = new WorkingDirectories(analysis, own, cwd, home);
        this.patterns = new PatternPlaces(this, where);
        this.credentials = new CredentialReads(analysis, own, where, patterns, new LinkedReads(siteFiles, cwd));
        this.readRows = new ReadRows(analysis, credentials);
        this.owned = new OwnFileChecks(this, own, where, standing, siteFiles);
        this.writeRows = new WriteRows(this, new DirectoryWrites(this, own, where, owned));
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

    /** {@link WorkingDirectories#changes}. */
    int directoryChanges() {
        return where.changes;
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

    /** {@link CommandPlaces#placesOf}. */
    List<String> placesOf(String name, boolean forWrite) {
        return where.places.placesOf(name, forWrite);
    }

    /** {@link CommandPlaces#checkedName}. */
    String checkedName(Arg a) {
        return where.places.checkedName(a);
    }

    /** {@link CommandPlaces#anywhereTail}. */
    String anywhereTail(String name) {
        return where.places.anywhereTail(name);
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
     * A file a truncating redirection leaves empty: the command prints nothing at all (a redirection alone, a
     * program of the {@code silent-programs} list such as {@code :}, a {@code prints} row whose output is empty:
     * {@code printf ''}, {@code cat /dev/null}). Named outside the working directory and no scratch place (the
     * {@code away-files} and {@code scratch-files} lists), what it held is lost: the {@code emptied-file} verdict.
     * Without that verdict in the rules, nothing is raised.
     */
    void emptied(List<Arg> words, Analysis.Stdin in, List<Arg> outs, List<Boolean> appends, Site site) {
        Rating v = analysis.setting("emptied-file");
        if (v == null || !printsNothing(words, in)) {
            return;
        }
        for (int i = 0, n = outs.size(); i < n; i++) {
            Arg t = outs.get(i);
            if (appends.get(i) || t.unresolved()) {
                continue;
            }
            // judged where the path leads: /tmp/../srv/data.csv is no scratch file, ../x.db is away
            String path = PathText.dotsResolved(PathText.normalize(t.text));
            if (analysis.rules.inList("away-files", path) && !analysis.rules.inList("scratch-files", path)) {
                analysis.raise(site, v, t.text);
            }
        }
    }

    private boolean printsNothing(List<Arg> words, Analysis.Stdin in) {
        if (words.isEmpty()) {
            return true;
        }
        Arg w0 = words.get(0);
        if (w0.dynamic || analysis.isFunction(w0.text)) {
            return false;
        }
        if (analysis.rules.inList("silent-programs", w0.text)) {
            return true;
        }
        Section s = w0.text.indexOf('/') < 0 ? analysis.rules.program(w0.text) : null;
        return s != null && s.prints() != null && "".equals(Printed.output(analysis, s, words, in));
    }

    /** {@link WriteRows#receiving}. */
    void receiving(ParsedArgs p, List<WriteRule> rows) {
        writeRows.receiving(p, rows);
    }

    void writes(WriteRule wr, ParsedArgs p, Site site) {
        boolean outer = emptyOnly;
        emptyOnly = wr.empty();
        try {
            writeRows.writesRow(wr, p, site);
        } finally {
            emptyOnly = outer;
        }
    }

    /** Sets what {@code {}} stands for while a {@code find -exec} command is judged; empty lists when it ends. */
    void standingFor(List<String> placeholders, List<Arg> found) {
        standing.placeholders = placeholders;
        standing.found = found;
    }

    /**
     * Whether {@code text} holds a placeholder the wrapper being judged replaces by each file it finds
     * ({@code find -exec}, {@code fd -x}): the text is then only known at run time, wherever the placeholder stands in
     * it ({@code python3 -c 'print("{}")'} runs code that holds a file name).
     */
    boolean holdsPlaceholder(String text) {
        return text != null && standing.holdsPlaceholder(text);
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
        analysis.scriptFiles.wroteOther(a);
        Rating lost = analysis.encryptedReplaced(a);
        if (lost != null) {
            analysis.raise(site, lost, a.text + " (an earlier command encrypted it: only the encrypted copy is left)");
        }
        String path = a.normalized();
        if (analysis.written != null && analysis.written.size() < 1000) {
            analysis.written.add(ScriptFiles.key(a.text));
        }
        String probe = a.unresolved() ? PathText.staticPrefix(path) + "x" : path;
        if (analysis.rules.isHarmlessDevice(probe)) {
            return;
        }
        OwnFiles.Entry mine = writeRows.receives(a) ? owned.ownReachedAsName(a) : owned.ownReached(a);
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
        if (analysis.rules.isCredentialPlace(probe) && !emptyOnly) {
            analysis.raise(site, analysis.setting("sensitive-write"), path + " (a credential store: whom the tools act as)");
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
        owned.namedOwnFiles(p, known ? readRows.knownRead() : List.of(), writeRows.receivingValues(), operandsRun, site,
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
