package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the symbolic links inside a directory lead, for a reader that follows them as it reads the tree
 * ({@code grep -R}, {@code cp -rL}, {@code zip -r}): the directory is walked as the reader walks it, into the
 * directories links lead to as well, each real path once. The walk is bounded — at most {@value #MAX_ENTRIES}
 * entries and {@value #MAX_DEPTH} levels — and a tree past the bound, or one the reader cannot list, is one whose
 * links cannot be told ({@link Found#unknown()}), which the caller judges as it judges a link it cannot follow.
 */
final class TreeLinks {

    /** The most entries one walk looks at. */
    static final int MAX_ENTRIES = 5_000;
    /** The deepest level one walk descends to. */
    static final int MAX_DEPTH = 16;

    /**
     * {@code targets}: the real paths the links inside the tree lead to; {@code files}: the entries that are no directory the
     * walk met below a link (the reader opens them too, under names a store may have: {@code .netrc}, {@code id_rsa});
     * {@code unknown}: why the tree's links cannot be told, or null.
     */
    record Found(List<String> targets, List<String> files, String unknown) {
    }

    private record Dir(String path, int depth, boolean belowLink) {
    }

    private TreeLinks() {
    }

    /** The links inside the directory {@code absolute} (its own links on the way already followed); none if no directory. */
    static Found below(SiteFiles disk, String absolute) {
        List<String> targets = new ArrayList<>();
        List<String> files = new ArrayList<>();
        try {
            String root = disk.realPath(absolute);
            if (root == null || disk.kind(root) != SiteFiles.Kind.DIRECTORY) {
                return new Found(List.of(), List.of(), null);
            }
            Set<String> seen = new HashSet<>();
            seen.add(root);
            Deque<Dir> todo = new ArrayDeque<>();
            todo.add(new Dir(root, 0, false));
            int entries = 0;
            while (!todo.isEmpty()) {
                Dir d = todo.poll();
                List<String> names = disk.list(d.path());
                if (names == null) {
                    continue;
                }
                for (String name : names) {
                    if (++entries > MAX_ENTRIES) {
                        return new Found(targets, files, "the tree holds more than " + MAX_ENTRIES + " entries");
                    }
                    String child = d.path().equals("/") ? "/" + name : d.path() + "/" + name;
                    SiteFiles.Kind k = disk.kind(child);
                    String dir = null;
                    boolean link = k == SiteFiles.Kind.LINK;
                    if (link) {
                        LinkWalk.Reached r = LinkWalk.walk(disk, child);
                        if (r.unknown() != null) {
                            return new Found(targets, files, child + ": " + r.unknown());
                        }
                        targets.add(r.path());
                        dir = disk.kind(r.path()) == SiteFiles.Kind.DIRECTORY ? r.path() : null;
                    } else if (k == SiteFiles.Kind.DIRECTORY) {
                        dir = child;
                    } else if (d.belowLink()) {
                        files.add(child);
                    }
                    if (dir != null && seen.add(dir)) {
                        if (d.depth() + 1 > MAX_DEPTH) {
                            return new Found(targets, files, "the tree is deeper than " + MAX_DEPTH + " levels");
                        }
                        todo.add(new Dir(dir, d.depth() + 1, d.belowLink() || link));
                    }
                }
            }
        } catch (SiteFiles.Unreadable e) {
            return new Found(targets, files, e.getMessage());
        } catch (RuntimeException e) {
            return new Found(targets, files, "the tree could not be listed: " + e);
        }
        return new Found(targets, files, null);
    }
}
