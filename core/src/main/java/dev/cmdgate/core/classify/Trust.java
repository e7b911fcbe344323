package dev.cmdgate.core.classify;

import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.TrustRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Matches one simple command against the rules' {@code [@trust]} rows. Only a command whose every word
 * is known before run time can be trusted: a word holding an expansion, or a script word holding a glob
 * character (its expansion is unknown), never matches. The directory condition is checked against every
 * directory the command may run in — the launch's, and each one an earlier {@code cd} of the same
 * script may have moved to — and fails when one of them is unknown.
 */
final class Trust {

    /** The directories a command may run in so far, or null when one of them is unknown. */
    private List<String> dirs;
    private final LaunchSite site;
    /** The launch's own directory (normalised), or null. */
    private final String launchDir;
    /** Absolute paths earlier commands of the line write ({@link #wrote}). */
    private final List<String> made = new ArrayList<>(0);
    /** An earlier command wrote a path not known before run time, or a trusted one ran. */
    private boolean madeUnknown;

    Trust(LaunchSite site) {
        this.site = site;
        String cwd = site.cwd();
        this.launchDir = cwd == null || !cwd.startsWith("/") ? null : PathText.resolveDots(PathText.normalize(cwd));
        this.dirs = launchDir == null ? null : new ArrayList<>(List.of(launchDir));
    }

    /**
     * A command changed directory ({@code chdir} rows: cd, pushd) to {@code target}, null when it has no
     * literal operand. Directories are only ever added: a {@code cd} inside a subshell or a branch not
     * taken still counts, which can only make a condition fail.
     */
    void changedDirectory(Arg target) {
        if (dirs == null) {
            return;
        }
        if (target == null || target.dynamic || target.text.isEmpty() || target.text.equals("-")
                || target.text.startsWith("~")) {
            dirs = null;
            return;
        }
        String t = target.text;
        if (t.startsWith("/")) {
            add(t);
        } else if (t.equals(".") || t.equals("..") || t.startsWith("./") || t.startsWith("../")) {
            // relative to each directory it may be in now; CDPATH is never used for these
            for (String d : List.copyOf(dirs)) {
                add(d + "/" + t);
            }
        } else {
            dirs = null;   // a bare name may be found through CDPATH: where it goes is not known here
        }
        if (throughMade()) {
            dirs = null;   // ln -s OUTSIDE sub && cd sub: the directory is what the line made it
        }
    }

    /**
     * A command and what it runs work in one of {@code targets} ({@code env -C DIR}, {@code find -execdir}) until
     * {@link #leave}: each is taken from every directory the command may run in (no CDPATH: these call chdir
     * directly). One only known at run time, in the home directory, or made earlier in the line, is unknown.
     * Returns what to restore.
     */
    List<String> enter(List<Arg> targets) {
        List<String> saved = dirs;
        if (dirs == null) {
            return null;
        }
        List<String> next = new ArrayList<>();
        for (Arg target : targets) {
            String t = target.text;
            if (target.dynamic || target.pattern != null || t.isEmpty() || t.startsWith("~")) {
                dirs = null;
                return saved;
            }
            for (String d : t.startsWith("/") ? List.of("") : saved) {
                String p = PathText.resolveDots(PathText.normalize(t.startsWith("/") ? t : d + "/" + t));
                if (!next.contains(p)) {
                    next.add(p);
                }
            }
        }
        dirs = next;
        if (throughMade()) {
            dirs = null;
        }
        return saved;
    }

    /** The end of a command {@link #enter} moved. */
    void leave(List<String> saved) {
        dirs = saved;
    }

    /**
     * A path an earlier command of the line writes (a link {@code ln -s} makes, a directory {@code mkdir}
     * makes, a file {@code mv} replaces): what it is when the command runs is not what the disk holds when the
     * launch is decided. Relative ones are taken from every directory the command may run in.
     */
    void wrote(Arg a) {
        if (madeUnknown) {
            return;
        }
        String t = a.text;
        if (a.dynamic || a.pattern != null || t.isEmpty() || t.startsWith("~") || dirs == null && !t.startsWith("/")) {
            madeUnknown = true;
            return;
        }
        if (made.size() >= 64) {
            madeUnknown = true;
            return;
        }
        for (String d : t.startsWith("/") ? List.of("") : dirs) {
            String p = PathText.resolveDots(PathText.normalize(t.startsWith("/") ? t : d + "/" + t));
            if (!made.contains(p)) {
                made.add(p);
            }
        }
    }

    /** A trusted command ran: what it writes is not followed, so any path may have been made. */
    void ranUnseen() {
        madeUnknown = true;
    }

    /** Whether a directory the command may run in is, or lies below, a path an earlier command made. */
    private boolean throughMade() {
        if (dirs == null || made.isEmpty() && !madeUnknown) {
            return false;
        }
        if (madeUnknown) {
            return dirs.size() > 1 || !dirs.get(0).equals(launchDir);
        }
        for (String d : dirs) {
            if (under(d, true)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code path} is below a made path ({@code orSame}: or is one). */
    private boolean under(String path, boolean orSame) {
        for (String m : made) {
            if (orSame && path.equals(m) || path.startsWith(m.equals("/") ? "/" : m + "/")) {
                return true;
            }
        }
        return false;
    }

    private void add(String path) {
        String p = PathText.resolveDots(PathText.normalize(path));
        if (!dirs.contains(p)) {
            dirs.add(p);
        }
    }

    /**
     * The first row that trusts this command, or null.
     *
     * @param words    the command's words (the program first)
     * @param name     the program name as the classifier resolved it
     * @param standard true when the command word is a bare name or in a standard system directory
     */
    TrustRule match(List<TrustRule> rows, List<Arg> words, String name, boolean standard, boolean homeAssigned) {
        for (Arg a : words) {
            if (a.dynamic || (a.start >= 0 && hasGlobChar(a.text))) {
                return null;
            }
            if (homeAssigned && a.text.startsWith("~")) {
                return null;   // HOME=OUTSIDE; rm -rf ~/x: the shell's ~ is the value the line gave HOME
            }
            if (throughMadePath(a.text)) {
                return null;   // ln -s OUTSIDE sub && rm -rf sub/target
            }
        }
        for (TrustRule r : rows) {
            if (matches(r, words, name, standard)) {
                return r;
            }
        }
        return null;
    }

    /** Whether a word names a path below one an earlier command of the line made (or may have made). */
    private boolean throughMadePath(String word) {
        if (made.isEmpty() && !madeUnknown) {
            return false;
        }
        int eq = word.startsWith("-") ? word.indexOf('=') : -1;
        word = eq >= 0 ? word.substring(eq + 1) : word;   // --output=sub/x
        if (word.indexOf('/') <= 0 && !word.startsWith("/")) {
            return false;
        }
        if (madeUnknown) {
            return true;
        }
        if (word.startsWith("/")) {
            return under(PathText.resolveDots(PathText.normalize(word)), false);
        }
        if (dirs == null) {
            return true;
        }
        for (String d : dirs) {
            if (under(PathText.resolveDots(PathText.normalize(d + "/" + word)), false)) {
                return true;
            }
        }
        return false;
    }

    private boolean matches(TrustRule r, List<Arg> words, String name, boolean standard) {
        return programMatches(r, words.get(0).text, name, standard) && argsMatch(r.args(), words)
                && cwdHolds(r) && callerHolds(r) && reallyMatches(r, words, name, standard);
    }

    /**
     * The row holds for the files the words really name, not only as written: every directory the command may run
     * in, with its links resolved, still matches the {@code cwd=} globs, and the command still matches the row with
     * each word that names an existing file replaced by the path it reaches (its links resolved; a relative one
     * still relative to the directory's real path). A link inside the project — {@code target} pointing at the
     * home directory — makes a trusted {@code rm -rf target} another command.
     */
    private boolean reallyMatches(TrustRule r, List<Arg> words, String name, boolean standard) {
        if (dirs == null) {
            List<Arg> resolved = RealPaths.resolved(words, null);
            return resolved == words || programMatches(r, resolved.get(0).text, name, standard) && argsMatch(r.args(), resolved);
        }
        for (String d : dirs) {
            String real = RealPaths.real(d);
            if (!r.cwds().isEmpty() && !Glob.anyMatch(r.cwds(), real)) {
                return false;
            }
            List<Arg> resolved = RealPaths.resolved(words, real);
            if (resolved != words && !(programMatches(r, resolved.get(0).text, name, standard) && argsMatch(r.args(), resolved))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The words after the program against the row's globs, {@link TrustRule#ANY_WORDS} matching any run
     * of words: the wildcard match of {@link Glob}, over words instead of characters.
     */
    static boolean argsMatch(List<String> globs, List<Arg> words) {
        int p = 0;
        int t = 1;
        int star = -1;
        int mark = 0;
        int pl = globs.size();
        int tl = words.size();
        while (t < tl) {
            if (p < pl && globs.get(p) != TrustRule.ANY_WORDS && Glob.matches(globs.get(p), words.get(t).text)) {
                p++;
                t++;
            } else if (p < pl && globs.get(p) == TrustRule.ANY_WORDS) {
                star = p++;
                mark = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < pl && globs.get(p) == TrustRule.ANY_WORDS) {
            p++;
        }
        return p == pl;
    }

    private boolean programMatches(TrustRule r, String word, String name, boolean standard) {
        if (!r.programIsPath()) {
            return standard && r.program().equals(name);
        }
        if (word.startsWith("/")) {
            return Glob.matches(r.program(), PathText.resolveDots(PathText.normalize(word)));
        }
        if (word.indexOf('/') < 0 || dirs == null) {
            return false;   // a bare name is found on PATH: which file that is is not known here
        }
        for (String d : dirs) {
            if (!Glob.matches(r.program(), PathText.resolveDots(PathText.normalize(d + "/" + word)))) {
                return false;
            }
        }
        return true;
    }

    private boolean cwdHolds(TrustRule r) {
        if (r.cwds().isEmpty()) {
            return true;
        }
        if (dirs == null) {
            return false;
        }
        for (String d : dirs) {
            if (!Glob.anyMatch(r.cwds(), d)) {
                return false;
            }
        }
        return true;
    }

    /** A launching frame of one of the row's packages whose code comes from where the row says (see {@link TrustRule.Caller}). */
    private boolean callerHolds(TrustRule r) {
        if (r.callers().isEmpty()) {
            return true;
        }
        List<String> classes = site.callerClasses();
        List<String> origins = site.callerOrigins();
        for (int i = 0; i < classes.size() && i < origins.size(); i++) {
            for (TrustRule.Caller c : r.callers()) {
                if (c.matches(classes.get(i), origins.get(i))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasGlobChar(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0;
    }
}
