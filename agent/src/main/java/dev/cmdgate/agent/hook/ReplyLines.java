package dev.cmdgate.agent.hook;

import java.nio.charset.StandardCharsets;

/**
 * A reply's standard output and error as one line each that bash's {@code printf %b} turns back into the bytes a
 * JVM of its own would have had the launcher print: every byte outside printable ASCII, and the backslash, as
 * {@code \0NNN}; so a line holds no newline, no NUL and nothing {@code read -r} changes.
 */
final class ReplyLines {

    private ReplyLines() {
    }

    /**
     * Standard output as the launcher prints it after a JVM: what the JVM wrote less its trailing newlines (a command
     * substitution drops them; the launcher adds one back). Null when it holds a NUL (a command substitution drops
     * those too, with a warning): such a reply goes the JVM's way.
     */
    static String stdout(HostReply r) {
        String s = r.stdout();
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '\n') {
            end--;
        }
        s = s.substring(0, end);
        return s.indexOf('\0') >= 0 ? null : encode(s);
    }

    /** Standard error exactly as the JVM writes it ({@link ReplyChannel}: the text and a newline, or nothing). */
    static String stderr(HostReply r) {
        return r.stderr().isEmpty() ? "" : encode(r.stderr() + "\n");
    }

    static String encode(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '\\') {
                b.append((char) c);
            } else {
                b.append("\\0").append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
                        .append((char) ('0' + (c & 7)));
            }
        }
        return b.toString();
    }
}
