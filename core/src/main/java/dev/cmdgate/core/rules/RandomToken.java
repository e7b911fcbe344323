package dev.cmdgate.core.rules;

/**
 * Whether a value looks like a generated credential whatever its variable is called: a session key, an API
 * token, a cloud secret key. Names are endless ({@code BW_SESSION}, {@code HUAWEICLOUD_SDK_SK}); generated secrets
 * share a shape: one unbroken word of a token alphabet (letters, digits, {@code - _ . + / =}), long, with upper-
 * and lower-case letters and digits mixed, and characters spread as randomly drawn ones are. What this leaves
 * alone on purpose: hexadecimal (commit and content hashes, UUIDs: one case of letters), paths and URLs (they hold
 * {@code :} or start with {@code /}), words of a language (their letters repeat), anything with a blank.
 *
 * @param minLength the fewest characters a value must have
 * @param minBits   the least Shannon entropy per character, in bits (random base64 carries about 5 over 40
 *                  characters, English words about 3.5 to 4)
 */
record RandomToken(int minLength, double minBits) {

    /** Read from a {@code secret-random-values MIN_LENGTH MIN_BITS} row. */
    static RandomToken parse(java.util.List<String> words) {
        if (words.size() != 2) {
            throw new IllegalArgumentException("expected: secret-random-values MIN_LENGTH MIN_BITS_PER_CHARACTER");
        }
        try {
            int length = Integer.parseInt(words.get(0));
            double bits = Double.parseDouble(words.get(1));
            if (length < 16 || bits <= 0 || bits > 6) {
                throw new IllegalArgumentException("secret-random-values: a length of at least 16 and 0 < bits <= 6");
            }
            return new RandomToken(length, bits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("secret-random-values: '" + words + "' are not two numbers");
        }
    }

    boolean matches(String value) {
        int n = value.length();
        if (n < minLength || value.charAt(0) == '/') {
            return false;
        }
        boolean upper = false;
        boolean lower = false;
        boolean digit = false;
        int[] counts = new int[128];
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                upper = true;
            } else if (c >= 'a' && c <= 'z') {
                lower = true;
            } else if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c != '-' && c != '_' && c != '.' && c != '+' && c != '/' && c != '=') {
                return false;
            }
            counts[c]++;
        }
        if (!(upper && lower && digit)) {
            return false;
        }
        double bits = 0;
        for (int count : counts) {
            if (count > 0) {
                double p = (double) count / n;
                bits -= p * (Math.log(p) / Math.log(2));
            }
        }
        return bits >= minBits;
    }
}
