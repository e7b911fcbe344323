package dev.cmdgate.core.classify;

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

    /** Links followed at most, as the kernel's ELOOP limit. */
    private static final int MAX_LINKS = 40;

    private DiskPaths() {
    }

    /** The path with every link on it resolved, or null when it cannot be told (an I/O error, a loop). */
    static String resolved(String absolute) {
        try {
            Path p = Path.of(absolute);
            for (int hops = 0; hops < MAX_LINKS; hops++) {
                Path existing = p;
                while (existing != null && !Files.exists(existing)) {
                    existing = existing.getParent();
                }
                if (existing == null) {
                    return null;
                }
                Path real = existing.toRealPath();
                if (existing.equals(p)) {
                    return real.toString();
                }
                Path rest = existing.relativize(p);
                Path first = real.resolve(rest.getName(0));
                if (!Files.isSymbolicLink(first)) {
                    Path beyond = real.resolve(rest).normalize();
                    if (!hasDotDot(rest)) {
                        return beyond.toString();
                    }
                    p = beyond;   // "missing/../x": the kernel would refuse it; what it names once "missing" exists
                    continue;
                }
                // a dangling link: what is written through it is created where it points
                Path target = first.getParent().resolve(Files.readSymbolicLink(first));
                p = (rest.getNameCount() > 1 ? target.resolve(rest.subpath(1, rest.getNameCount())) : target).normalize();
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean hasDotDot(Path p) {
        for (Path part : p) {
            if (part.toString().equals("..")) {
                return true;
            }
        }
        return false;
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
