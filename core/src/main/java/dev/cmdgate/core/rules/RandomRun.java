package dev.cmdgate.core.rules;

/**
 * Whether a value is, or holds, a generated credential by a shorter or one-case shape than {@link RandomToken}'s: a
 * run of letters and digits inside one word of a token alphabet ({@code key-3ax6…}, {@code sk-or-v1-0a9b…}, a
 * 30-character key, a 40-character key of capitals and digits). Generated keys scatter their digits among their
 * letters; what this leaves alone on purpose: names and identifiers (digits in at most one place:
 * {@code MyApplication2}), hexadecimal shorter than {@code minHexLength} (commit hashes, systemd's invocation ids,
 * object ids), UUIDs and versions (their runs are short), file paths.
 *
 * @param minLength    the fewest letters and digits in one unbroken run
 * @param minHexLength the fewest characters of a run of one-case hexadecimal (a 256-bit key as hex has 64)
 */
record RandomRun(int minLength, int minHexLength) {

    /** Read from a {@code secret-random-runs MIN_LENGTH MIN_HEX_LENGTH} row. */
    static RandomRun parse(java.util.List<String> words) {
        if (words.size() != 2) {
            throw new IllegalArgumentException("expected: secret-random-runs MIN_LENGTH MIN_HEX_LENGTH (or off)");
        }
        try {
            int length = Integer.parseInt(words.get(0));
            int hex = Integer.parseInt(words.get(1));
            if (length < 16 || hex < length) {
                throw new IllegalArgumentException("secret-random-runs: a length of at least 16, a hex length no shorter");
            }
            return new RandomRun(length, hex);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("secret-random-runs: '" + words + "' are not two numbers");
        }
    }

    /**
     * Whether a word of the value holds such a run. Words are the runs of token characters between blanks, {@code :}
     * and other separators, so a key beside a user name, a host or a scheme ({@code svc:KEY}, {@code admin KEY}) and
     * one in a URL's path ({@code https://hooks.example/services/KEY}) are judged; a file path (a word, or the rest
     * of a word after {@code =}, starting with a single {@code /}) is not: store hashes and temporary names in paths
     * are not keys.
     */
    boolean matches(String value) {
        int n = value.length();
        if (n < minLength) {
            return false;
        }
        int i = 0;
        while (i < n) {
            while (i < n && !isTokenChar(value.charAt(i))) {
                i++;
            }
            int start = i;
            int end = start;
            while (end < n && isTokenChar(value.charAt(end))) {
                end++;
            }
            if (end - start >= minLength && hasRandomRun(value, start, pathStart(value, start, end))) {
                return true;
            }
            i = end;
        }
        return false;
    }

    /** Where a file path begins inside the word {@code [start, end)}: at its start or after a {@code =}; else its end. */
    private static int pathStart(String value, int start, int end) {
        for (int i = start; i < end; i++) {
            if (value.charAt(i) == '/' && (i == start || value.charAt(i - 1) == '=')
                    && (i + 1 >= end || value.charAt(i + 1) != '/')) {
                return i;
            }
        }
        return end;
    }

    private boolean hasRandomRun(String value, int from, int to) {
        int i = from;
        while (i < to) {
            while (i < to && !isAlphanumeric(value.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < to && isAlphanumeric(value.charAt(i))) {
                i++;
            }
            if (i - start >= minLength && random(value, start, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isTokenChar(char c) {
        return isAlphanumeric(c) || "-_.+/=".indexOf(c) >= 0;
    }

    /**
     * Whether the run {@code [from, to)} is spread as drawn characters are: letters and digits, with digits in three
     * places or more, or in two and the kind of character (capital, small letter, digit) changing at one step in four
     * or more — a random key of small letters and digits changes at four steps in ten, of mixed case at six in ten; a
     * name written in camel case has its number in one place.
     */
    boolean random(String value, int from, int to) {
        int length = to - from;
        int digits = 0;
        int digitGroups = 0;
        int changes = 0;
        boolean lowerHex = true;
        boolean upperHex = true;
        int previous = -1;
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            int kind = c >= '0' && c <= '9' ? 0 : c >= 'a' && c <= 'z' ? 1 : 2;
            if (kind == 0) {
                digits++;
                if (previous != 0) {
                    digitGroups++;
                }
            }
            lowerHex &= kind == 0 || c >= 'a' && c <= 'f';
            upperHex &= kind == 0 || c >= 'A' && c <= 'F';
            if (previous >= 0 && kind != previous) {
                changes++;
            }
            previous = kind;
        }
        if (digits == 0 || digits == length) {
            return false;
        }
        if (lowerHex || upperHex) {
            return length >= minHexLength;
        }
        return digitGroups >= 3 || digitGroups == 2 && changes * 4 >= length - 1;
    }

    /** An ASCII letter or digit (a value's other characters separate runs and words). */
    static boolean isAlphanumeric(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }
}
