package dev.cmdgate.core.classify;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** git index files written for tests, as read-cache.c writes them, or with one field made to disagree. */
final class IndexBytes {

    /** An entry: its path's bytes, its mode, and the name length its flags claim (-1: the true one). */
    record Entry(byte[] name, int mode, int claimed) {
        static Entry of(String path, int mode) {
            return new Entry(path.getBytes(StandardCharsets.UTF_8), mode, -1);
        }
    }

    static final int FILE = 0100644;
    static final int GITLINK = 0160000;

    private final int version;
    private final int hash;
    private final List<Entry> entries = new ArrayList<>();
    private final List<byte[]> extensions = new ArrayList<>();
    private boolean offsetTable;
    private int eoieShift;

    IndexBytes(int version, int hash) {
        this.version = version;
        this.hash = hash;
    }

    IndexBytes add(String path, int mode) {
        entries.add(Entry.of(path, mode));
        return this;
    }

    IndexBytes add(Entry e) {
        entries.add(e);
        return this;
    }

    /** An extension: signature and data. */
    IndexBytes extension(String sig, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(sig.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(int32(data.length));
        out.writeBytes(data);
        extensions.add(out.toByteArray());
        return this;
    }

    /** Adds git's end-of-entries (EOIE) and entry offset table (IEOT, one block per entry); {@code shift} moves EOIE's offset. */
    IndexBytes threaded(int shift) {
        offsetTable = true;
        eoieShift = shift;
        return this;
    }

    byte[] bytes() {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(out);
            d.writeBytes("DIRC");
            d.writeInt(version);
            d.writeInt(entries.size());
            byte[] previous = new byte[0];
            List<Integer> starts = new ArrayList<>();
            for (Entry e : entries) {
                starts.add(out.size());
                byte[] name = e.name();
                d.write(new byte[24]);
                d.writeInt(e.mode());
                d.write(new byte[12]);
                d.write(new byte[hash]);
                boolean extended = version == 3;
                int length = e.claimed() >= 0 ? e.claimed() : Math.min(nulAt(name), 0xfff);
                d.writeShort(length | (extended ? 0x4000 : 0));
                if (extended) {
                    d.writeShort(0);
                }
                if (version == 4) {
                    int common = 0;
                    // each block of the offset table starts afresh, as git writes it
                    if (!offsetTable) {
                        while (common < previous.length && common < name.length && previous[common] == name[common]) {
                            common++;
                        }
                    }
                    d.write(varint(previous.length - common));
                    d.write(name, common, name.length - common);
                    d.write(0);
                } else {
                    d.write(name);
                    int entry = 40 + hash + 2 + (extended ? 2 : 0) + name.length;
                    d.write(new byte[8 - entry % 8]);
                }
                previous = name;
            }
            int entriesEnd = out.size();
            for (byte[] x : extensions) {
                d.write(x);
            }
            if (offsetTable) {
                ByteArrayOutputStream t = new ByteArrayOutputStream();
                t.writeBytes(int32(1));
                for (int s : starts) {
                    t.writeBytes(int32(s));
                    t.writeBytes(int32(1));
                }
                d.write(new IndexBytes(0, 0).extension("IEOT", t.toByteArray()).extensions.get(0));
                byte[] eoie = new byte[4 + hash];
                System.arraycopy(int32(entriesEnd + eoieShift), 0, eoie, 0, 4);
                d.write(new IndexBytes(0, 0).extension("EOIE", eoie).extensions.get(0));
            }
            d.write(new byte[hash]);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes as FixtureFiles keeps a binary file (ISO-8859-1 text). */
    String text() {
        return new String(bytes(), StandardCharsets.ISO_8859_1);
    }

    /** git's varint (varint.c encode_varint): 7 bits a byte, most significant first, each continuing byte less one. */
    private static byte[] varint(long value) {
        byte[] v = new byte[16];
        int pos = v.length - 1;
        v[pos] = (byte) (value & 127);
        while ((value >>>= 7) != 0) {
            v[--pos] = (byte) (128 | (--value & 127));
        }
        return java.util.Arrays.copyOfRange(v, pos, v.length);
    }

    private static int nulAt(byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (name[i] == 0) {
                return i;
            }
        }
        return name.length;
    }

    private static byte[] int32(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
