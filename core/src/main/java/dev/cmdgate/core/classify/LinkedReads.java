package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the files a command reads lead through the symbolic links on disk when the launch is decided
 * ({@link LinkWalk}, the walk the gate's own files are judged through): {@code cfg/shadow} with {@code cfg -> /etc}
 * is {@code /etc/shadow}, which the credential stores are then compared with. Only where the gate sees the launch's
 * disk — a site that reads files and a known working directory (the agent deciding a launch, the CLI classifying
 * in a directory); a text judged alone (a replayed audit line, a policy check) is judged as text.
 *
 * <p>One decision looks each path up once, and at most {@value #MAX_PATHS} paths: a line that names more, like a
 * path the reader cannot look at in time or at all (a directory the gate may not enter, a link loop, a link that
 * cannot be read), is one whose files cannot be told — a credential-store read, failing closed. A command run as
 * the same user cannot read through a directory the gate cannot enter either, so this refuses only what would fail
 * or what runs with other rights.
 */
final class LinkedReads {

    /** The most paths one decision looks up on disk. */
    static final int MAX_PATHS = 256;

    /** The most paths the patterns of one decision may expand to on disk, each then looked up through its links. */
    static final int MAX_MATCHED = 2048;

    /** The launch's disk, or null when the gate does not see it. */
    private final SiteFiles disk;
    private final Map<String, LinkWalk.Reached> seen = new HashMap<>();
    private int matched;

    /**
     * @param disk the launch's files as its site reads them, or null
     * @param cwd  the launch's working directory, or null when it is not known (then no path is looked up)
     */
    LinkedReads(SiteFiles disk, String cwd) {
        this.disk = cwd == null ? null : disk;
    }

    /** Whether paths are looked up on disk for this launch. */
    boolean active() {
        return disk != null;
    }

    /**
     * Where an absolute path (normalised, its {@code ..} not yet taken) leads when that is not what its text says:
     * the path a link led to, or one whose {@link LinkWalk.Reached#unknown()} says why it cannot be told; null when
     * it leads where its text says, or when the disk is not seen.
     */
    LinkWalk.Reached throughLinks(String absolute) {
        if (disk == null || !absolute.startsWith("/")) {
            return null;
        }
        LinkWalk.Reached r = seen.get(absolute);
        if (r == null) {
            r = seen.size() >= MAX_PATHS
                    ? new LinkWalk.Reached(absolute, false, "the line names more than " + MAX_PATHS + " files to look up")
                    : LinkWalk.walk(disk, absolute);
            seen.put(absolute, r);
        }
        return r.linked() || r.unknown() != null ? r : null;
    }

    /**
     * What an absolute pattern expands to on disk ({@link PatternMatches}, the bounds of the gate's own files'
     * check), each match to be judged through its links; past those bounds, or past {@value #MAX_MATCHED} matches
     * in one decision, an expansion whose {@link PatternMatches.Expansion#unknown()} says why it cannot be told.
     */
    PatternMatches.Expansion expand(String absolutePattern, boolean dotglob) {
        if (disk == null) {
            return new PatternMatches.Expansion(java.util.List.of(), null);
        }
        PatternMatches.Expansion x = PatternMatches.onDisk(absolutePattern, dotglob, disk);
        matched += x.paths().size();
        if (matched > MAX_MATCHED) {
            return new PatternMatches.Expansion(java.util.List.of(), "the line's patterns match more than " + MAX_MATCHED + " files");
        }
        return x;
    }

    /**
     * Where the links inside a directory a link-following reader reads lead ({@link TreeLinks}, bounded); nothing when
     * the disk is not seen.
     */
    TreeLinks.Found linksBelow(String absolute) {
        if (disk == null || !absolute.startsWith("/")) {
            return new TreeLinks.Found(java.util.List.of(), java.util.List.of(), null);
        }
        return TreeLinks.below(disk, absolute);
    }

    /**
     * As {@link #throughLinks}, for a path a pattern matched: those are bounded by {@link #expand}, not by
     * {@value #MAX_PATHS}. The shell keeps a match only when it exists (its components written out after the
     * wildcard are not listed, only looked up), so one that is not there names nothing.
     */
    LinkWalk.Reached throughLinksOfMatch(String absolute) {
        if (disk == null || !absolute.startsWith("/")) {
            return null;
        }
        int slash = absolute.lastIndexOf('/');
        try {
            String dir = disk.realPath(slash <= 0 ? "/" : absolute.substring(0, slash));
            if (dir == null || disk.kind(dir) != SiteFiles.Kind.DIRECTORY
                    || disk.kind(dir + "/" + absolute.substring(slash + 1)) == SiteFiles.Kind.NONE) {
                return null;
            }
        } catch (SiteFiles.Unreadable | RuntimeException e) {
            // walked below, which tells why it cannot be told
        }
        LinkWalk.Reached r = seen.computeIfAbsent(absolute, a -> LinkWalk.walk(disk, a));
        if (LinkWalk.LOOP.equals(r.unknown())) {
            return null;   // the shell's lstat fails on it too: not a match, and nothing the command could read
        }
        return r.linked() || r.unknown() != null ? r : null;
    }
}
