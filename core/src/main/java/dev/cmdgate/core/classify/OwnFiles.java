package dev.cmdgate.core.classify;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files the gate itself depends on (its jar, rules, passport, signing key, audit file and the audit file's
 * rotated siblings, the JDK it runs in): a launch that writes, moves, deletes, truncates or links over one of
 * them — or over a directory above one — is judged Destructive ({@code verdict own-files}).
 *
 * <p>Paths are compared as text after normalisation: {@code ~} and {@code $HOME} become the home directory,
 * a relative path is taken from the launch's working directory, {@code .} and {@code ..} are resolved. Each
 * protected path is also kept in its real form (the symbolic links of its directories resolved once, when the
 * set is built), so a file configured through a linked directory is recognised under both names. A written
 * path whose text is known is also resolved on disk when the launch is decided ({@link DiskPaths}): through
 * the links that exist then (a link an earlier launch made into a protected directory is followed), and an
 * existing file with other names is compared with the protected files by identity (a hard link to one).
 * What the disk holds later — a link the same command line, or another process, creates after the decision —
 * is not known here; the rules refuse creating a link to a protected file ({@code ln}'s and {@code cp -s}'s
 * sources are written paths).
 */
public final class OwnFiles {

    /** No protected files: the classifier of the CLI and the tests. */
    public static final OwnFiles NONE = new OwnFiles(List.of(), List.of(), null);

    /** How a protected path covers files. */
    public enum Kind {
        /** exactly this file */
        FILE,
        /** this file and its rotated siblings ({@code audit.jsonl.1}, {@code audit.jsonl.gz}) */
        ROTATED,
        /** this directory and everything below it */
        TREE
    }

    /** One protected path (absolute, normalised) and what it is, for the finding. */
    public record Entry(String path, Kind kind, String what) {
    }

    private final List<Entry> entries;
    /**
     * The protected files that hold a credential of the gate's (a token file, a client or signing key): reading one
     * is a credential-store read, as reading {@code /proc/*}{@code /environ} is. Absolute, normalised, also real.
     */
    private final List<String> secrets;
    private final String home;

    private OwnFiles(List<Entry> entries, List<String> secrets, String home) {
        this.entries = List.copyOf(entries);
        this.secrets = List.copyOf(secrets);
        this.home = home;
    }

    /**
     * Whether reading {@code path} (normalised, absolute or under {@code ~}) reads one of the gate's credential
     * files: the file itself or, for a recursive reader, a directory above one.
     */
    boolean isSecretRead(String path, boolean recursive) {
        if (secrets.isEmpty() || path.isEmpty()) {
            return false;
        }
        String p = path.equals("~") || path.startsWith("~/") ? home + path.substring(1) : path;
        if (!p.startsWith("/")) {
            return false;
        }
        p = PathText.resolveDots(PathText.normalize(p));
        for (String secret : secrets) {
            if (secret.equals(p) || recursive && (p.equals("/") || secret.startsWith(p.endsWith("/") ? p : p + "/"))) {
                return true;
            }
        }
        return false;
    }

    /** A builder; {@code home} is the home directory {@code ~} stands for (null: the JVM's {@code user.home}). */
    public static Builder builder(String home) {
        return new Builder(home == null ? System.getProperty("user.home") : home);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The home directory {@code ~} stands for, or null when no file is protected. */
    public String home() {
        return home;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Collects protected paths. */
    public static final class Builder {
        private final String home;
        private final List<Entry> entries = new ArrayList<>();
        private final List<String> secrets = new ArrayList<>();

        Builder(String home) {
            this.home = home;
        }

        /** Adds a path (ignored when null) as given and, when they differ, with its directories' links resolved. */
        public Builder add(Path path, Kind kind, String what) {
            if (path == null) {
                return this;
            }
            Path abs = path.toAbsolutePath().normalize();
            add(abs.toString(), kind, what);
            Path real = realPath(abs);
            if (real != null && !real.equals(abs)) {
                add(real.toString(), kind, what);
            }
            return this;
        }

        /** Adds a protected file that holds a credential of the gate's: reading it is a credential-store read too. */
        public Builder addSecret(Path path, String what) {
            if (path == null) {
                return this;
            }
            add(path, Kind.FILE, what);
            Path abs = path.toAbsolutePath().normalize();
            secrets.add(abs.toString());
            Path real = realPath(abs);
            if (real != null && !real.equals(abs)) {
                secrets.add(real.toString());
            }
            return this;
        }

        private void add(String path, Kind kind, String what) {
            for (Entry e : entries) {
                if (e.path().equals(path) && e.kind() == kind) {
                    return;
                }
            }
            entries.add(new Entry(path, kind, what));
        }

        public OwnFiles build() {
            return entries.isEmpty() ? NONE : new OwnFiles(entries, secrets, home);
        }

        /** The path with the links of its existing part resolved (the file itself may not exist yet). */
        private static Path realPath(Path abs) {
            try {
                if (Files.exists(abs)) {
                    return abs.toRealPath();
                }
                Path parent = abs.getParent();
                return parent != null && Files.isDirectory(parent) ? parent.toRealPath().resolve(abs.getFileName()) : null;
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * The protected entry a written path reaches, or null. {@code path} is the word as the command names it,
     * {@code cwd} the launch's working directory (null when unknown or changed by the script: then a relative
     * path is compared with the ends of the protected paths), {@code dynamic} whether the word has an
     * expansion only known at run time (then only its literal beginning is compared).
     */
    Entry reached(String path, String cwd, boolean dynamic) {
        return reached(path, cwd, dynamic, false);
    }

    /** As {@link #reached(String, String, boolean)}; {@code dotglob}: a pattern's wildcards match a leading dot. */
    Entry reached(String path, String cwd, boolean dynamic, boolean dotglob) {
        return reached(path, cwd, dynamic, dotglob, null);
    }

    /**
     * As {@link #reached(String, String, boolean, boolean)}; a pattern is expanded against the disk through
     * {@code disk} (the launch's bounded reader; null: this machine's disk, read on this thread).
     */
    Entry reached(String path, String cwd, boolean dynamic, boolean dotglob, SiteFiles disk) {
        if (entries.isEmpty() || path.isEmpty()) {
            return null;
        }
        String p = PathText.normalize(path);
        if (p.equals("~") || p.startsWith("~/")) {
            p = home + p.substring(1);
        }
        if (dynamic) {
            String known = PathText.staticPrefix(p);
            Entry after = afterRunTimePart(p, dotglob);
            if (after != null) {
                return after;
            }
            p = openBracketAsWildcard(known);
            if (p.isEmpty()) {
                return null;   // nothing is known about where it goes
            }
        }
        boolean absolute = p.startsWith("/");
        if (!absolute && cwd != null) {
            p = cwd + "/" + p;
            absolute = true;
        }
        if (dynamic && absolute && PathPattern.isPattern(p)) {
            return beginsByPattern(PathPattern.of(PathText.resolveDots(PathText.normalize(p)), dotglob));
        }
        boolean isPattern = !dynamic && PathPattern.isPattern(p);
        if (absolute && !dynamic && !isPattern) {
            return reachedLiterally(p);
        }
        String asWritten = p;
        if (absolute) {
            p = PathText.resolveDots(PathText.normalize(p));
        }
        PathPattern pattern = isPattern ? PathPattern.of(absolute ? p : relativeTail(p), dotglob) : null;
        for (Entry e : entries) {
            boolean reaches = pattern == null ? (absolute ? reachesAbsolute(p, dynamic, e) : reachesRelative(p, e))
                    : absolute ? reachesByPattern(pattern, e) : reachesByRelativePattern(pattern, e, true);
            if (reaches) {
                return e;
            }
        }
        if (absolute && isPattern) {
            return PatternMatches.reached(this, asWritten, dotglob,
                    disk != null ? disk : new DiskSiteFiles(java.util.Map.of(), home));
        }
        return null;
    }

    /**
     * A known beginning whose last component opens a bracket the text does not close ({@code ../state/[} before
     * {@code $(:)a]udit.jsonl}): the run-time part or the text after it may close it, and then the shell reads one
     * character there, so the beginning is that wildcard ({@code ../state/?}), its members unknown. A {@code '/'} after
     * the {@code [} keeps it literal, as the shell does.
     */
    static String openBracketAsWildcard(String known) {
        int open = known.lastIndexOf('[');
        if (open < 0 || known.indexOf(']', open) >= 0 || known.indexOf('/', open) >= 0
                || open > 0 && known.charAt(open - 1) == '\\') {
            return known;
        }
        return known.substring(0, open) + "?";
    }

    /**
     * The entry an absolute pattern a part only known at run time continues ({@code ../st*}{@code /audit.jsonl$(:)})
     * may reach: the pattern matches a beginning of the entry's path (the entry, a directory above it), or the path
     * may go on into a rotated sibling or a protected directory.
     */
    private Entry beginsByPattern(PathPattern known) {
        for (Entry e : entries) {
            if (known.matchesBeginningOf(e.path()) || below(known, e.path(), e.kind())) {
                return e;
            }
        }
        return null;
    }

    /** The entry an absolute path that holds no pattern reaches, as text or on disk; package use: a pattern's matches. */
    Entry reachedLiterally(String asWritten) {
        String p = PathText.resolveDots(PathText.normalize(asWritten));
        for (Entry e : entries) {
            if (reachesAbsolute(p, false, e)) {
                return e;
            }
        }
        return reachedOnDisk(asWritten, p);
    }

    /**
     * The protected entry a piece of a word names as a file ({@link WordParts}: {@code -Wl,-Map=F}, {@code -MFF}): the
     * file itself, a rotated sibling, or a file inside a protected directory — never a directory above one, which a
     * program writing a file of that name cannot replace. {@code cwd} as for {@link #reached(String, String, boolean)}.
     */
    Entry named(String piece, String cwd) {
        return named(piece, cwd, false);
    }

    /**
     * As {@link #named(String, String)}, for a destination that may be a directory receiving entries named after a
     * command's sources ({@code cp x DIR}): also the directory that directly holds a protected file (what else the
     * gate may find beside its files is not known), but not one that only holds a protected directory or lies higher
     * — an entry made there is named by its source, which the command's {@code into} rows judge.
     */
    Entry receiving(String piece, String cwd) {
        return named(piece, cwd, true);
    }

    private Entry named(String piece, String cwd, boolean receiving) {
        if (entries.isEmpty() || piece.isEmpty()) {
            return null;
        }
        String p = PathText.normalize(piece);
        if (p.equals("~") || p.startsWith("~/")) {
            p = home + p.substring(1);
        }
        if (!p.startsWith("/")) {
            if (cwd == null) {
                return namedByName(p, receiving);
            }
            p = cwd + "/" + p;
        }
        String asWritten = p;
        p = PathText.resolveDots(PathText.normalize(p));
        for (Entry e : entries) {
            if (names(p, e) || receiving && holdsFile(p, e)) {
                return e;
            }
        }
        String onDisk = DiskPaths.resolved(asWritten);
        if (onDisk != null && !onDisk.equals(p)) {
            for (Entry e : entries) {
                if (names(onDisk, e) || receiving && holdsFile(onDisk, e)) {
                    return e;
                }
            }
        }
        Object key = DiskPaths.otherNamesKey(onDisk != null ? onDisk : p);
        return key == null ? null : sameFile(key);
    }

    private static boolean names(String p, Entry e) {
        String t = e.path();
        return p.equals(t) || e.kind() == Kind.ROTATED && p.startsWith(t + ".")
                || e.kind() == Kind.TREE && p.startsWith(t + "/");
    }

    /** Whether {@code dir} is the directory directly holding the protected file (not directory) {@code e}. */
    private static boolean holdsFile(String dir, Entry e) {
        String t = e.path();
        return e.kind() != Kind.TREE && t.substring(0, Math.max(1, t.lastIndexOf('/'))).equals(dir);
    }

    /**
     * A relative piece whose directory is not known: what follows its last {@code ..} compared with the paths' ends;
     * {@code receiving}: also with the ends of a protected file's directory.
     */
    private Entry namedByName(String p, boolean receiving) {
        String rel = p;
        int up = rel.lastIndexOf("../");
        if (up >= 0) {
            rel = rel.substring(up + 3);
        }
        while (rel.startsWith("./")) {
            rel = rel.substring(2);
        }
        if (rel.isEmpty() || rel.equals(".") || rel.equals("..")) {
            return null;
        }
        String last = rel.substring(rel.lastIndexOf('/') + 1);
        for (Entry e : entries) {
            String t = e.path();
            if (t.endsWith("/" + rel) || receiving && e.kind() != Kind.TREE
                    && t.substring(0, Math.max(0, t.lastIndexOf('/'))).endsWith("/" + rel)
                    || e.kind() == Kind.ROTATED && last.startsWith(t.substring(t.lastIndexOf('/') + 1) + ".")
                    || e.kind() == Kind.TREE && rel.indexOf('/') > 0 && t.endsWith("/" + rel.substring(0, rel.indexOf('/')))) {
                return e;
            }
        }
        return null;
    }

    /**
     * The protected directory ({@link Kind#TREE}) that {@code dir} (absolute, normalised) is or lies below, or null:
     * a command working there writes into it whatever the names it writes.
     */
    Entry holding(String dir) {
        for (Entry e : entries) {
            if (e.kind() == Kind.TREE && (dir.equals(e.path()) || dir.startsWith(e.path() + "/"))) {
                return e;
            }
        }
        return null;
    }

    /**
     * After a part only known at run time, the path may lead anywhere: the part may be {@code ..} or hold it
     * ({@code .$(:).}, {@code $(echo a/..)}), and a literal {@code ..} after it leads up from an unknown place
     * ({@code find D -exec cp x {}/../F}: {@code {}} is any file below D). So every literal stretch after such a
     * part, from its first {@code /} on, is compared with the ends of the protected paths, as a relative path from
     * an unknown directory is — as a pattern, since the shell expands it ({@code ${PWD%/*}/state/[a]udit.jsonl}).
     * A stretch another run-time part cuts short ({@code …/state/audit.jsonl$(:)}, {@code …/team.rule$(echo s)})
     * is the beginning of a name the later part completes: it reaches an entry when it can begin one.
     */
    private Entry afterRunTimePart(String p, boolean dotglob) {
        int i = 0;
        while (i < p.length() && !PathText.isRunTimeMarker(p.charAt(i))) {
            i++;
        }
        while (i < p.length()) {
            int from = runTimePartEnd(p, i);
            int to = from;
            while (to < p.length() && !PathText.isRunTimeMarker(p.charAt(to))) {
                to++;
            }
            int slash = p.indexOf('/', from);
            if (slash >= 0 && slash + 1 < to) {
                Entry e = stretchReaches(relativeTail(p.substring(slash + 1, to)), to < p.length(), dotglob);
                if (e != null) {
                    return e;
                }
            }
            i = to;
        }
        return null;
    }

    /** The entry a literal stretch after a run-time part reaches (cut: another run-time part follows it), or null. */
    private Entry stretchReaches(String stretch, boolean cut, boolean dotglob) {
        if (stretch.isEmpty() || stretch.equals(".") || stretch.equals("..")) {
            return null;
        }
        // cut short, the later part completes the last name (a * that stays within it): team.rule$(echo s)
        PathPattern pattern = cut ? PathPattern.of(stretch + "*", dotglob)
                : PathPattern.isPattern(stretch) ? PathPattern.of(stretch, dotglob) : null;
        for (Entry e : entries) {
            if (pattern == null ? reachesRelative(stretch, e) : reachesByRelativePattern(pattern, e, !cut)) {
                return e;
            }
        }
        return null;
    }

    /** Where the run-time part starting at {@code i} ends: after its closing bracket or backquote, or its name. */
    private static int runTimePartEnd(String p, int i) {
        char c = p.charAt(i);
        if (c == '`') {
            int close = p.indexOf('`', i + 1);
            return close < 0 ? p.length() : close + 1;
        }
        if (c != '$' || i + 1 >= p.length()) {
            return i + 1;
        }
        char open = p.charAt(i + 1);
        if (open == '(' || open == '{') {
            return Chars.pastClosing(p, i + 1);
        }
        int j = i + 1;
        while (j < p.length() && (Character.isLetterOrDigit(p.charAt(j)) || p.charAt(j) == '_')) {
            j++;
        }
        return j;
    }

    /**
     * The protected entry directly in the directory {@code dir} (absolute, normalised), or the protected directory
     * {@code dir} is or lies in, or null: a program that makes files of its own naming there ({@code TMPDIR},
     * {@code GNUPGHOME}) may make or replace it.
     */
    Entry directlyIn(String dir) {
        for (Entry e : entries) {
            int slash = e.path().lastIndexOf('/');
            if (e.path().substring(0, Math.max(1, slash)).equals(dir) || e.path().equals(dir)) {
                return e;
            }
        }
        return holding(dir);
    }

    /**
     * The protected entry inside the directory {@code dir} (absolute, normalised) at any depth, or the protected
     * directory {@code dir} is or lies in, or null: a command that may rewrite any file below {@code dir} (a work
     * tree's checkout) reaches it. A directory reached through a link is also judged as the directory it leads to.
     */
    Entry within(String dir) {
        Entry e = withinAsWritten(dir);
        if (e == null) {
            String onDisk = DiskPaths.resolved(dir);
            if (onDisk != null && !onDisk.equals(dir)) {
                e = withinAsWritten(onDisk);
            }
        }
        return e;
    }

    private Entry withinAsWritten(String dir) {
        String prefix = dir.equals("/") ? "/" : dir + "/";
        for (Entry e : entries) {
            if (e.path().startsWith(prefix)) {
                return e;
            }
        }
        return holding(dir);
    }

    /** The protected entry the path reaches through the links, or as another name, the disk holds now. */
    private Entry reachedOnDisk(String asWritten, String asText) {
        String onDisk = DiskPaths.resolved(asWritten);
        if (onDisk != null && !onDisk.equals(asText)) {
            for (Entry e : entries) {
                if (reachesAbsolute(onDisk, false, e)) {
                    return e;
                }
            }
        }
        Object key = DiskPaths.otherNamesKey(onDisk != null ? onDisk : asText);
        return key == null ? null : sameFile(key);
    }

    /** The entry that is this file (or, for a directory entry, holds it directly) by identity, or null. */
    private Entry sameFile(Object key) {
        for (Entry e : entries) {
            Path p = Path.of(e.path());
            if (e.kind() != Kind.TREE) {
                if (key.equals(DiskPaths.fileKey(p))) {
                    return e;
                }
                continue;
            }
            try (java.nio.file.DirectoryStream<Path> files = Files.newDirectoryStream(p)) {
                int n = 0;
                for (Path f : files) {
                    if (++n > 256) {
                        break;   // a large tree (the JDK): its files are not compared one by one
                    }
                    if (key.equals(DiskPaths.fileKey(f))) {
                        return e;
                    }
                }
            } catch (IOException | RuntimeException notADirectory) {
                // nothing to compare
            }
        }
        return null;
    }

    /**
     * A path holding a pattern reaches a protected entry when it can expand to the entry itself, to a rotated
     * sibling, to anything inside a protected directory, or to a directory above the entry (as {@link
     * #reachesAbsolute} counts those).
     */
    private boolean reachesByPattern(PathPattern pattern, Entry e) {
        String target = e.path();
        if (pattern.matches(target) || below(pattern, target, e.kind())) {
            return true;
        }
        String parent = target.substring(0, Math.max(1, target.lastIndexOf('/')));
        for (String above = parent; above.length() > 1; above = above.substring(0, Math.max(1, above.lastIndexOf('/')))) {
            if (pattern.matches(above) && (above.equals(parent) || !above.equals(home))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A relative pattern whose directory is not known, compared with the protected path's last components as
     * {@link #reachesRelative} compares a literal one: the entry, a rotated sibling, a file inside a protected
     * directory, and with {@code directoriesAbove} the directories it is in.
     */
    private static boolean reachesByRelativePattern(PathPattern pattern, Entry e, boolean directoriesAbove) {
        String target = e.path();
        String parent = target.substring(0, Math.max(0, target.lastIndexOf('/')));
        for (int slash = target.indexOf('/'); slash >= 0; slash = target.indexOf('/', slash + 1)) {
            String tail = target.substring(slash + 1);
            if (pattern.matches(tail) || below(pattern, tail, e.kind())) {
                return true;
            }
        }
        for (int slash = parent.indexOf('/'); directoriesAbove && slash >= 0; slash = parent.indexOf('/', slash + 1)) {
            if (pattern.matches(parent.substring(slash + 1))) {
                return true;
            }
        }
        return false;
    }

    /** A rotated sibling of the path, or a file inside it when it is a protected directory. */
    private static boolean below(PathPattern pattern, String path, Kind kind) {
        return kind == Kind.ROTATED && pattern.matchesSomePathStartingWith(path + ".")
                || kind == Kind.TREE && pattern.matchesSomePathStartingWith(path + "/");
    }

    /** A relative path without its leading {@code ./}; after a {@code ..} only what follows the last one is known. */
    private static String relativeTail(String p) {
        String rel = p;
        while (rel.startsWith("./")) {
            rel = rel.substring(2);
        }
        int up = rel.lastIndexOf("../");
        return up >= 0 ? rel.substring(up + 3) : rel;
    }

    private boolean reachesAbsolute(String p, boolean dynamic, Entry e) {
        String target = e.path();
        if (dynamic) {
            // only the beginning is known: anything that could continue into the protected path
            return target.startsWith(p) || p.startsWith(target + "/") || p.startsWith(target + ".") && e.kind() == Kind.ROTATED;
        }
        if (p.equals(target)) {
            return true;
        }
        switch (e.kind()) {
            case ROTATED -> {
                if (p.startsWith(target + ".")) {
                    return true;
                }
            }
            case TREE -> {
                if (p.startsWith(target + "/")) {
                    return true;
                }
            }
            default -> {
            }
        }
        // a directory above it: moving, deleting or extracting over it reaches the file. The root and the home
        // directory themselves only count as the file's own directory (cp x ~/ can only replace what is directly in ~)
        if (target.startsWith(p.equals("/") ? "/" : p + "/")) {
            String parent = target.substring(0, Math.max(1, target.lastIndexOf('/')));
            return parent.equals(p) || !(p.equals("/") || p.equals(home));
        }
        return false;
    }

    /** A relative path whose directory is not known: compared with the protected path's last components. */
    private static boolean reachesRelative(String p, Entry e) {
        String rel = p;
        while (rel.startsWith("./")) {
            rel = rel.substring(2);
        }
        if (rel.equals(".") || rel.isEmpty()) {
            return false;
        }
        String target = e.path();
        if (rel.startsWith("../") || rel.equals("..") || rel.contains("/../")) {
            // where it leads is not known: the file name decides
            int slash = rel.lastIndexOf('/');
            rel = rel.substring(slash + 1);
            if (rel.equals("..")) {
                return false;
            }
        }
        // the file itself, or the directory it is in (a deeper directory of the same name would be a guess: `cd x
        // && rm -rf lib` is not taken for the JDK's lib)
        String parent = target.substring(0, Math.max(0, target.lastIndexOf('/')));
        if (target.endsWith("/" + rel) || parent.endsWith("/" + rel)) {
            return true;
        }
        return switch (e.kind()) {
            case ROTATED -> {
                String name = target.substring(target.lastIndexOf('/') + 1);
                String last = rel.substring(rel.lastIndexOf('/') + 1);
                yield last.startsWith(name + ".");
            }
            case TREE -> rel.contains("/") && target.endsWith("/" + rel.substring(0, rel.indexOf('/')));
            default -> false;
        };
    }
}
