package dev.cmdgate.agent.audit;

/**
 * One line at a time: the text is built in a {@code StringBuilder} and encoded as UTF-8 into a byte
 * array, both kept from line to line. A line written this way costs no allocation, where
 * {@code line.toString().getBytes(UTF_8)} costs two fresh copies of it on every launch, written to
 * memory a fork has just pushed out of the caches. Not thread-safe: one per writer.
 */
final class LineBuffer {

    // Above these sizes a buffer is dropped after its line, so one huge command line does not pin its size.
    private static final int KEEP_CHARS = 16 * 1024;
    private static final int KEEP_BYTES = 64 * 1024;

    private StringBuilder text = new StringBuilder(1024);
    private byte[] bytes = new byte[4096];
    private int length;

    /** The builder for a new line, empty. */
    StringBuilder start() {
        text.setLength(0);
        return text;
    }

    /** Ends the line built in {@link #start()} with a newline and encodes it. */
    void endLine() {
        encode(text.append('\n'));
    }

    /** Encodes {@code text}, replacing a lone surrogate with {@code ?} as {@link String#getBytes} does. */
    void encode(CharSequence text) {
        int max = text.length() * 3;   // a char is at most 3 bytes; a surrogate pair, two chars, is 4
        if (bytes.length < max) {
            bytes = new byte[max];
        }
        byte[] b = bytes;
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                b[n++] = (byte) c;
            } else if (c < 0x800) {
                b[n++] = (byte) (0xC0 | c >> 6);
                b[n++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                b[n++] = (byte) (0xF0 | cp >> 18);
                b[n++] = (byte) (0x80 | cp >> 12 & 0x3F);
                b[n++] = (byte) (0x80 | cp >> 6 & 0x3F);
                b[n++] = (byte) (0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                b[n++] = '?';
            } else {
                b[n++] = (byte) (0xE0 | c >> 12);
                b[n++] = (byte) (0x80 | c >> 6 & 0x3F);
                b[n++] = (byte) (0x80 | c & 0x3F);
            }
        }
        length = n;
    }

    /** The size of {@code text} in UTF-8, as {@link #encode} writes it. */
    static long utf8Length(CharSequence text) {
        long n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return n;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** Done with the line: lets go of buffers grown for an unusually long one. */
    void release() {
        if (text.capacity() > KEEP_CHARS) {
            text = new StringBuilder(1024);
        }
        if (bytes.length > KEEP_BYTES) {
            bytes = new byte[4096];
        }
        length = 0;
    }
}
