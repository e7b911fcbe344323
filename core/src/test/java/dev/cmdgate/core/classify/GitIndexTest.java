package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Gitlinks found in git's index in each of its versions and hash lengths; what is not understood is said. */
class GitIndexTest {

    /** An entry: path and mode. */
    record Entry(String path, int mode) {
    }

    /** git's index of this version (2–4) and hash length (20, 32) with the entries and, when given, one extension. */
    static byte[] index(int version, int hash, String extension, Entry... entries) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(out);
        d.writeBytes("DIRC");
        d.writeInt(version);
        d.writeInt(entries.length);
        byte[] previous = new byte[0];
        for (Entry e : entries) {
            byte[] name = e.path().getBytes(StandardCharsets.UTF_8);
            d.write(new byte[24]);
            d.writeInt(e.mode());
            d.write(new byte[12]);
            d.write(new byte[hash]);
            boolean extended = version == 3;
            d.writeShort(Math.min(name.length, 0xfff) | (extended ? 0x4000 : 0));
            if (extended) {
                d.writeShort(0);
            }
            if (version == 4) {
                int common = 0;
                while (common < previous.length && common < name.length && previous[common] == name[common]) {
                    common++;
                }
                d.write(previous.length - common);   // fits one byte in these tests
                d.write(name, common, name.length - common);
                d.write(0);
            } else {
                d.write(name);
                int entry = 40 + hash + 2 + (extended ? 2 : 0) + name.length;
                d.write(new byte[8 - entry % 8]);
            }
            previous = name;
        }
        if (extension != null) {
            d.writeBytes(extension);
            d.writeInt(4);
            d.writeInt(0);
        }
        d.write(new byte[hash]);
        return out.toByteArray();
    }

    private static final Entry FILE = new Entry("README.md", 0100644);
    private static final Entry SUB = new Entry("libs/x", 0160000);
    private static final Entry SUB2 = new Entry("libs/y", 0160000);

    @Test
    void gitlinksAreFoundInEveryVersionAndHash() throws Exception {
        for (int version = 2; version <= 4; version++) {
            for (int hash : new int[] {20, 32}) {
                assertThat(GitIndex.gitlinks(index(version, hash, null, FILE, SUB, SUB2)))
                        .as("version %d, hash %d", version, hash).containsExactly("libs/x", "libs/y");
            }
        }
        assertThat(GitIndex.gitlinks(index(2, 20, "TREE", FILE))).isEmpty();
    }

    @Test
    void whatIsNotUnderstoodIsSaid() throws Exception {
        assertThatThrownBy(() -> GitIndex.gitlinks(index(2, 20, "link", FILE))).hasMessageContaining("split index");
        byte[] ok = index(2, 20, null, FILE, SUB);
        byte[] cut = java.util.Arrays.copyOf(ok, ok.length - 30);
        assertThatThrownBy(() -> GitIndex.gitlinks(cut)).isInstanceOf(IllegalArgumentException.class);
        byte[] v5 = ok.clone();
        v5[7] = 5;
        assertThatThrownBy(() -> GitIndex.gitlinks(v5)).hasMessageContaining("version 5");
        assertThatThrownBy(() -> GitIndex.gitlinks("[core]\n".getBytes(StandardCharsets.UTF_8))).hasMessageContaining("not a git index");
    }
}
