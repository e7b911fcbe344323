package dev.cmdgate.agent.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Whether a file that decides what cmdgate does (its kept policy, a shared secret) could have been written,
 * or read, by someone other than the user the JVM runs as: owned by another user, or writable (readable) by
 * its group or by others. On a file system without POSIX permissions only the owner is compared.
 */
public final class OwnerOnly {

    private OwnerOnly() {
    }

    /** Why another user could have written {@code path} (not following a last symbolic link), or null. */
    public static String writableByOthers(Path path) {
        return problem(path, false);
    }

    /**
     * Why another user could replace {@code dir} by renaming it away (its parent directory is theirs, or writable
     * by others without the sticky bit), or null.
     */
    public static String replaceableByOthers(Path dir) {
        Path parent = dir.toAbsolutePath().getParent();
        if (parent == null) {
            return null;
        }
        try {
            String owner = Files.getOwner(parent).getName();
            String me = System.getProperty("user.name");
            if (!owner.equals("root") && me != null && !owner.equals(me)) {
                return parent + " belongs to " + owner + ", who could replace " + dir;
            }
            if (Files.getAttribute(parent, "unix:mode") instanceof Integer mode && (mode & 0022) != 0 && (mode & 01000) == 0) {
                return parent + " is writable by others without the sticky bit: they could replace " + dir;
            }
            return null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null;   // no POSIX attributes here: only the owner and mode of the directory itself are checked
        }
    }

    /** Why another user could read or write {@code path}, or null. */
    public static String accessibleByOthers(Path path) {
        return problem(path, true);
    }

    private static String problem(Path path, boolean readToo) {
        try {
            if (Files.isSymbolicLink(path)) {
                return path + " is a symbolic link";
            }
            String me = System.getProperty("user.name");
            String owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
            if (me != null && !me.equals(owner)) {
                return path + " belongs to " + owner + ", not to " + me + ", the user this JVM runs as";
            }
            PosixFileAttributes a;
            try {
                a = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (UnsupportedOperationException notPosix) {
                return null;
            }
            Set<PosixFilePermission> p = a.permissions();
            if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
                return path + " is writable by its group or by others (chmod go-w)";
            }
            if (readToo && (p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ))) {
                return path + " is readable by its group or by others (chmod go-rwx)";
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot read the owner and permissions of " + path + " (" + e.getMessage() + ")";
        }
    }
}
