package dev.cmdgate.agent.audit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a line of an audit file is, for the one writer and every reader: the bytes before a {@code '\n'}
 * (a last line without one counts, and the chain check says it was cut short). A line holds no other
 * control character and no other line separator (NEL, U+2028, U+2029) — the writer escapes them all, as JSON
 * strings, and refuses a line holding one — so a reader meeting a raw one (a {@code '\r'} most of all, which
 * other line readers take for a line end) has a line cmdgate did not write. Readers split with {@link #split} and never with a reader of their own: a
 * signature line hidden between two {@code '\r'} in the middle of one line must not be a line to one check
 * and part of another line to the next.
 */
public final class AuditLines {

    private AuditLines() {
    }

    /** The lines of a file's bytes, without their newlines. */
    public static List<byte[]> split(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                out.add(java.util.Arrays.copyOfRange(all, start, i));
                start = i + 1;
            }
        }
        if (start < all.length) {
            out.add(java.util.Arrays.copyOfRange(all, start, all.length));
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
