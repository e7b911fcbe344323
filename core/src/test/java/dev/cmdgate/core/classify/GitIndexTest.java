package dev.cmdgate.core.classify;

import static dev.cmdgate.core.classify.IndexBytes.FILE;
import static dev.cmdgate.core.classify.IndexBytes.GITLINK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Gitlinks found in git's index in each of its versions and hash lengths, read as git reads it; an index git and
 * cmdgate could read differently, or a gitlink path git never writes, is said and not guessed.
 */
class GitIndexTest {

    private static IndexBytes three(int version, int hash) {
        return new IndexBytes(version, hash).add("README.md", FILE).add("libs/x", GITLINK).add("libs/y", GITLINK);
    }

    @Test
    void gitlinksAreFoundInEveryVersionAndHash() {
        for (int version = 2; version <= 4; version++) {
            for (int hash : new int[] {20, 32}) {
                assertThat(GitIndex.gitlinks(three(version, hash).bytes(), hash))
                        .as("version %d, hash %d", version, hash).containsExactly("libs/x", "libs/y");
            }
        }
        assertThat(GitIndex.gitlinks(new IndexBytes(2, 20).add("README.md", FILE).extension("TREE", new byte[4]).bytes(), 20))
                .isEmpty();
    }

    @Test
    void aNameOfFourThousandBytesOrMoreEndsAtItsNul() {
        String deep = "d/".repeat(2100) + "sub";
        for (int version = 2; version <= 4; version++) {
            byte[] b = new IndexBytes(version, 20).add("a", FILE).add(deep, GITLINK).add("z", GITLINK).bytes();
            assertThat(GitIndex.gitlinks(b, 20)).as("version %d", version).containsExactly(deep, "z");
        }
    }

    @Test
    void aNameWhoseFlagsGiveAnotherLengthThanItsNulIsNotGuessed() {
        // git steps by the flags' length: 80 bytes, past the "b" entry cmdgate would read after the NUL
        byte[] hidden = new byte[80];
        hidden[0] = 'a';
        System.arraycopy("bbbb".getBytes(StandardCharsets.US_ASCII), 0, hidden, 8, 4);
        for (int version = 2; version <= 4; version++) {
            int v = version;
            byte[] longer = new IndexBytes(v, 20).add(new IndexBytes.Entry(hidden, FILE, 80)).add("sub", GITLINK).bytes();
            assertThatThrownBy(() -> GitIndex.gitlinks(longer, 20)).as("version %d", v)
                    .hasMessageContaining("ends before the length its flags give");
            byte[] shorter = new IndexBytes(v, 20).add(new IndexBytes.Entry("abc".getBytes(StandardCharsets.US_ASCII), FILE, 2))
                    .add("sub", GITLINK).bytes();
            assertThatThrownBy(() -> GitIndex.gitlinks(shorter, 20)).as("version %d", v)
                    .hasMessageContaining("runs past the length its flags give");
        }
    }

    @Test
    void aGitlinkPathGitNeverWritesIsNotGuessed() {
        for (String path : new String[] {"/tmp/evil", "../evil", "a/../../evil", "./sub", "a//b", "sub/", "a/.git/b",
                "a/.GIT", "a/.git. ", "GIT~1/x", "a\\..\\b"}) {
            byte[] b = new IndexBytes(2, 20).add(path, GITLINK).bytes();
            assertThatThrownBy(() -> GitIndex.gitlinks(b, 20)).as(path).hasMessageContaining("git never writes");
        }
        byte[] latin1 = new IndexBytes(2, 20).add(new IndexBytes.Entry(new byte[] {'s', (byte) 0xe9}, GITLINK, -1)).bytes();
        assertThatThrownBy(() -> GitIndex.gitlinks(latin1, 20)).hasMessageContaining("not UTF-8");
        // the same paths as ordinary files do not matter: git does not go into them
        assertThat(GitIndex.gitlinks(new IndexBytes(2, 20).add("../x", FILE).add(".github/x", GITLINK).add("é/s", GITLINK)
                .bytes(), 20)).containsExactly(".github/x", "é/s");
    }

    @Test
    void anOffsetTableMustAgreeWithTheEntriesReadInOrder() {
        for (int version = 2; version <= 4; version++) {
            IndexBytes agreeing = three(version, 20).threaded(0);
            assertThat(GitIndex.gitlinks(agreeing.bytes(), 20)).as("version %d", version).containsExactly("libs/x", "libs/y");
            int v = version;
            assertThatThrownBy(() -> GitIndex.gitlinks(three(v, 20).threaded(8).bytes(), 20)).as("version %d", v)
                    .hasMessageContaining("end-of-entries offset");
        }
    }

    @Test
    void whatIsNotUnderstoodIsSaid() {
        byte[] split = new IndexBytes(2, 20).add("README.md", FILE).extension("link", new byte[4]).bytes();
        assertThatThrownBy(() -> GitIndex.gitlinks(split, 20)).hasMessageContaining("split index");
        byte[] required = new IndexBytes(2, 20).add("README.md", FILE).extension("abcd", new byte[4]).bytes();
        assertThatThrownBy(() -> GitIndex.gitlinks(required, 20)).hasMessageContaining("git must understand");
        byte[] ok = three(2, 20).bytes();
        byte[] cut = java.util.Arrays.copyOf(ok, ok.length - 30);
        assertThatThrownBy(() -> GitIndex.gitlinks(cut, 20)).isInstanceOf(IllegalArgumentException.class);
        byte[] v5 = ok.clone();
        v5[7] = 5;
        assertThatThrownBy(() -> GitIndex.gitlinks(v5, 20)).hasMessageContaining("version 5");
        byte[] unknownFlag = three(3, 20).bytes();
        unknownFlag[12 + 40 + 20 + 2] = 0x01;   // the first entry's extended flags: a bit git does not know
        assertThatThrownBy(() -> GitIndex.gitlinks(unknownFlag, 20)).hasMessageContaining("extended flags");
        assertThatThrownBy(() -> GitIndex.gitlinks("[core]\n\tbare = false\n\tx = y\n\tz = w\n".getBytes(StandardCharsets.UTF_8), 20))
                .hasMessageContaining("not a git index");
    }
}
