package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a relative name may be: the launch's working directory until the script changes directory, then each
 * directory a literal cd, pushd or a command's own directory option ({@code env -C}, {@code find -execdir}) may
 * have led to — for the gate's own files ({@link #possibleDirectories}) and for the credential, sensitive-place and
 * device checks ({@link CommandDirectories}) — and what {@code ~} stands for there. The mutable part of
 * {@link FileEffects}' view of the line's directories, kept in one place.
 */
final class WorkingDirectories {

    private final Analysis analysis;
    /** The files the gate depends on. */
    private final OwnFiles own;
    /** The launch's working directory, or null when unknown (the CLI, the corpus). */
    final String cwd;
    /** The home directory {@code ~} stands for when paths are resolved against {@link #cwd}, or null. */
    final String home;
    /** A cd/pushd/popd was seen: relative paths no longer start at {@link #cwd}. */
    boolean changedDirectory;
    /**
     * After a cd or pushd: the directories a relative written path may start from — the launch's own, and each
     * directory a cd with a literal target led to, from any of them (a subshell's cd ends with it, so none is
     * dropped). A relative path written there is checked against the gate's own files from each of them, as
     * well as by its name. Null before any directory change, or when there are too many to follow.
     */
    List<String> possibleDirectories;
    /** {@link #inside()}. */
    private OwnFiles.Entry inside;
    /** How many cd, pushd or popd the walk has passed: a function body judged before one is judged again after. */
    int changes;

    /** The directories a command may run in, for the credential, sensitive-place and device checks. */
    private final CommandDirectories dirs;
    /** The paths a name is where the command may run (in {@link #dirs}). */
    final CommandPlaces places;

    WorkingDirectories(Analysis analysis, OwnFiles own, String cwd, String home) {
        this.analysis = analysis;
        this.own = own;
        this.cwd = cwd;
        this.home = home;
        this.dirs = new CommandDirectories(cwd);
        this.places = new CommandPlaces(analysis, this, dirs);
    }

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

    /** The directories a relative path may start from now, or null when that is not known. */
    List<String> startDirectories() {
        return changedDirectory ? possibleDirectories : cwd == null ? null : List.of(cwd);
    }

    /**
     * A cd, pushd or popd ({@code name}): relative paths no longer start at {@link #cwd}. Where a literal target
     * may lead is followed for {@link #possibleDirectories}.
     */
    void directoryChange(String name, ParsedArgs p, boolean dotglob) {
        changes++;
        followDirectoryChange(name, p);
        followForChecks(name, p, dotglob);
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
    static final byte CD_NONE = 0;
    /** A cd to a directory only known at run time: it may be a process's /proc directory. */
    static final byte CD_UNKNOWN = 1;
    /** A cd into /proc ({@code cd /proc/$PPID}): relative names there are a process's files. */
    static final byte CD_PROC = 2;
    /**
     * Where a cd may have led, for relative reads: a relative name ({@code environ}, {@code mem},
     * {@code task/1/environ}) after a cd that may lead into a process's directory is that process's file; after a
     * cd into /proc, a pattern ({@code head *}) and a recursive read ({@code grep -r x .}) there too.
     */
    byte cdInto = CD_NONE;

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
    private void followForChecks(String name, ParsedArgs p, boolean dotglob) {
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
    List<String> homes() {
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

    /**
     * A read path as the credential stores are written: normalised, a relative one taken from the working
     * directory when that is known, and a path in the home directory written with {@code ~}.
     */
    String forReading(String text) {
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
}
