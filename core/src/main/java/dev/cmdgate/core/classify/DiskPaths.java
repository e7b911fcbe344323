package dev.cmdgate.core.classify;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where a written path leads on disk at the moment a launch is decided: the symbolic links of its existing part
 * resolved, a dangling link at its end followed (a redirect writes through one), and whether an existing file
 * there has other names (hard links). A path compared as text alone is defeated by a link an earlier launch
 * made ({@code ln -s STATE lnk}, then {@code cp x lnk/}).
 */
final class DiskPaths {

    /** This machine's disk, read on the caller's thread (the gate's own files are judged so). */
    private static final SiteFiles DISK = new DiskSiteFiles(java.util.Map.of(), null);

    private DiskPaths() {
    }

    /** The path with every link on it resolved ({@link LinkWalk}), or null when it cannot be told (a loop, an I/O error). */
    static String resolved(String absolute) {
        LinkWalk.Reached r = LinkWalk.walk(DISK, absolute);
        return r.unknown() != null ? null : r.path();
    }

    /**
     * The identity (device and inode) of the regular file at the path when it has more than one name, else null:
     * writing it writes every other name of it.
     */
    static Object otherNamesKey(String absolute) {
        try {
            Path p = Path.of(absolute);
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (!a.isRegularFile() || !(Files.getAttribute(p, "unix:nlink") instanceof Integer n) || n < 2) {
                return null;
            }
            return a.fileKey();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The identity of the regular file at the path (links followed), or null. */
    static Object fileKey(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            return a.isRegularFile() ? a.fileKey() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
