package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.Decision;
import java.io.IOException;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Appends one JSON line per decision with a single {@code write(2)} on a file opened with
 * {@code O_APPEND}. The kernel positions and writes each such append as one unit, so concurrent
 * launches — and several JVMs sharing one local audit file — never interleave or lose lines
 * (POSIX.1 2.9.7; not so on NFS, see README). A file lock would add two system calls
 * per launch and buy nothing on a local disk.
 */
public final class AuditSink {

    /**
     * The variable a gated JVM sets for each process it launches: the id of the decision that allowed it.
     * A JVM started below that process (directly or through a shell) records it as {@code parent_decision_id}.
     */
    public static final String PARENT_VARIABLE = "CMDGATE_PARENT_DECISION_ID";

    private final Path file;
    private OutputStream out;
    private Object openedKey;
    /** One line at a time: the methods are synchronized. */
    private final LineBuffer line = new LineBuffer();
    /** The fields every line ends with: which JVM wrote it, and the decision that started that JVM. */
    private final String jvmFields;

    public AuditSink(Path file) {
        this(file, JvmIdentity.current());
    }

    public AuditSink(Path file, JvmIdentity jvm) {
        this.file = file;
        this.jvmFields = jvm.jsonFields();
    }

    public Path file() {
        return file;
    }

    /** @throws IOException when the line could not be written whole; the caller decides what that means */
    public synchronized void record(Decision decision) throws IOException {
        StringBuilder b = line.start();
        decision.appendAuditLine(b);
        writeLine(b);
    }

    /** Writes an event line (a JSON object), with the JVM's fields added like every line's. */
    public synchronized void write(String jsonLine) throws IOException {
        StringBuilder b = line.start();
        b.append(jsonLine);
        writeLine(b);
    }

    private void writeLine(StringBuilder b) throws IOException {
        if (b.length() > 0 && b.charAt(b.length() - 1) == '}') {
            b.setLength(b.length() - 1);
            b.append(jvmFields).append('}');
        }
        line.endLine();
        try {
            stream().write(line.bytes(), 0, line.length());
        } catch (IOException e) {
            closeQuietly();
            throw e;
        } finally {
            line.release();
        }
    }

    /**
     * The open stream, reopened when the file was deleted or replaced (log rotation) since it was
     * opened: otherwise lines would go on into an unlinked file that nobody can read.
     */
    private OutputStream stream() throws IOException {
        if (out != null && !Objects.equals(fileKey(), openedKey)) {
            closeQuietly();
        }
        if (out == null) {
            // On the default file system a FileOutputStream is one write(2) per line and nothing more.
            out = file.getFileSystem() == FileSystems.getDefault()
                    ? new FileOutputStream(file.toFile(), true)
                    : Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            openedKey = fileKey();
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

    private void closeQuietly() {
        try {
            if (out != null) {
                out.close();
            }
        } catch (IOException ignored) {
            // the write already failed and is reported by the caller; nothing more to say here
        }
        out = null;
    }
}
