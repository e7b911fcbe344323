package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.json.IsoInstant;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Appends one JSON line per decision or {@link AuditEvent} (the kinds of line: {@link AuditLine}) with a single
 * {@code write(2)} on a file opened with {@code O_APPEND}, each line ending with {@code "prev_hash"}: the SHA-256 of the line before it in the
 * same file (a hash chain, {@link AuditChain}).
 *
 * <p>Several JVMs may share one local audit file. To chain their lines into one sequence each line is
 * written under an exclusive lock on {@code FILE.lock} (an {@code fcntl} lock, released if the JVM dies):
 * under it the writer checks that the path still names the file it has open (reopening after a delete
 * or an outside rotation), reads the hash of the file's last line unless that line is its own, rotates
 * when the line would take the file past its size limit, and appends. A write that fails part-way
 * (a full disk) is cut back off the file, so the file never holds part of a line.
 *
 * <p>Rotation ({@code audit.rotate.size}, {@code audit.rotate.keep}): under the lock, FILE.{keep-1}…FILE.1
 * move up by one (the oldest is dropped), FILE becomes FILE.1, and the new FILE starts with an
 * {@code audit_rotated} line whose {@code prev_hash} is the hash of FILE.1's last line: the chain goes
 * on across files. The line that caused the rotation follows it; no line is lost or split.
 *
 * <p>Chain signatures ({@code audit.sign.every}): after every N lines it wrote, the sink appends an
 * {@code audit_signature} line, under the same lock, whose signature covers its {@code prev_hash}: the
 * head of the chain ({@link ChainSignature}).
 */
public final class AuditSink implements java.io.Closeable {

    /**
     * The variable a gated JVM sets for each process it launches: the id of the decision that allowed it.
     * A JVM started below that process (directly or through a shell) records it as {@code parent_decision_id}.
     */
    public static final String PARENT_VARIABLE = "CMDGATE_PARENT_DECISION_ID";

    /** Within one JVM, the fcntl lock is per process: sinks of one file take turns on this monitor first. */
    private static final ConcurrentHashMap<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path file;
    private final Path lockFile;
    private final long maxBytes;
    private final int keep;
    private final Object fileMonitor;
    /** Signs the chain every so many lines; null: no signatures. */
    private final ChainSignature.Signer signer;
    /** Lines written since this sink's last signature. */
    private int unsigned;
    private FileChannel out;
    private FileChannel lock;
    private Object openedKey;
    /** The size of the file right after this sink's last line, and that line's hash: no need to read it back. */
    private long lastEnd = -1;
    private String lastHash;
    /** One line at a time: the methods are synchronized. */
    private final LineBuffer line = new LineBuffer();
    private final LineBuffer linkLine = new LineBuffer();
    private final AuditChain.Hasher hasher = new AuditChain.Hasher();
    /**
     * The fields every line ends with: which JVM wrote it, and the decision that started that JVM. Read at
     * the first line when not given: {@code ProcessHandle.current()} must not run while cmdgate starts.
     */
    private String jvmFields;
    /** Lines that could not be written whole (a failed open, write or lock); written under this sink's monitor. */
    private volatile long failedWrites;

    public AuditSink(Path file) {
        this(file, JvmIdentity.current());
    }

    public AuditSink(Path file, JvmIdentity jvm) {
        this(file, jvm, 0, 0);
    }

    /**
     * @param jvm      which JVM writes; null: this one, found at the first line
     * @param maxBytes rotate before a line would take the file past this size; 0: never rotate
     * @param keep     how many rotated files (FILE.1 …) are kept
     */
    public AuditSink(Path file, JvmIdentity jvm, long maxBytes, int keep) {
        this(file, jvm, maxBytes, keep, null);
    }

    /** @param signer signs the chain every so many lines; null: never */
    public AuditSink(Path file, JvmIdentity jvm, long maxBytes, int keep, ChainSignature.Signer signer) {
        this.signer = signer;
        this.file = file;
        this.lockFile = file.resolveSibling(file.getFileName() + ".lock");
        this.jvmFields = jvm == null ? null : jvm.jsonFields();
        this.maxBytes = maxBytes;
        this.keep = Math.max(1, keep);
        this.fileMonitor = IN_PROCESS.computeIfAbsent(file.toAbsolutePath().normalize(), k -> new Object());
    }

    public Path file() {
        return file;
    }

    /** How many lines could not be written so far (for the counters; each such line was reported to its caller). */
    public long failedWrites() {
        return failedWrites;
    }

    /**
     * Runs once what the first line needs besides the file (the JVM's own fields, a timestamp, the hash, the
     * classes of a locked file channel), so the gate's warm-up takes that cost off the first launch. Writes
     * nothing and does not open the audit file.
     */
    public synchronized void warmUp() {
        jvmFields();
        byte[] stamp = IsoInstant.format(Instant.now()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        hasher.hex(stamp, 0, stamp.length);
        // The file channel and file lock a line takes are some thirty JDK classes the first line would load
        // (about 5 ms): loaded here on a file every JDK has, read-only, under a shared lock released at once.
        try (FileChannel c = FileChannel.open(Path.of(System.getProperty("java.home"), "release"), StandardOpenOption.READ)) {
            c.lock(0, Long.MAX_VALUE, true).release();
        } catch (IOException | RuntimeException e) {
            // only a head start: the first line loads them itself
        }
    }

    /** @throws IOException when the line could not be written whole; the caller decides what that means */
    public synchronized void record(Decision decision) throws IOException {
        StringBuilder b = line.start();
        decision.appendAuditLine(b);
        writeLine(b);
    }

    /** @throws IOException when the line could not be written whole; the caller decides what that means */
    public synchronized void write(AuditEvent event) throws IOException {
        StringBuilder b = line.start();
        AuditEvent.appendTo(event, b);
        writeLine(b);
    }

    /**
     * Writes a line rendered elsewhere (a JSON object), with the JVM's fields and the chain added like every
     * line's: for tests and benchmarks. cmdgate's own lines are {@link #record}ed decisions and {@link AuditEvent}s.
     */
    public synchronized void write(String jsonLine) throws IOException {
        StringBuilder b = line.start();
        b.append(jsonLine);
        writeLine(b);
    }

    /** The JVM's own fields every line carries, read once. */
    private String jvmFields() {
        if (jvmFields == null) {
            jvmFields = JvmIdentity.current().jsonFields();
        }
        return jvmFields;
    }

    private void writeLine(StringBuilder b) throws IOException {
        if (b.length() > 0 && b.charAt(b.length() - 1) == '}') {
            b.setLength(b.length() - 1);
            b.append(jvmFields());
        } else {
            throw new IOException("not a JSON object: " + b);
        }
        if (AuditLine.controlAt(b) >= 0) {
            // a line is what ends at '\n' and holds no other control character (AuditLine): never write another kind
            throw new IOException("an audit line " + AuditLine.foreign(b));
        }
        int bodyEnd = b.length();
        try {
            refuseTooLong(b);
            synchronized (fileMonitor) {
                FileLock held = lockChannel().lock();
                try {
                    FileChannel channel = stream();
                    long size = channel.size();
                    String prev;
                    boolean newlineFirst = false;
                    if (size == lastEnd && lastHash != null) {
                        prev = lastHash;   // the last line is this sink's own
                    } else {
                        AuditChain.Tail tail = AuditChain.tail(file, size, hasher);
                        prev = tail.hash();
                        newlineFirst = !tail.endsWithNewline();   // a foreign partial line: never glue ours onto it
                    }
                    if (maxBytes > 0 && size > 0 && size + bodyEnd + AuditChain.PREV_FIELD_CHARS + 1 > maxBytes) {
                        prev = rotate(prev, newlineFirst);
                        newlineFirst = false;
                        channel = out;
                        size = channel.size();
                    }
                    b.setLength(bodyEnd);
                    AuditChain.appendPrev(b, prev);
                    b.append('}');
                    if (newlineFirst) {
                        b.insert(0, '\n');
                    }
                    line.endLine();
                    append(channel, line, size, newlineFirst ? 1 : 0);
                    if (signer != null && ++unsigned >= signer.every()) {
                        appendSignature(channel);
                        unsigned = 0;
                    }
                } finally {
                    held.release();
                }
            }
        } catch (IOException | RuntimeException e) {
            failedWrites++;   // under the monitor: one writer at a time
            if (e instanceof IOException) {
                closeQuietly();
            }
            throw e;
        } finally {
            line.release();
        }
    }

    /** Readers refuse a line longer than {@link AuditLines#MAX_LINE_BYTES} (verify could not check it): never write one. */
    private static void refuseTooLong(CharSequence body) throws IOException {
        if (body.length() <= AuditLines.MAX_LINE_BYTES / 3 - AuditChain.PREV_FIELD_CHARS - 1) {
            return;   // short enough whatever its characters: not counted
        }
        long bytes = LineBuffer.utf8Length(body) + AuditChain.PREV_FIELD_CHARS + 1;
        if (bytes > AuditLines.MAX_LINE_BYTES) {
            throw new IOException("an audit line of " + bytes + " bytes, longer than the " + AuditLines.MAX_LINE_BYTES
                    + " bytes cmdgate writes at most");
        }
    }

    /** Writes the encoded line whole, or cuts what was written back off the file and throws. */
    private void append(FileChannel channel, LineBuffer encoded, long size, int skip) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(encoded.bytes(), 0, encoded.length());
        try {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        } catch (IOException e) {
            if (buf.position() > 0 && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    channel.truncate(size);
                } catch (IOException ignored) {
                    // the write's failure is what is reported
                }
            }
            throw e;
        }
        lastEnd = size + encoded.length();
        lastHash = hasher.hex(encoded.bytes(), skip, encoded.length() - 1 - skip);
    }

    /**
     * Under the lock: FILE.n moves to FILE.n+1 (FILE.keep is dropped), FILE to FILE.1, and a new FILE starts
     * with a line linking it to the last line of FILE.1. Returns the hash of that first line.
     */
    private String rotate(String prevOfOld, boolean oldEndsInPart) throws IOException {
        if (oldEndsInPart) {
            // the old file ends in a foreign partial line: end it, so FILE.1 is whole lines (verify reports that one)
            out.write(ByteBuffer.wrap(new byte[] {'\n'}));
        }
        closeData();
        for (int i = keep - 1; i >= 1; i--) {
            Path from = numbered(i);
            if (Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(from, numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
        appendOwnEvent(stream(), new AuditEvent.Rotated(Instant.now(), AuditEvent.freshId(),
                numbered(1).getFileName().toString()), prevOfOld);
        return lastHash;
    }

    /** Under the lock, right after a line: a line signing the chain up to that line. */
    private void appendSignature(FileChannel channel) throws IOException {
        String head = lastHash;
        appendOwnEvent(channel, new AuditEvent.ChainSigned(Instant.now(), AuditEvent.freshId(), signer.keyId(),
                signer.sign(head)), head);
    }

    /**
     * Under the lock: a line of the sink's own (the rotation link, a chain signature), with the JVM's fields,
     * chained to {@code prev}.
     */
    private void appendOwnEvent(FileChannel channel, AuditEvent event, String prev) throws IOException {
        StringBuilder b = linkLine.start();
        AuditEvent.appendTo(event, b);
        b.setLength(b.length() - 1);   // the object goes on: the JVM's fields and the chain
        b.append(jvmFields());
        AuditChain.appendPrev(b, prev);
        b.append('}');
        linkLine.endLine();
        try {
            append(channel, linkLine, channel.size(), 0);
        } finally {
            linkLine.release();
        }
    }

    private Path numbered(int n) {
        return file.resolveSibling(file.getFileName() + "." + n);
    }

    private FileChannel lockChannel() throws IOException {
        if (lock == null || !lock.isOpen()) {
            try {
                lock = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            } catch (IOException e) {
                // the audit file's own problem (EROFS, a missing directory) is the one to report, naming it
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND).close();
                throw e;
            }
        }
        return lock;
    }

    /**
     * The open channel, reopened when the file was deleted or replaced (an outside rotation) since it was
     * opened: otherwise lines would go on into an unlinked file that nobody can read.
     */
    private FileChannel stream() throws IOException {
        if (out != null && !Objects.equals(fileKey(), openedKey)) {
            closeData();
        }
        if (out == null) {
            out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            openedKey = fileKey();
            lastEnd = -1;
            lastHash = null;
        }
        return out;
    }

    private Object fileKey() {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;   // gone: differs from the key it was opened with
        }
    }

    private void closeData() {
        try {
            if (out != null) {
                out.close();
            }
        } catch (IOException ignored) {
            // nothing more to say: the caller reports the failure that led here, if any
        }
        out = null;
        lastEnd = -1;
        lastHash = null;
    }

    /**
     * Closes the audit file and its lock file. A sink made for one line (a hook call in a long-lived decider) must
     * be closed, or its two descriptors stay open until the garbage collector's cleaner gets to them. A later
     * line reopens them.
     */
    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        closeData();
        try {
            if (lock != null) {
                lock.close();
            }
        } catch (IOException ignored) {
            // as above
        }
        lock = null;
    }
}
