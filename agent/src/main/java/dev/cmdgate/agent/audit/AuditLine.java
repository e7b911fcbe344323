package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.AuditFields;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The lines of an audit file, for the code that writes them and the code that reads them (the {@code report}
 * and {@code verify} commands); their fields are named in {@link AuditFields}, and docs/audit.md describes each.
 * An audit file holds one JSON object per line, of three kinds:
 * <ul>
 *   <li>a decision: one launch decided, written by {@code core.decision.Decision.appendAuditLine};</li>
 *   <li>a pre-check: a decision line with {@link AuditFields#PRECHECK}, an application's {@code Cmdgate.check} answered
 *       with a refusal, nothing launched;</li>
 *   <li>an event ({@link AuditFields#EVENT}): something that happened to an earlier decision, to the policy or to the
 *       file itself, one of the {@link AuditEvent}s.</li>
 * </ul>
 * {@link AuditSink} ends every line with {@link AuditFields#JVM}, {@link AuditFields#PARENT_DECISION_ID} in a JVM a gated JVM
 * launched, and {@link AuditFields#PREV_HASH}, the hash chain ({@link AuditChain}).
 *
 * <p>A line is the bytes before a {@code '\n'} (a last line without one counts, and the chain check says it was
 * cut short). It holds no other control character and no other line separator (NEL, U+2028, U+2029) — the
 * writer escapes them all, as JSON strings, and refuses a line holding one — so a reader meeting a raw one (a
 * {@code '\r'} most of all, which other line readers take for a line end) has a line cmdgate did not write.
 * Readers split with {@link #split} and never with a reader of their own: a signature line hidden between two
 * {@code '\r'} in the middle of one line must not be a line to one check and part of another line to the next.
 */
public final class AuditLine {

    /** What kind of line a parsed audit line is. */
    public enum Kind {
        DECISION, PRECHECK, EVENT
    }

    private AuditLine() {
    }

    /** The kind of a parsed line: an event, a pre-check, or else a decision. */
    public static Kind kind(Map<String, Object> line) {
        if (line.containsKey(AuditFields.EVENT)) {
            return Kind.EVENT;
        }
        return line.containsKey(AuditFields.PRECHECK) ? Kind.PRECHECK : Kind.DECISION;
    }

    /** The lines of a file's bytes, without their newlines. */
    public static List<byte[]> split(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                out.add(Arrays.copyOfRange(all, start, i));
                start = i + 1;
            }
        }
        if (start < all.length) {
            out.add(Arrays.copyOfRange(all, start, all.length));
        }
        return out;
    }

    /** The lines of a file, as UTF-8 text. */
    public static List<String> read(Path file) throws IOException {
        return text(split(Files.readAllBytes(file)));
    }

    /** The lines of a stream (read to its end), as UTF-8 text. */
    public static List<String> read(InputStream in) throws IOException {
        return text(split(in.readAllBytes()));
    }

    private static List<String> text(List<byte[]> lines) {
        List<String> out = new ArrayList<>(lines.size());
        for (byte[] l : lines) {
            out.add(new String(l, StandardCharsets.UTF_8));
        }
        return out;
    }

    /** Why cmdgate cannot have written this line (it holds a raw control character), or null. */
    public static String foreign(CharSequence line) {
        int at = controlAt(line);
        return at < 0 ? null : String.format("holds a raw control character or line separator (U+%04X at column %d),"
                + " which cmdgate never writes in a line", (int) line.charAt(at), at + 1);
    }

    /**
     * The index of the first character the writer never writes raw, or -1: a control character below U+0020, or
     * a line separator other readers split at (NEL, U+2028, U+2029; the JSON writer escapes them).
     */
    static int controlAt(CharSequence line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c < 0x20 || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return i;
            }
        }
        return -1;
    }
}
