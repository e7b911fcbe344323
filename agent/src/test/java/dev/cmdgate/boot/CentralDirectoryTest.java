package dev.cmdgate.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CentralDirectoryTest {

    @TempDir
    Path tmp;

    private Path zip(String comment, String... names) throws IOException {
        Path z = tmp.resolve("t.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            for (String n : names) {
                out.putNextEntry(new ZipEntry(n));
                if (!n.endsWith("/")) {
                    ((OutputStream) out).write(n.getBytes());
                }
                out.closeEntry();
            }
            if (comment != null) {
                out.setComment(comment);
            }
        }
        return z;
    }

    @Test
    void findsTheDirectoriesOfClassEntriesAsZipFileDoes() throws IOException {
        Path z = zip("a comment", "META-INF/MANIFEST.MF", "a/", "a/A.class", "a/b/B.class", "a/b/C.class", "c/readme.txt",
                "d/e/E.class", "a/Again.class", "Top.class", "x/notaclass");
        assertThat(CentralDirectory.classDirectories(z)).containsExactlyInAnyOrder("a", "a/b", "d/e").isEqualTo(viaZipFile(z));
    }

    @Test
    void aFileThatIsNotAZipFallsBackAndFails() throws IOException {
        Path bad = Files.writeString(tmp.resolve("bad.zip"), "not a zip");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CentralDirectory.classDirectories(bad))
                .isInstanceOf(IOException.class);
    }

    private static Set<String> viaZipFile(Path z) throws IOException {
        Set<String> dirs = new LinkedHashSet<>();
        try (ZipFile f = new ZipFile(z.toFile())) {
            f.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class") && n.lastIndexOf('/') > 0)
                    .forEach(n -> dirs.add(n.substring(0, n.lastIndexOf('/'))));
        }
        return dirs;
    }
}
