package dev.cmdgate.agent.site;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One launch's bounded read of its steering files: each read is {@link DiskSiteFiles}'s (regular files of at most
 * {@value DiskSiteFiles#MAX_BYTES} bytes in UTF-8, directories of at most {@value DiskSiteFiles#MAX_ENTRIES}
 * entries; a FIFO, a socket, a device, a file that grows past the size it had when opened is {@link Unreadable}),
 * run on a reading thread, and all of them within the launch's time limit: a read past it is {@link Unreadable}
 * too, and the launch is then not Read. Only a path where nothing is reads as absent.
 */
final class BoundedSiteFiles implements SiteFiles {

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
        return (String) inTime(new Op(reader.disk(), Op.READ, path, 0));
    }

    @SuppressWarnings("unchecked")
    @Override
    public List<String> list(String path) throws Unreadable {
        return (List<String>) inTime(new Op(reader.disk(), Op.LIST, path, 0));
    }

    @Override
    public Kind kind(String path) throws Unreadable {
        Object k = inTime(new Op(reader.disk(), Op.KIND, path, 0));
        return k == null ? Kind.NONE : (Kind) k;
    }

    @Override
    public String realPath(String path) throws Unreadable {
        return (String) inTime(new Op(reader.disk(), Op.REAL, path, 0));
    }

    @Override
    public String linkTarget(String path) throws Unreadable {
        return (String) inTime(new Op(reader.disk(), Op.LINK, path, 0));
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        return (byte[]) inTime(new Op(reader.disk(), Op.BYTES, path, max));
    }

    @Override
    public String variable(String name) {
        return reader.disk().variable(name);
    }

    @Override
    public String home() {
        return reader.disk().home();
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
        static final int LINK = 5;

        final SiteFiles disk;
        final int kind;
        final String path;
        /** BYTES: the most bytes the file may hold. */
        final int max;

        Op(SiteFiles disk, int kind, String path, int max) {
            this.disk = disk;
            this.kind = kind;
            this.path = path;
            this.max = max;
        }

        @Override
        public Object call() throws Unreadable {
            return switch (kind) {
                case READ -> disk.read(path);
                case LIST -> disk.list(path);
                case REAL -> disk.realPath(path);
                case BYTES -> disk.bytes(path, max);
                case LINK -> disk.linkTarget(path);
                default -> disk.kind(path);
            };
        }
    }
}
