package dev.cmdgate.agent.hook;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The directory the resident decider and its callers meet in: this user's alone — not a symbolic link, owned by the
 * user the JVM runs as, mode 0700 — so that no other user can send it a call, read a call's input or write an answer.
 * The launcher checks the same before it uses the directory.
 */
final class PrivateDir {

    private PrivateDir() {
    }

    /** Whether {@code dir} is this user's private directory. */
    static boolean check(Path dir) {
        try {
            if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Object mode = Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            return mode instanceof Integer m && (m & 0777) == 0700 && owner != null && owner.equals(myUid());
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    /** Makes {@code dir} (mode 0700) if it is missing, then {@link #check}s it. */
    static boolean make(Path dir) {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            // checked below, whoever made it
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
        return check(dir);
    }

    /** The user id this JVM runs as (the owner of its own /proc entry). */
    static Object myUid() throws IOException {
        return Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }
}
