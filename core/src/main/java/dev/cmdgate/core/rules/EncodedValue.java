package dev.cmdgate.core.rules;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The text a value spells in an encoding, so that the secret shapes can judge what a program reading it would see: a
 * percent-encoded URL ({@code postgres%3A%2F%2Fadmin%3Apw%40db}) and a base64 word ({@code dXNlcjpTM2NyZXRQdzk=},
 * {@code user:S3cretPw9}). One level only, and base64 only for a whole value within the row's bounds that decodes to
 * printable text: random letters and digits decode to control bytes, so an ordinary value is almost never taken for
 * base64; what is, is read as the text it encodes.
 *
 * @param percent   whether percent-encoding is decoded ({@code secret-decoded percent})
 * @param base64Min the fewest characters of a base64 value (0: base64 is not decoded)
 * @param base64Max the most characters of a base64 value decoded (bounds the work on a large value)
 */
record EncodedValue(boolean percent, int base64Min, int base64Max) {

    static final EncodedValue NONE = new EncodedValue(false, 0, 0);

    /** This with a {@code secret-decoded percent} or {@code secret-decoded base64 MIN MAX} row added. */
    EncodedValue with(java.util.List<String> words) {
        if (words.size() == 1 && words.get(0).equals("percent")) {
            return new EncodedValue(true, base64Min, base64Max);
        }
        if (words.size() == 3 && words.get(0).equals("base64")) {
            try {
                int min = Integer.parseInt(words.get(1));
                int max = Integer.parseInt(words.get(2));
                if (min < 8 || max < min) {
                    throw new IllegalArgumentException("secret-decoded base64: a length of at least 8, a maximum no shorter");
                }
                return new EncodedValue(percent, min, max);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("secret-decoded base64: '" + words + "' are not two numbers");
            }
        }
        throw new IllegalArgumentException("expected: secret-decoded percent | secret-decoded base64 MIN_LENGTH MAX_LENGTH");
    }

    /** {@code value} with its {@code %XX} escapes decoded as UTF-8, or null when it has none. */
    String percentDecoded(String value) {
        if (!percent || value.indexOf('%') < 0) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length());
        boolean any = false;
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int hi = i + 2 < bytes.length && bytes[i] == '%' ? hex(bytes[i + 1]) : -1;
            int lo = hi >= 0 ? hex(bytes[i + 2]) : -1;
            if (lo >= 0) {
                out.write(hi * 16 + lo);
                i += 2;
                any = true;
            } else {
                out.write(bytes[i]);
            }
        }
        return any ? out.toString(StandardCharsets.UTF_8) : null;
    }

    /**
     * The text a whole value encodes in base64 (standard or URL alphabet, padded or not), or null when it is none, is
     * out of bounds, or decodes to anything but printable ASCII, tabs and line ends.
     */
    String base64Decoded(String value) {
        String v = value.strip();
        int n = v.length();
        if (base64Min == 0 || n < base64Min || n > base64Max) {
            return null;
        }
        int pad = 0;
        while (pad < 2 && pad < n && v.charAt(n - 1 - pad) == '=') {
            pad++;
        }
        boolean standard = false;
        boolean url = false;
        for (int i = 0; i < n - pad; i++) {
            char c = v.charAt(i);
            if (c == '+' || c == '/') {
                standard = true;
            } else if (c == '-' || c == '_') {
                url = true;
            } else if (!RandomRun.isAlphanumeric(c)) {
                return null;
            }
        }
        if (standard && url || pad > 0 && n % 4 != 0 || (n - pad) % 4 == 1) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = (url ? java.util.Base64.getUrlDecoder() : java.util.Base64.getDecoder()).decode(v.substring(0, n - pad));
        } catch (IllegalArgumentException e) {
            return null;
        }
        for (byte b : bytes) {
            if ((b < 0x20 || b > 0x7e) && b != '\t' && b != '\n' && b != '\r') {
                return null;
            }
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    private static int hex(byte b) {
        return b >= '0' && b <= '9' ? b - '0' : b >= 'a' && b <= 'f' ? b - 'a' + 10 : b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
    }
}
