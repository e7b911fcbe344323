package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.nio.file.StandardOpenOption;

/**
 * Appends one JSON line per decision. A line is written with one locked write on a channel opened in
 * append mode, so concurrent launches — and several JVMs sharing one audit file — never interleave
 * or lose lines.
 */
public final class AuditSink {

    private final Path file;
    private FileChannel channel;
    private Object openedKey;

    public AuditSink(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** @throws IOException when the line could not be written whole; the caller decides what that means */
    public synchronized void record(Decision decision) throws IOException {
        write(Json.write(decision.auditJson()));
    }

    public synchronized void write(String jsonLine) throws IOException {
        byte[] bytes = (jsonLine + "\n").getBytes(StandardCharsets.UTF_8);
        FileChannel ch = channel();
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        // An exclusive lock keeps lines whole when several gated JVMs append to the same file.
        try (var lock = ch.lock()) {
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
        } catch (IOException e) {
            closeQuietly();
            throw e;
        }
    }

    /**
     * The open channel, reopened when the file was deleted or replaced (log rotation) since it was
     * opened: otherwise lines would go on into an unlinked file that nobody can read.
     */
    private FileChannel channel() throws IOException {
        if (channel != null && channel.isOpen() && !Objects.equals(fileKey(), openedKey)) {
            closeQuietly();
        }
        if (channel == null || !channel.isOpen()) {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            openedKey = fileKey();
        }
        return channel;
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
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // the write already failed and is reported by the caller; nothing more to say here
        }
        channel = null;
    }
}
