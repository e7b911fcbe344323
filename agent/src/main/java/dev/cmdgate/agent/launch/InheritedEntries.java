package dev.cmdgate.agent.launch;

import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Map;

/**
 * This JVM's environment variables as the launcher writes them into an environment block
 * ({@code NAME=VALUE} bytes), so that an unchanged inherited variable is recognised in the block without
 * decoding it. Every allowed launch hands its child an explicit environment (the parent decision, the
 * agent for a child JVM), and the check at the native boundary used to decode all of it — a few dozen
 * strings and a map per launch — to find the one or two variables that differ.
 *
 * <p>Only variables whose name and value come back unchanged from the launch charset are entered: for
 * them, "the same bytes" and "decodes to the inherited value" are the same statement, so the shortcut
 * cannot disagree with a full decode.
 */
final class InheritedEntries {

    private final byte[][] slots;
    private final int mask;

    InheritedEntries(Map<String, String> inherited, Charset cs) {
        int size = Integer.highestOneBit(Math.max(4, inherited.size() * 4) - 1) << 1;
        slots = new byte[size][];
        mask = size - 1;
        for (Map.Entry<String, String> e : inherited.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            if (JdkLaunches.asLaunched(name, cs).equals(name) && JdkLaunches.asLaunched(value, cs).equals(value)) {
                byte[] entry = (name + "=" + value).getBytes(cs);
                int i = hash(entry, 0, entry.length) & mask;
                while (slots[i] != null) {
                    i = (i + 1) & mask;
                }
                slots[i] = entry;
            }
        }
    }

    private static final class Holder {
        static final InheritedEntries OWN = new InheritedEntries(OwnEnvironment.get(), JdkLaunches.LAUNCH_CHARSET);
    }

    /** This JVM's own environment, as the JDK encodes it for a child. */
    static InheritedEntries own() {
        return Holder.OWN;
    }

    /** Whether {@code block[from, to)} is exactly one inherited {@code NAME=VALUE} entry. */
    boolean contains(byte[] block, int from, int to) {
        for (int i = hash(block, from, to) & mask; slots[i] != null; i = (i + 1) & mask) {
            byte[] s = slots[i];
            if (Arrays.equals(s, 0, s.length, block, from, to)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A hash of the entry's length and a few bytes at each end, so that finding an entry costs no second pass
     * over its bytes; the slot's bytes are compared in full.
     */
    private static int hash(byte[] b, int from, int to) {
        int n = to - from;
        int h = n;
        for (int i = 0; i < 4 && i < n; i++) {
            h = 31 * h + b[from + i];
            h = 31 * h + b[to - 1 - i];
        }
        return h ^ (h >>> 16);
    }
}
