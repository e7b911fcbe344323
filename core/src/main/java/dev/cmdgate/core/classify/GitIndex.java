package dev.cmdgate.core.classify;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * git's index file (Documentation/gitformat-index.txt), read for one thing: the paths of its gitlinks (mode
 * 160000), the submodules {@code git status} recurses into. Versions 2, 3 and 4, with the object names' length
 * the repository uses (20 bytes for SHA-1, 32 for SHA-256).
 *
 * <p>Read as read-cache.c reads it: an entry's name is as long as its flags say (12 bits; all of them set means
 * "up to the NUL"), and the next entry starts after that many bytes; version 4 names drop the number of bytes
 * their varint says from the end of the previous name. Where the flags' length and the name's NUL disagree, git and
 * a reader stepping by the NUL see different entries: that, a gitlink path git never writes (absolute, with
 * {@code .}, {@code ..} or {@code .git} components, not UTF-8), an entry offset table ({@code IEOT}, which lets
 * git's threads start reading elsewhere) that does not agree with the entries read in order, and anything else
 * not understood are an {@link IllegalArgumentException}: the caller cannot then know every submodule git visits.
 * A split index ({@code link} extension) keeps entries in another file: not understood either.
 */
final class GitIndex {

    private static final int GITLINK = 0160000;
    private static final int TYPE_MASK = 0170000;
    /** The 12 bits of an entry's flags that hold its name's length. */
    private static final int NAME_MASK = 0x0fff;
    private static final int EXTENDED = 0x4000;
    /** The extended flags git knows (intent-to-add, skip-worktree); it refuses an index with any other. */
    private static final int KNOWN_EXTENDED = 0x6000;
    /** The fixed part of an entry: times, device, inode, mode, owner, size (40 bytes), before the object name. */
    private static final int STAT_BYTES = 40;

    private GitIndex() {
    }

    /**
     * The gitlinks' paths, in the index's order.
     *
     * @param hash the length of the repository's object names: 20 (SHA-1) or 32 (SHA-256)
     */
    static List<String> gitlinks(byte[] b, int hash) {
        int end = b.length - hash;
        if (b.length < 12 + hash || b[0] != 'D' || b[1] != 'I' || b[2] != 'R' || b[3] != 'C') {
            throw new IllegalArgumentException("not a git index");
        }
        int version = int32(b, 4);
        if (version < 2 || version > 4) {
            throw new IllegalArgumentException("index version " + version + " is not known");
        }
        long count = int32(b, 8) & 0xffffffffL;
        // the smallest entry takes 44 bytes and the object name: more entries than fit is not an index
        need(count <= (end - 12) / (44 + hash));
        int[] starts = new int[(int) count];
        boolean[] prefixed = new boolean[(int) count];
        int pos = 12;
        List<String> out = new ArrayList<>();
        byte[] previous = new byte[0];
        for (int i = 0; i < count; i++) {
            int start = pos;
            starts[i] = pos;
            need(pos + STAT_BYTES + hash + 2 <= end);
            int mode = int32(b, pos + 24);
            int flags = ((b[pos + STAT_BYTES + hash] & 0xff) << 8) | (b[pos + STAT_BYTES + hash + 1] & 0xff);
            pos += STAT_BYTES + hash + 2;
            if ((flags & EXTENDED) != 0) {
                need(pos + 2 <= end);
                int extended = ((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff);
                if ((extended & ~KNOWN_EXTENDED) != 0) {
                    throw new IllegalArgumentException("an entry has extended flags git does not know");
                }
                pos += 2;
            }
            int length = flags & NAME_MASK;
            byte[] name;
            if (version == 4) {
                // the name drops N bytes from the end of the previous one, then adds its own bytes
                need(pos < end);
                int c = b[pos++] & 0xff;
                long strip = c & 127;
                while ((c & 128) != 0) {
                    need(pos < end && strip < Integer.MAX_VALUE);
                    c = b[pos++] & 0xff;
                    strip = ((strip + 1) << 7) | (c & 127);
                }
                need(strip <= previous.length);
                int keep = previous.length - (int) strip;
                int own = length == NAME_MASK ? nul(b, pos, end) - pos : length - keep;
                need(own >= 0);
                ends(b, pos, own, end);
                name = new byte[keep + own];
                System.arraycopy(previous, 0, name, 0, keep);
                System.arraycopy(b, pos, name, keep, own);
                prefixed[i] = keep > 0;
                pos += own + 1;
            } else {
                int own = length == NAME_MASK ? nul(b, pos, end) - pos : length;
                ends(b, pos, own, end);
                name = new byte[own];
                System.arraycopy(b, pos, name, 0, own);
                // entries are padded with 1 to 8 NULs to a multiple of 8 bytes (read-cache.c ondisk_ce_size)
                pos = start + ((pos - start + own + 8) & ~7);
                need(pos <= end);
            }
            previous = name;
            if ((mode & TYPE_MASK) == GITLINK) {
                out.add(gitlinkPath(name));
            }
        }
        int entriesEnd = pos;
        // extensions as git walks them: a 4-byte signature, a 4-byte size, the data, while 8 bytes are left
        int ieot = -1;
        long at = pos;
        while (at + 8 <= end) {
            int p = (int) at;
            String sig = new String(b, p, 4, StandardCharsets.ISO_8859_1);
            long size = int32(b, p + 4) & 0xffffffffL;
            if (sig.equals("link")) {
                throw new IllegalArgumentException("a split index keeps its entries in another file");
            }
            if ((sig.charAt(0) < 'A' || sig.charAt(0) > 'Z') && !sig.equals("sdir")) {
                throw new IllegalArgumentException("the index has an extension " + printable(sig) + " git must understand");
            }
            if (sig.equals("IEOT") && ieot < 0) {
                // git reads the first one, whatever size it claims
                need(size >= 4 && size <= end - p - 8);
                ieot = p;
            }
            at += 8 + size;
        }
        checkOffsets(b, hash, entriesEnd, ieot, starts, prefixed);
        return out;
    }

    /**
     * git may read the entries on several threads (index.threads, or many entries): it then takes the extensions'
     * start from the end-of-entries extension ({@code EOIE}, at a fixed place before the checksum) and each
     * thread's first entry from the offset table ({@code IEOT}), each block's first name not prefix-compressed.
     * Those must be where the entries read in order are, or the threads see other entries.
     */
    private static void checkOffsets(byte[] b, int hash, int entriesEnd, int ieot, int[] starts, boolean[] prefixed) {
        int eoie = b.length - hash - (12 + hash);
        if (eoie < 12 || b[eoie] != 'E' || b[eoie + 1] != 'O' || b[eoie + 2] != 'I' || b[eoie + 3] != 'E'
                || int32(b, eoie + 4) != 4 + hash) {
            return;   // no end-of-entries extension: git reads the entries in order, as here
        }
        if (int32(b, eoie + 8) != entriesEnd) {
            throw new IllegalArgumentException("the index's end-of-entries offset is not where its entries end");
        }
        if (ieot < 0) {
            return;
        }
        int size = int32(b, ieot + 4);
        if (int32(b, ieot + 8) != 1 || (size - 4) / 8 == 0) {
            return;   // git ignores an offset table it does not understand and reads in order
        }
        int blocks = (size - 4) / 8;
        long entry = 0;
        for (int k = 0; k < blocks; k++) {
            int offset = int32(b, ieot + 12 + 8 * k);
            long n = int32(b, ieot + 16 + 8 * k) & 0xffffffffL;
            if (entry >= starts.length || starts[(int) entry] != offset || prefixed[(int) entry]) {
                throw new IllegalArgumentException("the index's entry offset table does not match its entries");
            }
            entry += n;
        }
        if (entry != starts.length) {
            throw new IllegalArgumentException("the index's entry offset table does not count its entries");
        }
    }

    /**
     * The name's {@code own} bytes at {@code from} hold no NUL and the byte after them is one: git takes the length
     * from the flags, a C string ends at the first NUL; where they disagree, what git names cannot be told.
     */
    private static void ends(byte[] b, int from, int own, int end) {
        need(from + own < end);
        for (int i = from; i < from + own; i++) {
            if (b[i] == 0) {
                throw new IllegalArgumentException("an entry's name ends before the length its flags give");
            }
        }
        if (b[from + own] != 0) {
            throw new IllegalArgumentException("an entry's name runs past the length its flags give");
        }
    }

    /**
     * A gitlink's path, when git could have written it (read-cache.c verify_path, with NTFS's protections git has on
     * by default): relative, no empty, {@code .}, {@code ..} or {@code .git} component, UTF-8. git reads the index
     * without that test and goes where the path leads from the top of the work tree; cmdgate refuses to guess.
     */
    static String gitlinkPath(byte[] name) {
        String path;
        try {
            path = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(name)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a gitlink's path is not UTF-8: where git goes cannot be told");
        }
        int from = 0;
        for (int i = 0; i <= path.length(); i++) {
            if (i == path.length() || path.charAt(i) == '/' || path.charAt(i) == '\\') {
                if (!ordinaryComponent(path.substring(from, i))) {
                    throw new IllegalArgumentException("a gitlink's path git never writes (" + Analysis.clip(path)
                            + "): where git goes cannot be told");
                }
                from = i + 1;
            }
        }
        return path;
    }

    private static boolean ordinaryComponent(String c) {
        if (c.isEmpty() || c.equals(".") || c.equals("..")) {
            return false;
        }
        // NTFS ignores trailing dots and spaces, and knows .git by its short name
        int end = c.length();
        while (end > 0 && (c.charAt(end - 1) == '.' || c.charAt(end - 1) == ' ')) {
            end--;
        }
        String bare = c.substring(0, end).toLowerCase(java.util.Locale.ROOT);
        int colon = bare.indexOf(':');
        if (colon >= 0) {
            bare = bare.substring(0, colon);
        }
        return !bare.equals(".git") && !bare.equals("git~1");
    }

    private static String printable(String sig) {
        StringBuilder s = new StringBuilder(4);
        for (int i = 0; i < sig.length(); i++) {
            char c = sig.charAt(i);
            s.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return s.toString();
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
