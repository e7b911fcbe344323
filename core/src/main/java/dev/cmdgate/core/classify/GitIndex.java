package dev.cmdgate.core.classify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * git's index file (Documentation/gitformat-index.txt), read for one thing: the paths of its gitlinks (mode
 * 160000), the submodules {@code git status} recurses into. Versions 2, 3 and 4, SHA-1 or SHA-256 object names.
 * Anything this reader does not understand is an {@link IllegalArgumentException}: the caller cannot then know
 * every submodule. A split index ({@code link} extension) keeps entries in another file: not understood either.
 */
final class GitIndex {

    private static final int GITLINK = 0160000;
    private static final int TYPE_MASK = 0170000;

    private GitIndex() {
    }

    /**
     * The gitlinks' paths, in the index's order. The index does not say its hash's length (the repository's
     * {@code extensions.objectFormat} does): an index that reads both ways gives the gitlinks of both, a superset.
     */
    static List<String> gitlinks(byte[] index) {
        IllegalArgumentException first = null;
        List<String> all = null;
        for (int hash : new int[] {20, 32}) {
            try {
                List<String> found = gitlinks(index, hash);
                if (all == null) {
                    all = found;
                } else {
                    for (String f : found) {
                        if (!all.contains(f)) {
                            all.add(f);
                        }
                    }
                }
            } catch (IllegalArgumentException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (all == null) {
            throw first;
        }
        return all;
    }

    private static List<String> gitlinks(byte[] b, int hash) {
        if (b.length < 12 + hash || b[0] != 'D' || b[1] != 'I' || b[2] != 'R' || b[3] != 'C') {
            throw new IllegalArgumentException("not a git index");
        }
        int version = int32(b, 4);
        if (version < 2 || version > 4) {
            throw new IllegalArgumentException("index version " + version + " is not known");
        }
        long count = int32(b, 8) & 0xffffffffL;
        int end = b.length - hash;
        int pos = 12;
        List<String> out = new ArrayList<>();
        byte[] previous = new byte[0];
        for (long i = 0; i < count; i++) {
            int start = pos;
            need(pos + 40 + hash + 2 <= end);
            int mode = int32(b, pos + 24);
            int flags = ((b[pos + 40 + hash] & 0xff) << 8) | (b[pos + 41 + hash] & 0xff);
            pos += 40 + hash + 2;
            if ((flags & 0x4000) != 0) {
                need(version >= 3);
                pos += 2;
            }
            byte[] name;
            if (version == 4) {
                // the name drops N bytes from the end of the previous one, then adds a NUL-terminated suffix
                long strip = 0;
                int c;
                need(pos < end);
                c = b[pos++] & 0xff;
                strip = c & 127;
                while ((c & 128) != 0) {
                    need(pos < end && strip < Integer.MAX_VALUE);
                    c = b[pos++] & 0xff;
                    strip = ((strip + 1) << 7) | (c & 127);
                }
                need(strip <= previous.length);
                int nul = nul(b, pos, end);
                int keep = previous.length - (int) strip;
                name = new byte[keep + nul - pos];
                System.arraycopy(previous, 0, name, 0, keep);
                System.arraycopy(b, pos, name, keep, nul - pos);
                pos = nul + 1;
            } else {
                int nul = nul(b, pos, end);
                name = new byte[nul - pos];
                System.arraycopy(b, pos, name, 0, name.length);
                // entries are padded with 1 to 8 NULs to a multiple of 8 bytes
                pos = start + ((nul - start + 8) & ~7);
                need(pos <= end);
            }
            previous = name;
            if ((mode & TYPE_MASK) == GITLINK) {
                out.add(new String(name, StandardCharsets.UTF_8));
            }
        }
        // extensions: a 4-byte signature, a 4-byte size, the data; then the checksum
        while (pos < end) {
            need(pos + 8 <= end);
            String sig = new String(b, pos, 4, StandardCharsets.ISO_8859_1);
            long size = int32(b, pos + 4) & 0xffffffffL;
            if (sig.equals("link")) {
                throw new IllegalArgumentException("a split index keeps its entries in another file");
            }
            need(size <= end - pos - 8);
            pos += 8 + (int) size;
        }
        need(pos == end);
        return out;
    }

    private static int nul(byte[] b, int from, int end) {
        for (int i = from; i < end; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("an entry's name runs past the end of the index");
    }

    private static void need(boolean ok) {
        if (!ok) {
            throw new IllegalArgumentException("the index is cut short or not in git's format");
        }
    }

    private static int int32(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }
}
