package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * A written path holding a pattern ({@code z/[S]/audit.jsonl}) judged by what it expands to on disk when the launch
 * is decided, as the shell will expand it: each component with a wildcard matched against the names its directory
 * lists ({@link ShellPattern}; {@code **} as any depth, {@code .*} as {@code .} and {@code ..} too: a superset of
 * what shells and their options match; after a {@code shopt} in the line, either case of a letter too, in the
 * components that hold a wildcard: the shell takes a component written out as it is, never case-folded),
 * each match then judged as a literal path, its links resolved ({@link OwnFiles#reachedLiterally}). The word as
 * written is judged too (a pattern that matches nothing, or quoted wildcards, stay as they are). Listing is bounded
 * in directories, matches and, through the launch's {@link SiteFiles}, entries and time: past a bound the word is
 * taken to reach a gate file, never allowed unseen.
 */
final class PatternMatches {

    /** At most this many directories are listed to expand one word. */
    static final int MAX_LISTED = 128;
    /** At most this many paths a word may expand to are judged. */
    static final int MAX_MATCHES = 512;

    private final SiteFiles disk;
    private final boolean dotglob;
    private int listed;

    /** The expansion went past a bound or could not be read. */
    private static final class TooMany extends Exception {
        private static final long serialVersionUID = 1L;

        TooMany(String why) {
            super(why, null, false, false);
        }
    }

    private PatternMatches(SiteFiles disk, boolean dotglob) {
        this.disk = disk;
        this.dotglob = dotglob;
    }

    /**
     * The protected entry the absolute pattern {@code asWritten} (not normalised: its {@code ..} are taken on disk)
     * may reach through what it expands to, or null.
     */
    static OwnFiles.Entry reached(OwnFiles own, String asWritten, boolean dotglob, SiteFiles disk) {
        if (own.entries().isEmpty()) {
            return null;
        }
        OwnFiles.Entry literal = own.reachedLiterally(asWritten);
        if (literal != null) {
            return literal;
        }
        List<String> matches;
        try {
            matches = new PatternMatches(disk, dotglob).expand(asWritten);
        } catch (TooMany e) {
            OwnFiles.Entry any = own.entries().get(0);
            return new OwnFiles.Entry(any.path(), any.kind(), any.what() + " (the pattern " + Analysis.clip(asWritten)
                    + " may name it: " + e.getMessage() + ")");
        }
        for (String m : matches) {
            OwnFiles.Entry e = own.reachedLiterally(m);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /** What an absolute pattern expands to on disk: its matches, or, past a bound or unreadable, why not (then no matches). */
    record Expansion(List<String> paths, String unknown) {
    }

    /**
     * What the absolute pattern {@code asWritten} (its {@code ..} taken on disk) expands to on {@code disk}, within
     * the same bounds as the gate's own files' check; a word that matches nothing expands to nothing.
     */
    static Expansion onDisk(String asWritten, boolean dotglob, SiteFiles disk) {
        try {
            return new Expansion(new PatternMatches(disk, dotglob).expand(asWritten), null);
        } catch (TooMany e) {
            return new Expansion(List.of(), e.getMessage());
        }
    }

    private List<String> expand(String path) throws TooMany {
        List<String> current = new ArrayList<>(List.of(""));
        int from = 1;
        while (from <= path.length()) {
            int slash = path.indexOf('/', from);
            int end = slash < 0 ? path.length() : slash;
            String part = path.substring(from, end);
            from = end + 1;
            if (part.isEmpty()) {
                continue;
            }
            // a component without a wildcard is not globbed at all, whatever the options: bash (nocaseglob, dotglob)
            // only tests that the name exists, so its directory is never listed (a big /tmp above the working
            // directory must not refuse an everyday pattern)
            if (!PathPattern.isPattern(part)) {
                for (int i = 0; i < current.size(); i++) {
                    current.set(i, current.get(i) + "/" + part);
                }
                continue;
            }
            List<String> next = new ArrayList<>();
            for (String dir : current) {
                if (part.equals("**")) {
                    deep(dir, next);
                } else {
                    matching(dir, part, next);
                }
            }
            current = next;
            if (current.isEmpty()) {
                break;
            }
        }
        return current;
    }

    /** The names in {@code dir} the component pattern matches ({@code .} and {@code ..} for a pattern starting with a dot). */
    private void matching(String dir, String part, List<String> out) throws TooMany {
        List<String> names = list(dir);
        PathPattern p = PathPattern.of(part, dotglob);
        if (part.charAt(0) == '.') {
            // older shells, and bash without globskipdots, let .* match the directory and its parent
            for (String dots : new String[] {".", ".."}) {
                if (p.matches(dots)) {
                    add(out, dir + "/" + dots);
                }
            }
        }
        for (String n : names) {
            // the shell's matching; after the line changed the options (dotglob, nocaseglob …) a leading dot and
            // either case too (then brackets match any character: a superset)
            if (ShellPattern.matches(part, n) || dotglob && p.matches(n)) {
                add(out, dir + "/" + n);
            }
        }
    }

    /** {@code dir} and every directory below it (globstar's {@code **}). */
    private void deep(String dir, List<String> out) throws TooMany {
        add(out, dir.isEmpty() ? "/" : dir);
        for (int i = out.size() - 1; i < out.size(); i++) {
            String d = out.get(i);
            for (String n : list(d)) {
                String child = (d.equals("/") ? "" : d) + "/" + n;
                if (isDirectory(child)) {
                    add(out, child);
                }
            }
        }
    }

    private boolean isDirectory(String path) throws TooMany {
        try {
            SiteFiles.Kind k = disk.kind(path);
            return k == SiteFiles.Kind.DIRECTORY || k == SiteFiles.Kind.LINK && disk.realPath(path) != null
                    && disk.kind(disk.realPath(path)) == SiteFiles.Kind.DIRECTORY;
        } catch (SiteFiles.Unreadable e) {
            throw new TooMany(e.getMessage());
        }
    }

    private List<String> list(String dir) throws TooMany {
        if (++listed > MAX_LISTED) {
            throw new TooMany("more than " + MAX_LISTED + " directories to list");
        }
        try {
            List<String> names = disk.list(dir.isEmpty() ? "/" : dir);
            return names == null ? List.of() : names;
        } catch (SiteFiles.Unreadable e) {
            throw new TooMany(e.getMessage());
        }
    }

    private static void add(List<String> out, String path) throws TooMany {
        if (out.size() >= MAX_MATCHES) {
            throw new TooMany("more than " + MAX_MATCHES + " matches");
        }
        out.add(path);
    }
}
