package dev.cmdgate.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A site's files read from this machine's disk, bounded in size and kind: regular files of at most
 * {@value #MAX_BYTES} bytes in UTF-8, directories of at most {@value #MAX_ENTRIES} entries. A symbolic link is
 * followed and what it reaches is checked. Anything else that is there — a FIFO, a socket, a device, a file that
 * grows past the size it had when opened, a file that cannot be opened — is {@link Unreadable}. Only a path where
 * nothing is reads as absent. Each call runs on the caller's thread and has no time limit: the agent runs them on
 * reader threads of its own, within each launch's limit.
 */
public final class DiskSiteFiles implements SiteFiles {

    /** The largest file {@link #read} reads. */
    public static final int MAX_BYTES = 256 * 1024;
    /** The most entries {@link #list} lists. */
    public static final int MAX_ENTRIES = 1_000;

    private final Map<String, String> environment;
    private final String home;

    /**
     * @param environment the environment launches inherit
     * @param home        the home directory {@code ~} stands for, or null when unknown
     */
    public DiskSiteFiles(Map<String, String> environment, String home) {
        this.environment = Map.copyOf(environment);
        this.home = home;
    }

    @Override
    public String read(String path) throws Unreadable {
        byte[] bytes = bytes(path, MAX_BYTES);
        if (bytes == null) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Unreadable(path + " is not UTF-8 text");
        }
    }

    @Override
    public List<String> list(String path) throws Unreadable {
        Path p = path(path);
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (!a.isDirectory()) {
                return null;
            }
            List<String> names = new ArrayList<>();
            try (DirectoryStream<Path> d = Files.newDirectoryStream(p)) {
                for (Path e : d) {
                    if (names.size() >= MAX_ENTRIES) {
                        throw new Unreadable(path + " holds more than " + MAX_ENTRIES + " entries");
                    }
                    names.add(e.getFileName().toString());
                }
            }
            return names;
        } catch (NoSuchFileException | NotDirectoryException e) {
            return null;
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    @Override
    public Kind kind(String path) throws Unreadable {
        try {
            BasicFileAttributes a = Files.readAttributes(path(path), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isSymbolicLink() ? Kind.LINK : a.isDirectory() ? Kind.DIRECTORY : a.isRegularFile() ? Kind.FILE : Kind.OTHER;
        } catch (NoSuchFileException | NotDirectoryException e) {
            return Kind.NONE;
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    @Override
    public String realPath(String path) throws Unreadable {
        try {
            return path(path).toRealPath().toString();
        } catch (NoSuchFileException | NotDirectoryException e) {
            return null;
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    @Override
    public String linkTarget(String path) throws Unreadable {
        try {
            Path p = path(path);
            return Files.isSymbolicLink(p) ? Files.readSymbolicLink(p).toString() : null;
        } catch (NoSuchFileException | NotDirectoryException e) {
            return null;
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        Path p = path(path);
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (!a.isRegularFile()) {
                throw new Unreadable(path + " is not a regular file" + (a.isDirectory() ? " (a directory)" : ""));
            }
            if (a.size() > max) {
                throw new Unreadable(path + " is larger than " + max + " bytes");
            }
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                // what was opened may not be what was looked at (a swap in between): a regular file has a size and
                // a position, and gives no more bytes than its size; a FIFO or device fails one of these
                long size = ch.size();
                ch.position(0);
                if (size > max) {
                    throw new Unreadable(path + " is larger than " + max + " bytes");
                }
                ByteBuffer buf = ByteBuffer.allocate((int) size + 1);
                while (buf.hasRemaining()) {
                    if (ch.read(buf) < 0) {
                        break;
                    }
                }
                if (buf.position() > size) {
                    throw new Unreadable(path + " gave more bytes than its size: not a regular file, or it is being written");
                }
                byte[] out = new byte[buf.position()];
                buf.flip();
                buf.get(out);
                return out;
            }
        } catch (NoSuchFileException | NotDirectoryException e) {
            return null;   // nothing there: the most common answer
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    @Override
    public String variable(String name) {
        return environment.get(name);
    }

    @Override
    public String home() {
        return home;
    }

    private static Path path(String path) throws Unreadable {
        try {
            return Path.of(path);
        } catch (InvalidPathException e) {
            throw new Unreadable(path + " is not a path this system can read");
        }
    }

    private static Unreadable unreadable(String path, IOException e) {
        return new Unreadable(path + " cannot be read: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : " " + e.getMessage()));
    }
}
