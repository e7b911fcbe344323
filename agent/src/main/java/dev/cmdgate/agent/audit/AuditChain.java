package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
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
    static final int PREV_FIELD_CHARS = ",\"\":\"\"".length() + AuditFields.PREV_HASH.length() + 64;

    private AuditChain() {
    }

    static void appendPrev(StringBuilder b, String prev) {
        b.append(",\"").append(AuditFields.PREV_HASH).append("\":\"").append(prev).append('"');
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

    /**
     * What {@link #verify} found: how many lines each file holds, every problem, and with a chain key what the
     * signature lines of each file say (empty without one).
     */
    public record Report(List<String> files, List<Problem> problems, List<ChainSignature.Check> signatures) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * Checks the chain of each file and, for consecutive files given oldest first (FILE.2 FILE.1 FILE), the
     * link between them. A file whose first line is the rotation link of a file not given is checked
     * from that line on (the link itself is said). Each file is read once, a line at a time.
     */
    public static Report verify(List<Path> files) throws IOException {
        return verify(files, null);
    }

    /**
     * {@link #verify(List)}, and with {@code chainKey} the {@code audit_signature} lines of each file, checked on
     * the same reading of each line as its chain.
     */
    public static Report verify(List<Path> files, PublicKey chainKey) throws IOException {
        List<Problem> problems = new ArrayList<>();
        List<String> summaries = new ArrayList<>();
        List<FileCheck> checks = new ArrayList<>();
        FileCheck previous = null;
        for (Path file : files) {
            FileCheck check = new FileCheck(file, previous, chainKey);
            try (AuditLines lines = AuditLines.open(file)) {
                while (lines.next()) {
                    check.line(lines);
                }
                check.end(lines.endsWithNewline());
            }
            problems.addAll(check.problems());
            summaries.add(check.summary());
            checks.add(check);
            previous = check;
        }
        return new Report(summaries, problems, chainKey == null ? List.of() : signatures(checks));
    }

    /**
     * Each file's signatures, newest first so that a file's cover can come from the file after it: that file
     * must start with the rotation link to this one's last line (checked) and be covered itself.
     */
    private static List<ChainSignature.Check> signatures(List<FileCheck> checks) {
        ChainSignature.Check[] out = new ChainSignature.Check[checks.size()];
        for (int i = checks.size() - 1; i >= 0; i--) {
            Path coveredBy = null;
            if (i + 1 < checks.size() && checks.get(i + 1).linkedToBefore && out[i + 1].covered()) {
                coveredBy = checks.get(i + 1).file;
            }
            out[i] = checks.get(i).signatures.result(coveredBy);
        }
        return List.of(out);
    }

    /**
     * The chain check of one file, fed its lines in order as they are read ({@link AuditLines}) — by
     * {@link #verify}, and by readers that look at each line for other reasons too (the HTML report): the
     * same verdict, the file read once. A line that points at a line not read yet (moved there, or
     * reordered) is named once the file has been read to its end.
     */
    public static final class FileCheck {
        private final Path file;
        private final String previousLast;
        private final Path previousFile;
        /** The first line of each hash. */
        private final Map<String, Integer> lineOfHash = new HashMap<>();
        /** The problems of single lines (a foreign line's, then its chain's), with their numbers; sorted at the end. */
        private final List<Problem> lineProblems = new ArrayList<>();
        /**
         * The line each launch decision's {@code decision_id} was first seen on, shared with the files checked before
         * this one: an id is fresh per decision, so one seen twice is a decision line copied (with its signed decision).
         */
        private final Map<String, String> decisionIds;
        /** Lines whose prev_hash names no line read before them: what they follow is known at the end. */
        private final List<Object[]> later = new ArrayList<>();
        private List<Problem> problems;
        private String lastHash;
        private int lines;
        private String link = "";
        /** Whether the first line is the rotation link to the last line of the file checked before this one. */
        private boolean linkedToBefore;
        /** The signature lines, with a chain key; null without one. */
        private final ChainSignature.Tally signatures;

        /** @param before the check of the file rotated away just before this one (given just before it), or null */
        public FileCheck(Path file, FileCheck before) {
            this(file, before, null);
        }

        FileCheck(Path file, FileCheck before, PublicKey chainKey) {
            this.file = file;
            this.signatures = chainKey == null ? null : new ChainSignature.Tally(file, chainKey);
            this.previousLast = before == null ? null : before.lastHash;
            this.previousFile = before == null ? null : before.file;
            this.decisionIds = before == null ? new HashMap<>() : before.decisionIds;
        }

        /** The line {@code lines} is at, parsed here (see {@link #line(int, String, Map, String)}). */
        public void line(AuditLines in) {
            String foreign = AuditLine.foreign(in.text());
            if (foreign != null) {   // named, and the chain goes on past it
                lineProblems.add(new Problem(file, in.number(), "the line " + foreign + ": it was not written by cmdgate"));
            }
            Map<String, Object> obj = null;
            String notJson = null;
            if (in.whole()) {
                try {
                    obj = JsonParser.parseObject(in.text());
                } catch (JsonParseException e) {
                    notJson = e.getMessage();
                }
            } else {
                notJson = AuditLines.tooLong(in.size());
            }
            record(in.number(), in.hash(), obj, notJson, foreign == null);   // a foreign line signs nothing
        }

        /**
         * One line, in order.
         *
         * @param hash    the SHA-256 of its bytes
         * @param obj     the line as a JSON object, or null when it is not one
         * @param notJson why it is not one (when {@code obj} is null)
         */
        public void line(int n, String hash, Map<String, Object> obj, String notJson) {
            record(n, hash, obj, notJson, true);
        }

        private void record(int n, String hash, Map<String, Object> obj, String notJson, boolean maySign) {
            lines = n;
            String before = lastHash;
            lastHash = hash;
            boolean first = n == 1;
            check(n, before, obj, notJson, first);
            if (signatures != null) {
                signatures.line(n, maySign ? obj : null, before);
            }
            lineOfHash.putIfAbsent(hash, n);
        }

        private void check(int n, String before, Map<String, Object> obj, String notJson, boolean first) {
            if (obj == null) {
                lineProblems.add(new Problem(file, n, "not a JSON object (" + notJson + ")"));
                return;
            }
            if (AuditLine.kind(obj) == AuditLine.Kind.DECISION && obj.get(AuditFields.DECISION_ID) instanceof String id) {
                String where = file.getFileName() + ":" + n;
                String seen = decisionIds.putIfAbsent(id, where);
                if (seen != null) {
                    lineProblems.add(new Problem(file, n, "decision_id " + id + " is that of line " + seen
                            + " too: a decision line was copied"));
                }
            }
            if (!(obj.get(AuditFields.PREV_HASH) instanceof String prev)) {
                lineProblems.add(new Problem(file, n, "no prev_hash: the line was not written by cmdgate's chained audit"));
                return;
            }
            if (first) {
                boolean rotated = AuditEvent.Rotated.NAME.equals(obj.get(AuditFields.EVENT));
                if (rotated && previousLast != null) {
                    linkedToBefore = prev.equals(previousLast);
                    if (!linkedToBefore) {
                        lineProblems.add(new Problem(file, n, "the rotation link does not match the last line of "
                                + previousFile + ": a line at its end was edited or removed, or the files are not consecutive"));
                    }
                    link = " (linked to " + previousFile.getFileName() + ")";
                } else if (rotated) {
                    link = " (continues " + obj.get(AuditEvent.Rotated.PREVIOUS_FILE) + ", not checked here)";
                } else if (!prev.equals(GENESIS)) {
                    later.add(new Object[] {n, prev});
                }
                return;
            }
            if (prev.equals(before)) {
                return;
            }
            Integer j = lineOfHash.get(prev);
            int i = n - 1;
            if (prev.equals(GENESIS)) {
                lineProblems.add(new Problem(file, n, "line " + n
                        + " starts a new chain in the middle of the file: lines were inserted or files joined"));
            } else if (j != null) {
                lineProblems.add(new Problem(file, n, "line " + n + " follows line " + j + ": "
                        + (i - j == 1 ? "the line between was" : "the lines between were") + " inserted or moved here"));
            } else {
                later.add(new Object[] {n, prev});
            }
        }

        /** After the last line: {@code newline} says whether the file ended with one. */
        public void end(boolean newline) {
            List<Problem> out = new ArrayList<>();
            if (!newline && lines > 0) {
                out.add(new Problem(file, lines, "the last line has no newline: a write was cut short"
                        + " or the end of the file was edited"));
            }
            for (Object[] l : later) {
                int n = (Integer) l[0];
                Integer j = lineOfHash.get((String) l[1]);
                String what;
                if (n == 1) {
                    what = j != null ? "the first line follows line " + j + ": lines were reordered"
                            : "the file does not start a chain: the lines before this one were removed";
                } else if (j == null) {
                    what = "line " + n + " does not follow line " + (n - 1) + ": line " + (n - 1) + " was edited, or lines"
                            + " were removed before line " + n;
                } else {
                    what = "line " + n + " follows line " + j + ", which comes later: lines were reordered";
                }
                lineProblems.add(new Problem(file, n, what));
            }
            lineProblems.sort(java.util.Comparator.comparingInt(Problem::line));
            out.addAll(lineProblems);
            problems = List.copyOf(out);
            later.clear();
        }

        /** What {@link #end} found, in the order of the lines. */
        public List<Problem> problems() {
            return problems;
        }

        /** {@code FILE: N lines}, and its link to the file before it. */
        public String summary() {
            return file + ": " + lines + " lines" + link;
        }

        /** The hash of the file's last line (what the next file's rotation link must carry). */
        public String lastHash() {
            return lastHash;
        }
    }
}
