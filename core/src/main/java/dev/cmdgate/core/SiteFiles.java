package dev.cmdgate.core;

import java.util.List;

/**
 * The files at a launch's site that steer what a program runs ({@code .git/config}, {@code ~/.gitconfig} …),
 * as the classifier may ask about them while it judges a launch the rules call Read (docs/rules-format.md,
 * "Files that steer a program"), and the repositories that tell where a command's work tree is. Core asks; the
 * agent answers with its own bounded read ({@link DiskSiteFiles}: size-capped, regular files only; on reader
 * threads with one time limit for the whole launch). Paths are absolute.
 */
public interface SiteFiles {

    /** The text of the regular file at {@code path}; null when nothing is there. */
    String read(String path) throws Unreadable;

    /** The names in the directory at {@code path}; null when no directory is there. */
    List<String> list(String path) throws Unreadable;

    /** What is at {@code path}, a final symbolic link not followed (a link whose target is missing is a link). */
    Kind kind(String path) throws Unreadable;

    /**
     * The path as the kernel resolves it: every symbolic link followed and every {@code ..} taken on disk, after
     * the link before it ({@code link/..} is the link's target's parent); null when nothing is there.
     */
    String realPath(String path) throws Unreadable;

    /** The text of the symbolic link at {@code path} (its target as written), or null when no link is there. */
    String linkTarget(String path) throws Unreadable;

    /**
     * The bytes of the regular file at {@code path}, at most {@code max} of them (a binary file git keeps: its
     * index); null when nothing is there. Larger is {@link Unreadable}.
     */
    byte[] bytes(String path, int max) throws Unreadable;

    /** A variable of the environment the launch inherits (this JVM's), or null. */
    String variable(String name);

    /** The home directory {@code ~} stands for, or null when unknown. */
    String home();

    /** What a path holds. */
    enum Kind {
        NONE, FILE, DIRECTORY, LINK, OTHER
    }

    /**
     * Something is at a path but cannot be read as a small regular file in time: a FIFO, a device, a
     * directory where a file was expected, too large, no permission, past the time limit.
     */
    final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        public Unreadable(String why) {
            super(why, null, false, false);
        }
    }
}
