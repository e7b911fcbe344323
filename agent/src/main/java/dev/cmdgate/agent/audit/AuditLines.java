package dev.cmdgate.agent.audit;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Reads an audit file one line at a time, as bytes, with each line's SHA-256 (what the next line's
 * {@code prev_hash} must be): a week of audit lines is never held in memory at once. A line longer than
 * {@link #MAX_LINE_BYTES} — the writer refuses to write one ({@link AuditSink}) — is hashed whole, so that the
 * chain goes on past it, but none of it is kept: no reader looks into a line cmdgate cannot have written, and a
 * hostile file cannot make a reader hold one huge line.
 */
public final class AuditLines implements Closeable {

    /**
     * The longest line cmdgate writes, in bytes without its newline: longer ones are refused by the writer (the
     * launch they record is refused as on any audit write failure) and by every reader. Above any line a launch at
     * Linux's default limits yields (argv and environment up to 2 MiB together, a byte at most six when escaped).
     */
    public static final int MAX_LINE_BYTES = 16 << 20;

    private final InputStream in;
    private final byte[] chunk = new byte[1 << 16];
    private int chunkPos;
    private int chunkEnd;
    private final MessageDigest sha;
    private final AuditChain.Hasher hasher = new AuditChain.Hasher();

    private byte[] line = new byte[8192];
    private int length;
    private long bytes;
    /** Where the current line starts in the file, and where the next one will. */
    private long offset;
    private long nextOffset;
    private boolean whole;
    private int number;
    private String hash;
    private boolean endsWithNewline = true;

    private AuditLines(InputStream in) {
        this.in = in;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    public static AuditLines open(Path file) throws IOException {
        return new AuditLines(Files.newInputStream(file));
    }

    /** Reads the next line; false at the end of the file. */
    public boolean next() throws IOException {
        offset = nextOffset;
        length = 0;
        bytes = 0;
        whole = true;
        boolean any = false;
        while (true) {
            if (chunkPos == chunkEnd) {
                chunkEnd = in.read(chunk);
                chunkPos = 0;
                if (chunkEnd <= 0) {
                    chunkEnd = 0;
                    if (!any) {
                        return false;
                    }
                    endsWithNewline = false;   // the last line has no newline
                    break;
                }
            }
            any = true;
            int start = chunkPos;
            int end = start;
            while (end < chunkEnd && chunk[end] != '\n') {
                end++;
            }
            append(chunk, start, end - start);
            nextOffset += end - start;
            chunkPos = end;
            if (end < chunkEnd) {
                chunkPos++;   // past the newline
                nextOffset++;
                endsWithNewline = true;
                break;
            }
        }
        number++;
        if (whole) {
            hash = hasher.hex(line, 0, length);
        } else {
            hash = hex(sha.digest());
        }
        return true;
    }

    private void append(byte[] b, int off, int len) {
        bytes += len;
        if (whole && length + len <= MAX_LINE_BYTES) {
            if (length + len > line.length) {
                line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, length + len)));
            }
            System.arraycopy(b, off, line, length, len);
            length += len;
            return;
        }
        if (whole) {
            whole = false;   // too long: hashed as it goes, nothing kept
            sha.reset();
            sha.update(line, 0, length);
            length = 0;
        }
        sha.update(b, off, len);
    }

    /** Why a line of {@code size} bytes is refused: longer than cmdgate writes. */
    public static String tooLong(long size) {
        return "a line of " + size + " bytes, longer than the " + MAX_LINE_BYTES + " bytes cmdgate writes at most";
    }

    private static String hex(byte[] d) {
        char[] c = new char[d.length * 2];
        for (int i = 0; i < d.length; i++) {
            c[2 * i] = Character.forDigit(d[i] >> 4 & 0xF, 16);
            c[2 * i + 1] = Character.forDigit(d[i] & 0xF, 16);
        }
        return new String(c);
    }

    /** Where the line starts in the file (a byte offset), to read it again with {@link #at}. */
    public long offset() {
        return offset;
    }

    /** The one line that starts at {@code offset} of {@code file} (read again for a report's detail), or null. */
    public static AuditLines at(Path file, long offset) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            in.skipNBytes(offset);
            AuditLines one = new AuditLines(in);
            one.nextOffset = offset;
            if (one.next()) {
                return one;
            }
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        in.close();
        return null;
    }

    /** The line's number in the file, from 1. */
    public int number() {
        return number;
    }

    /** The SHA-256 of the whole line's bytes (without its newline), lower-case hex. */
    public String hash() {
        return hash;
    }

    /** False when the line is longer than {@link #MAX_LINE_BYTES}: {@link #text()} then holds nothing of it. */
    public boolean whole() {
        return whole;
    }

    /** The line's size in bytes. */
    public long size() {
        return bytes;
    }

    /** The line as text (UTF-8); empty for a line too long to keep. */
    public String text() {
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** After the last line: whether it ended with a newline (else a write was cut short). */
    public boolean endsWithNewline() {
        return endsWithNewline;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
