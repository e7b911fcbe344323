package dev.cmdgate.core.rules;

/**
 * Whether a value holds a generated key written in groups of equal length ({@code 7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y}, as
 * product and licence keys are printed): each group is shorter than {@link RandomRun}'s run, so the groups are joined
 * and the whole judged by that run's spread of characters. Only one separator ({@code -}, {@code _} or {@code .}) in a
 * word and groups of one length count: UUIDs (8-4-4-4-12), dates, versions, host and branch names have groups of
 * different lengths, MAC and IP addresses groups shorter than {@code minGroup}; hexadecimal groups are judged as
 * hexadecimal (a 64-character run at least), words of letters only not at all.
 *
 * @param minGroups the fewest groups
 * @param minGroup  the fewest characters of one group
 * @param minLength the fewest letters and digits of the groups joined
 */
record GroupedKey(int minGroups, int minGroup, int minLength) {

    /** Read from a {@code secret-grouped-keys GROUPS GROUP_LENGTH LENGTH} row. */
    static GroupedKey parse(java.util.List<String> words) {
        if (words.size() != 3) {
            throw new IllegalArgumentException("expected: secret-grouped-keys GROUPS GROUP_LENGTH LENGTH (or off)");
        }
        try {
            int groups = Integer.parseInt(words.get(0));
            int group = Integer.parseInt(words.get(1));
            int length = Integer.parseInt(words.get(2));
            if (groups < 3 || group < 3 || length < 12) {
                throw new IllegalArgumentException("secret-grouped-keys: at least 3 groups of 3, 12 characters joined");
            }
            return new GroupedKey(groups, group, length);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("secret-grouped-keys: '" + words + "' are not three numbers");
        }
    }

    /** Whether a word of {@code value} (letters, digits and separators between anything else) is such a key. */
    boolean matches(String value, RandomRun spread) {
        int n = value.length();
        int i = 0;
        while (i < n) {
            while (i < n && !isWordChar(value.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && isWordChar(value.charAt(i))) {
                i++;
            }
            int from = start;
            int to = i;
            while (from < to && !RandomRun.isAlphanumeric(value.charAt(from))) {
                from++;   // a word's leading and trailing separators (a key may end a sentence)
            }
            while (to > from && !RandomRun.isAlphanumeric(value.charAt(to - 1))) {
                to--;
            }
            String joined = joinedGroups(value, from, to);
            if (joined != null && spread.random(joined, 0, joined.length())) {
                return true;
            }
        }
        return false;
    }

    /** The groups of {@code [from, to)} joined, when it is {@link #minGroups} or more groups of one length; else null. */
    private String joinedGroups(String value, int from, int to) {
        if (to - from < minLength) {
            return null;
        }
        char separator = 0;
        int length = -1;
        int groups = 0;
        int start = from;
        StringBuilder joined = new StringBuilder(to - from);
        for (int i = from; i <= to; i++) {
            char c = i < to ? value.charAt(i) : 0;
            if (i < to && RandomRun.isAlphanumeric(c)) {
                continue;
            }
            if (i < to && separator != 0 && c != separator) {
                return null;  // two kinds of separator: a name or a path, not one key
            }
            if (i < to) {
                separator = c;
            }
            int group = i - start;
            if (group < minGroup || length >= 0 && group != length) {
                return null;
            }
            length = group;
            groups++;
            joined.append(value, start, i);
            start = i + 1;
        }
        return groups >= minGroups && joined.length() >= minLength ? joined.toString() : null;
    }

    private static boolean isWordChar(char c) {
        return RandomRun.isAlphanumeric(c) || c == '-' || c == '_' || c == '.';
    }
}
