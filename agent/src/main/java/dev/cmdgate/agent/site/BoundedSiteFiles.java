package dev.cmdgate.agent.site;

import dev.cmdgate.core.SiteFiles;
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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One launch's bounded read of its steering files: regular files of at most {@value #MAX_BYTES} bytes in UTF-8,
 * directories of at most {@value #MAX_ENTRIES} entries, all within the launch's time limit. A symbolic link is
 * followed and what it reaches is checked. Anything else that is there — a FIFO, a socket, a device, a file that
 * grows past the size it had when opened, a file that cannot be opened, a read past the time limit — is
 * {@link Unreadable}: the launch is then not Read. Only a path where nothing is reads as absent.
 */
final class BoundedSiteFiles implements SiteFiles {

    static final int MAX_BYTES = 256 * 1024;
    static final int MAX_ENTRIES = 1_000;

    private final SiteReader reader;
    private final long limitNanos;
    /** When the time runs out: set by the first read, so a launch that reads nothing pays nothing. */
    private long deadline;
    private boolean started;

    BoundedSiteFiles(SiteReader reader, long limitNanos) {
        this.reader = reader;
        this.limitNanos = limitNanos;
    }

    @Override
    public String read(String path) throws Unreadable {
        return (String) inTime(new Op(Op.READ, path, MAX_BYTES));
    }

    @SuppressWarnings("unchecked")
    @Override
    public List<String> list(String path) throws Unreadable {
        return (List<String>) inTime(new Op(Op.LIST, path, 0));
    }

    @Override
    public Kind kind(String path) throws Unreadable {
        Object k = inTime(new Op(Op.KIND, path, 0));
        return k == null ? Kind.NONE : (Kind) k;
    }

    @Override
    public String realPath(String path) throws Unreadable {
        return (String) inTime(new Op(Op.REAL, path, 0));
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        return (byte[]) inTime(new Op(Op.BYTES, path, max));
    }

    @Override
    public String variable(String name) {
        return reader.variable(name);
    }

    @Override
    public String home() {
        return reader.home();
    }

    /** Runs one operation on a reading thread, waiting at most until the launch's deadline. */
    private Object inTime(Op op) throws Unreadable {
        long now = System.nanoTime();
        if (!started) {
            started = true;
            deadline = now + limitNanos;
        }
        long left = deadline - now;
        if (left <= 0) {
            throw new Unreadable("reading the files that steer the command took longer than " + SiteReader.LIMIT_MILLIS + " ms");
        }
        Future<Object> f;
        try {
            f = reader.pool().submit(op);
        } catch (RejectedExecutionException e) {
            throw new Unreadable("no reader is free: " + SiteReader.WAITING + " reads of steering files wait behind reads that hang");
        }
        try {
            return f.get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            reader.pool().remove((Runnable) f);   // a read still waiting for a thread gives its place up
            throw new Unreadable(op.path + " could not be read within the time limit");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new Unreadable(op.path + ": interrupted while reading");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw c instanceof Unreadable u ? u : new Unreadable(op.path + " cannot be read: " + c);
        }
    }

    /** One file-system operation, run on a reading thread (a class, not a lambda). */
    private static final class Op implements Callable<Object> {
        static final int READ = 0;
        static final int LIST = 1;
        static final int KIND = 2;
        static final int REAL = 3;
        static final int BYTES = 4;

        final int kind;
        final String path;
        /** READ, BYTES: the most bytes the file may hold. */
        final int max;

        Op(int kind, String path, int max) {
            this.kind = kind;
            this.path = path;
            this.max = max;
        }

        @Override
        public Object call() throws Unreadable {
            Path p;
            try {
                p = Path.of(path);
            } catch (InvalidPathException e) {
                throw new Unreadable(path + " is not a path this system can read");
            }
            try {
                return switch (kind) {
                    case READ -> text(readFile(p));
                    case LIST -> listDir(p);
                    case REAL -> p.toRealPath().toString();
                    case BYTES -> readFile(p);
                    default -> kindOf(p);
                };
            } catch (NoSuchFileException | NotDirectoryException e) {
                return null;   // nothing there: the most common answer
            } catch (IOException e) {
                throw new Unreadable(path + " cannot be read: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : " " + e.getMessage()));
            }
        }

        private static Kind kindOf(Path p) throws IOException {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isSymbolicLink() ? Kind.LINK : a.isDirectory() ? Kind.DIRECTORY : a.isRegularFile() ? Kind.FILE : Kind.OTHER;
        }

        private List<String> listDir(Path p) throws IOException, Unreadable {
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
        }

        private byte[] readFile(Path p) throws IOException, Unreadable {
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
        }

        private String text(byte[] bytes) throws Unreadable {
            try {
                return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw new Unreadable(path + " is not UTF-8 text");
            }
        }
    }
}
