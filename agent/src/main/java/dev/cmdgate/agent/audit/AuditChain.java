package dev.cmdgate.agent.audit;

import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The audit file's hash chain. Every line ends with {@code "prev_hash":"HEX"}: the SHA-256, in lower-case
 * hex, of the bytes of the line before it in the same file (without its newline). The first line of a
 * file that starts a chain carries {@link #GENESIS}; the first line of a file begun by rotation is an
 * {@code audit_rotated} event whose {@code prev_hash} is the hash of the last line of the file rotated
 * away ({@code previous_file}). An edited, removed, inserted or reordered line breaks the chain at the
 * line after it; {@link #verify} finds where.
 */
public final class AuditChain {

    /** The {@code prev_hash} of the first line of a chain. */
    public static final String GENESIS = "0".repeat(64);
    /** Length of {@code ,"prev_hash":"…"}. */
    static final int PREV_FIELD_CHARS = ",\"\":\"\"".length() + AuditLine.PREV_HASH.length() + 64;

    private AuditChain() {
    }

    static void appendPrev(StringBuilder b, String prev) {
        b.append(",\"").append(AuditLine.PREV_HASH).append("\":\"").append(prev).append('"');
    }

    /** SHA-256 as lower-case hex, reusing one digest. Not thread-safe. */
    public static final class Hasher {
        private static final char[] HEX = "0123456789abcdef".toCharArray();
        private final MessageDigest sha;

        public Hasher() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JDK has no SHA-256", e);
            }
        }

        public String hex(byte[] b, int off, int len) {
            sha.reset();
            sha.update(b, off, len);
            byte[] d = sha.digest();
            char[] c = new char[d.length * 2];
            for (int i = 0; i < d.length; i++) {
                c[2 * i] = HEX[d[i] >> 4 & 0xF];
                c[2 * i + 1] = HEX[d[i] & 0xF];
            }
            return new String(c);
        }
    }

    /** The hash of a file's last line and whether the file ends with a newline (else that line is partial). */
    record Tail(String hash, boolean endsWithNewline) {
    }

    /** Reads the last line of the file's first {@code size} bytes; an empty file gives {@link #GENESIS}. */
    static Tail tail(Path file, long size, Hasher hasher) throws IOException {
        if (size <= 0) {
            return new Tail(GENESIS, true);
        }
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long end = size;
            boolean newline = byteAt(in, size - 1) == '\n';
            if (newline) {
                end = size - 1;
            }
            // back from end to the byte after the previous newline
            ByteArrayOutputStream reversedChunks = new ByteArrayOutputStream();
            List<byte[]> chunks = new ArrayList<>();
            long pos = end;
            long start = 0;
            ByteBuffer buf = ByteBuffer.allocate(8192);
            outer:
            while (pos > 0) {
                int n = (int) Math.min(buf.capacity(), pos);
                buf.clear().limit(n);
                long from = pos - n;
                while (buf.hasRemaining()) {
                    if (in.read(buf, from + buf.position()) < 0) {
                        throw new IOException(file + ": changed while read");
                    }
                }
                byte[] a = buf.array();
                for (int i = n - 1; i >= 0; i--) {
                    if (a[i] == '\n') {
                        start = from + i + 1;
                        byte[] c = new byte[n - i - 1];
                        System.arraycopy(a, i + 1, c, 0, c.length);
                        chunks.add(c);
                        break outer;
                    }
                }
                byte[] c = new byte[n];
                System.arraycopy(a, 0, c, 0, n);
                chunks.add(c);
                pos = from;
            }
            for (int i = chunks.size() - 1; i >= 0; i--) {
                reversedChunks.write(chunks.get(i));
            }
            byte[] last = reversedChunks.toByteArray();
            assert last.length == end - start;
            return new Tail(hasher.hex(last, 0, last.length), newline);
        } catch (NoSuchFileException e) {
            return new Tail(GENESIS, true);
        }
    }

    private static int byteAt(FileChannel in, long pos) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        if (in.read(one, pos) != 1) {
            throw new IOException("changed while read");
        }
        return one.get(0);
    }

    /** One break in the chain or one bad line. */
    public record Problem(Path file, int line, String message) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + message;
        }
    }

    /** What {@link #verify} found: how many lines each file holds, and every problem. */
    public record Report(List<String> files, List<Problem> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * Checks the chain of each file and, for consecutive files given oldest first (FILE.2 FILE.1 FILE), the
     * link between them. A file whose first line is the rotation link of a file not given is checked
     * from that line on (the link itself is said).
     */
    public static Report verify(List<Path> files) throws IOException {
        List<Problem> problems = new ArrayList<>();
        List<String> summaries = new ArrayList<>();
        Hasher hasher = new Hasher();
        String previousLast = null;
        Path previousFile = null;
        for (Path file : files) {
            byte[] all = Files.readAllBytes(file);
            List<byte[]> lines = split(all);
            if (all.length > 0 && all[all.length - 1] != '\n') {
                problems.add(new Problem(file, lines.size(), "the last line has no newline: a write was cut short"
                        + " or the end of the file was edited"));
            }
            String[] hashes = new String[lines.size()];
            Map<String, Integer> lineOfHash = new HashMap<>();
            for (int i = 0; i < lines.size(); i++) {
                byte[] l = lines.get(i);
                hashes[i] = hasher.hex(l, 0, l.length);
                lineOfHash.putIfAbsent(hashes[i], i + 1);
            }
            String link = "";
            for (int i = 0; i < lines.size(); i++) {
                int n = i + 1;
                String text = new String(lines.get(i), StandardCharsets.UTF_8);
                Map<String, Object> obj;
                try {
                    obj = JsonParser.parseObject(text);
                } catch (JsonParseException e) {
                    problems.add(new Problem(file, n, "not a JSON object (" + e.getMessage() + ")"));
                    continue;
                }
                if (!(obj.get(AuditLine.PREV_HASH) instanceof String prev)) {
                    problems.add(new Problem(file, n, "no prev_hash: the line was not written by cmdgate's chained audit"));
                    continue;
                }
                if (i == 0) {
                    boolean rotated = AuditEvent.Rotated.NAME.equals(obj.get(AuditLine.EVENT));
                    if (rotated && previousLast != null) {
                        if (!prev.equals(previousLast)) {
                            problems.add(new Problem(file, n, "the rotation link does not match the last line of "
                                    + previousFile + ": a line at its end was edited or removed, or the files are not consecutive"));
                        }
                        link = " (linked to " + previousFile.getFileName() + ")";
                    } else if (rotated) {
                        link = " (continues " + obj.get(AuditEvent.Rotated.PREVIOUS_FILE) + ", not checked here)";
                    } else if (!prev.equals(GENESIS)) {
                        Integer j = lineOfHash.get(prev);
                        problems.add(new Problem(file, n, j != null
                                ? "the first line follows line " + j + ": lines were reordered"
                                : "the file does not start a chain: the lines before this one were removed"));
                    }
                    continue;
                }
                if (prev.equals(hashes[i - 1])) {
                    continue;
                }
                Integer j = lineOfHash.get(prev);
                String what;
                if (prev.equals(GENESIS)) {
                    what = "line " + n + " starts a new chain in the middle of the file: lines were inserted or files joined";
                } else if (j == null) {
                    what = "line " + n + " does not follow line " + i + ": line " + i + " was edited, or lines were"
                            + " removed before line " + n;
                } else if (j < i) {
                    what = "line " + n + " follows line " + j + ": " + (i - j == 1 ? "the line between was" : "the lines between were")
                            + " inserted or moved here";
                } else {
                    what = "line " + n + " follows line " + j + ", which comes later: lines were reordered";
                }
                problems.add(new Problem(file, n, what));
            }
            summaries.add(file + ": " + lines.size() + " lines" + link);
            previousLast = lines.isEmpty() ? null : hashes[lines.size() - 1];
            previousFile = file;
        }
        return new Report(summaries, problems);
    }

    /** The lines of a file, without their newlines (a last line without one counts). */
    static List<byte[]> split(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                byte[] l = new byte[i - start];
                System.arraycopy(all, start, l, 0, l.length);
                out.add(l);
                start = i + 1;
            }
        }
        if (start < all.length) {
            byte[] l = new byte[all.length - start];
            System.arraycopy(all, start, l, 0, l.length);
            out.add(l);
        }
        return out;
    }
}
