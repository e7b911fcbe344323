package dev.cmdgate.core.rules;

import java.util.Map;

/**
 * A fixed map from strings to values that is asked about a region of a longer text ({@code .ssh} in
 * {@code /home/a/.ssh/id_rsa}) without copying it out: every file a command reads or writes is checked
 * against the credential and sensitive-path globs, and almost none matches, so the common answer must
 * cost neither a substring nor a map node. Open addressing over the keys' {@link String#hashCode}.
 */
final class RegionTable<V> {

    private final String[] keys;
    private final int[] hashes;
    private final Object[] values;
    private final int mask;
    /**
     * Bit n set: some key has signature n ({@link #signature}: its length, first and last character), so that
     * most regions are answered without hashing them.
     */
    private final long[] signatures = new long[4];
    /** The value of the empty key, which has no signature; null when there is none. */
    private final Object emptyValue;
    /** Bit n set: some key's hash has n in its low 6 bits: most other regions are answered without touching the keys. */
    private final long hashBits;

    RegionTable(Map<String, V> entries) {
        int size = Integer.highestOneBit(Math.max(4, entries.size() * 2 + 1)) << 1;
        keys = new String[size];
        hashes = new int[size];
        values = new Object[size];
        mask = size - 1;
        long b = 0;
        Object empty = null;
        for (Map.Entry<String, V> e : entries.entrySet()) {
            int h = e.getKey().hashCode();
            int i = h & mask;
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = e.getKey();
            hashes[i] = h;
            values[i] = e.getValue();
            if (e.getKey().isEmpty()) {
                empty = e.getValue();
            } else {
                int sig = signature(e.getKey(), 0, e.getKey().length());
                signatures[sig >>> 6] |= 1L << sig;
            }
            b |= 1L << h;
        }
        hashBits = b;
        emptyValue = empty;
    }

    boolean isEmpty() {
        return emptyValue == null && (signatures[0] | signatures[1] | signatures[2] | signatures[3]) == 0;
    }

    /** A number in [0, 256) from the region's length and its first and last character. */
    private static int signature(String text, int from, int to) {
        return ((to - from) * 961 + text.charAt(from) * 31 + text.charAt(to - 1)) & 255;
    }

    /** The value of the key equal to {@code text[from, to)}, or null. */
    @SuppressWarnings("unchecked")
    V get(String text, int from, int to) {
        int n = to - from;
        if (n == 0) {
            return (V) emptyValue;
        }
        int sig = signature(text, from, to);
        if ((signatures[sig >>> 6] & 1L << sig) == 0) {
            return null;
        }
        int h = 0;
        for (int k = from; k < to; k++) {
            h = 31 * h + text.charAt(k);
        }
        if ((hashBits & 1L << h) == 0) {
            return null;
        }
        for (int i = h & mask; keys[i] != null; i = (i + 1) & mask) {
            String key = keys[i];
            if (hashes[i] == h && text.regionMatches(from, key, 0, n)) {
                return (V) values[i];
            }
        }
        return null;
    }
}
