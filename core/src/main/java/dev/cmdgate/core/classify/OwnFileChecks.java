package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a word reaches one of the gate's own files ({@link OwnFiles}): as a written path, from every directory it
 * may start from (after a cd, in a home directory the script changed, through a directory word the shell keeps), as a
 * name a copy or move makes, or as a piece of a word given to a program not known only to read it. Reaching one
 * raises {@code own-files}.
 */
final class OwnFileChecks {

    private final Analysis analysis;
    /** The line's glob options ({@link FileEffects#dotglob}). */
    private final FileEffects files;
    private final OwnFiles own;
    /** Where a relative word may start. */
    private final WorkingDirectories where;
    /** What {@code {}} stands for while a {@code find -exec} command is judged. */
    private final FindPlaceholders standing;
    /** The launch's files as its site reads them (bounded), or null when the site reads none. */
    private final SiteFiles siteFiles;

    OwnFileChecks(FileEffects files, OwnFiles own, WorkingDirectories where, FindPlaceholders standing,
            SiteFiles siteFiles) {
        this.analysis = files.analysis();
        this.files = files;
        this.own = own;
        this.where = where;
        this.standing = standing;
        this.siteFiles = siteFiles;
    }

    /**
     * Raises {@code own-files} when the word reaches one of the gate's files as a written path would, whatever
     * else it is (no other verdict is raised); {@code why} ends the finding. Returns whether it did.
     */
    boolean ownWrite(Arg a, Site site, String why) {
        if (own.isEmpty()) {
            return false;
        }
        if (!standing.found.isEmpty() && standing.holdsPlaceholder(a.text)) {
            List<Arg> files = standing.found;
            standing.found = List.of();
            try {
                for (Arg f : files) {
                    if (ownWrite(new Arg(standing.replacePlaceholders(a.text, f.text), true, false, -1, -1), site, why)) {
                        return true;
                    }
                }
            } finally {
                standing.found = files;
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
     * The protected entry a destination reaches as a name the command makes or replaces, or as a directory receiving
     * entries ({@link OwnFiles#receiving}): the entry itself, a rotated sibling, a file in a protected directory, the
     * directory directly holding a protected file — not a directory higher above one. A word whose directory
     * is one the shell keeps, or in a home directory the script changed, is judged whole ({@link #ownReached}).
     */
    OwnFiles.Entry ownReachedAsName(Arg a) {
        if (DirectoryWord.of(a.text) != null || where.homeAssigned() && (a.text.equals("~") || a.text.startsWith("~/"))) {
            return ownReached(a);
        }
        if (!where.changedDirectory) {
            return own.receiving(a.text, where.cwd);
        }
        // after a change of directory, by name as well as from each directory it may have led to (as ownReached)
        OwnFiles.Entry byName = own.receiving(a.text, null);
        if (byName != null || where.possibleDirectories == null) {
            return byName;
        }
        for (int i = 0; i < where.possibleDirectories.size(); i++) {
            OwnFiles.Entry e = own.receiving(a.text, where.possibleDirectories.get(i));
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /** The protected entry a written path may reach from every directory it may start from, or null. */
    OwnFiles.Entry ownReached(Arg a) {
        OwnFiles.Entry mine = own.reached(a.text, where.changedDirectory ? null : where.cwd, a.unresolved(), files.dotglob, siteFiles);
        if (mine == null && where.changedDirectory && where.possibleDirectories != null) {
            for (int i = 0; i < where.possibleDirectories.size() && mine == null; i++) {
                mine = own.reached(a.text, where.possibleDirectories.get(i), a.unresolved(), files.dotglob, siteFiles);
            }
        }
        if (mine == null && where.homeAssigned()) {
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
            if (!where.changedDirectory) {
                byName |= where.cwd == null;
                if (where.cwd != null) {
                    dirs.add(where.cwd);
                }
            } else if (where.possibleDirectories == null) {
                byName = true;
            } else {
                dirs.addAll(where.possibleDirectories);
            }
        }
        boolean dynamicRest = d.rest().indexOf('$') >= 0 || d.rest().indexOf('`') >= 0 || a.unresolved() && d.rest().isEmpty();
        OwnFiles.Entry mine = null;
        for (int i = 0; i < dirs.size() && mine == null; i++) {
            if (!dirs.get(i).isEmpty()) {
                mine = own.reached(dirs.get(i) + d.rest(), null, dynamicRest, files.dotglob);
            }
        }
        if (mine == null && byName) {
            String rest = d.rest();
            int up = rest.lastIndexOf("../");
            String tail = up >= 0 ? rest.substring(up + 3) : rest.startsWith("/") ? rest.substring(1) : "";
            if (!tail.isEmpty()) {
                mine = own.reached(tail, null, dynamicRest, files.dotglob);
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
        List<String> hs = where.homes();
        for (int i = 0; i < hs.size() && mine == null; i++) {
            mine = own.reached(hs.get(i) + rest, null, a.unresolved(), files.dotglob, siteFiles);
        }
        if (mine == null && where.homeUnknown() && rest.length() > 1) {
            mine = own.reached(rest.substring(1), null, a.unresolved(), files.dotglob);
        }
        return mine;
    }

    /** Why a word given to a program not known only to read it counts as a write of the gate's file it names. */
    private static final String NOT_ONLY_READ =
            " (given to a program the rules do not know only to read it: it may write, replace or delete it)";

    /**
     * As {@link FileEffects#namedOwnFiles(ParsedArgs, boolean, boolean, Site)}, given the words the command's
     * {@code reads} rows name ({@code reads}) and the destinations its {@code into} rows judge
     * ({@code receivingValues}); {@code namesakeReads}: the words a known program's {@code reads} rows name when a
     * program named by its path bears its name ({@link ReadRows#wordsRead}). Such a word is judged as a name
     * ({@code ./configure --prefix=..} beside the gate's directory is not taken for writing the directory above it),
     * but one naming a gate file or a file in a protected directory still counts: the path is not that program, only
     * most likely it.
     */
    void namedOwnFiles(ParsedArgs p, List<String> reads, List<String> receivingValues, boolean operandsRun, Site site,
            List<String> namesakeReads) {
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
        if (!where.changedDirectory) {
            return own.named(piece, where.cwd);
        }
        if (where.possibleDirectories == null) {
            return own.named(piece, null);
        }
        for (int i = 0; i < where.possibleDirectories.size(); i++) {
            OwnFiles.Entry e = own.named(piece, where.possibleDirectories.get(i));
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
        List<String> words = PathWords.of(a.text);
        for (int k = 0; k < words.size() && k < 64; k++) {
            String w = words.get(k);
            if ((w.startsWith("/") || w.startsWith("~"))
                    && ownWrite(new Arg(w, a.dynamic && w.indexOf('$') >= 0, false, -1, -1), site, NOT_ONLY_READ)) {
                return true;
            }
        }
        return false;
    }
}
