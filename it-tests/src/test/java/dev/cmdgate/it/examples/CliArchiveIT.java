package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script's class-data archive decides what the CLI answers: the JVM checks only the jar's size and
 * time, so an archive dumped from a different jar of the same size and time runs that jar's classes. The test
 * makes such an archive for real — the script dumps it from a jar whose {@code classify} prints {@code UNDER}
 * where the real one prints {@code under} — and checks that the real jar put back at the same size and time does
 * not use it. Then it places it where the script looks, as someone else could have: the script ignores
 * it when the archive is writable by others, belongs to another user or is a link, and when the directory (or
 * the one above it) is writable by others or the directory is another user's; the answer is then the real
 * jar's. Placed as this user's own file in this user's own directory, it is used: that is the case a gated JVM
 * covers by counting the directory among its own files (GateFilesIT), and the limit docs/threat-model.md states.
 */
class CliArchiveIT {

    private static final String[] CLASSIFY = {"classify", "--autonomy", "full", "--", "touch", "cmdgate-cli-archive-test"};

    @TempDir
    Path tmp;

    private Path root;
    private Path jar;
    private Path dir;

    private ExampleRun.Result cli(Jdk jdk) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("cmdgate").toString()));
        cmd.addAll(List.of(CLASSIFY));
        return ExampleRun.exec(cmd, tmp, Map.of("PATH", jdk.home().resolve("bin") + ":/usr/bin:/bin"), 120, null);
    }

    @OnEachJdk
    void an_archive_anyone_but_its_owner_could_have_written_is_not_used(Jdk jdk) throws Exception {
        root = Files.createDirectories(tmp.resolve("checkout"));
        Files.copy(ExampleRun.ROOT.resolve("cmdgate"), root.resolve("cmdgate"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(root.resolve("examples/target/classes"));   // nothing for the script to build
        jar = Files.createDirectories(root.resolve("agent/target")).resolve("cmdgate.jar");
        Files.copy(ExampleRun.AGENT_JAR, jar);
        FileTime time = FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() / 1000 * 1000);
        Files.setLastModifiedTime(jar, time);
        dir = root.resolve("agent/target/cli-archive");

        Path forged = forgedArchive(jdk, time);
        // the same size and time, another jar: the archive of the one before is not this one's
        ExampleRun.Result real = cli(jdk);
        assertThat(real.out()).as(real.describe()).contains(" under autonomy=full").doesNotContain("UNDER");
        Path named;
        try (var files = Files.list(dir)) {
            List<Path> archives = files.toList();
            assertThat(archives).as("the script's own archive, the patched jar's gone").hasSize(1);
            named = archives.get(0);
        }
        assertThat(named.getFileName().toString()).as("named by the jar's size and time")
                .startsWith(Files.size(jar) + "-" + time.to(TimeUnit.SECONDS) + "-");
        boolean root = Integer.valueOf(0).equals(Files.getAttribute(tmp, "unix:uid"));

        // this user's own file in this user's own directory: used (what only the gate's own-files rule prevents)
        Files.copy(forged, named, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(named, PosixFilePermissions.fromString("rw-------"));
        assertThat(cli(jdk).out()).as("a forged archive is used when its owner placed it").contains("UNDER");

        String[] foreign = {"archive writable by others", "archive of another user", "archive through a link",
                "directory writable by others", "directory of another user", "directory above writable by others"};
        for (String how : foreign) {
            if (how.contains("another user") && !root) {
                continue;   // only root can give a file away
            }
            Files.copy(forged, named, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(named, PosixFilePermissions.fromString("rw-------"));
            switch (how) {
                case "archive writable by others" -> Files.setPosixFilePermissions(named, PosixFilePermissions.fromString("rw-rw-rw-"));
                case "archive of another user" -> chown(named, "65534");
                case "archive through a link" -> {
                    Files.delete(named);
                    Files.createSymbolicLink(named, forged);
                }
                case "directory writable by others" -> Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
                case "directory above writable by others" -> Files.setPosixFilePermissions(dir.getParent(),
                        PosixFilePermissions.fromString("rwxrwxrwx"));
                default -> chown(dir, "65534");
            }
            ExampleRun.Result r = cli(jdk);
            assertThat(r.exit()).as(how + "\n" + r.describe()).isEqualTo(real.exit());
            assertThat(r.out()).as(how + "\n" + r.describe()).isEqualTo(real.out());
            // put the directory back as the script makes it
            if (root) {
                chown(dir, "0");
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            Files.setPosixFilePermissions(dir.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.deleteIfExists(named);
        }
    }

    private static void chown(Path p, String uid) throws Exception {
        Files.setAttribute(p, "unix:uid", Integer.parseInt(uid), java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * A real archive of a different jar of the same size and time at the same path: the script dumps it while that
     * jar is in place, then the real jar is put back (with its time), as a rebuild of the same size within the same
     * second would. The script's next call must not take that archive for the real jar's.
     */
    private Path forgedArchive(Jdk jdk, FileTime time) throws Exception {
        Path real = tmp.resolve("real.jar");
        Files.copy(jar, real);
        byte[] patched = sameSize(real, Files.size(real));
        Path out = tmp.resolve("forged.jsa");
        try {
            Files.write(jar, patched);
            Files.setLastModifiedTime(jar, time);
            ExampleRun.Result dump = cli(jdk);
            assertThat(dump.out()).as(dump.describe()).contains("UNDER");
            try (var files = Files.list(dir)) {
                List<Path> archives = files.toList();
                assertThat(archives).as("the archive the script dumped from the patched jar").hasSize(1);
                Files.copy(archives.get(0), out);
            }
        } finally {
            // in place: the same inode, as a build that rewrites the jar keeps it
            Files.write(jar, Files.readAllBytes(real));
            Files.setLastModifiedTime(jar, time);
        }
        return out;
    }

    /** The jar with ClassifyCommand printing "UNDER" for "under", padded by a stored entry to exactly {@code size} bytes. */
    private static byte[] sameSize(Path jar, long size) throws IOException {
        int fill = 0;
        for (int round = 0; round < 3; round++) {
            byte[] b = rewrite(jar, fill);
            if (b.length == size) {
                return b;
            }
            fill += (int) (size - b.length);
            assertThat(fill).as("the patched jar compresses into the real one's size").isNotNegative();
        }
        throw new AssertionError("could not match the jar's size");
    }

    private static byte[] rewrite(Path jar, int fill) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipFile in = new ZipFile(jar.toFile()); ZipOutputStream out = new ZipOutputStream(bytes)) {
            out.setLevel(Deflater.BEST_COMPRESSION);
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                byte[] content;
                try (InputStream s = in.getInputStream(entry)) {
                    content = s.readAllBytes();
                }
                if (entry.getName().equals("dev/cmdgate/agent/cli/ClassifyCommand.class")) {
                    content = replace(content, " under ", " UNDER ");
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(content);
                out.closeEntry();
            }
            ZipEntry filler = new ZipEntry("pad");
            byte[] zeros = new byte[fill];
            CRC32 crc = new CRC32();
            crc.update(zeros);
            filler.setMethod(ZipEntry.STORED);
            filler.setSize(zeros.length);
            filler.setCrc(crc.getValue());
            filler.setTime(0);
            out.putNextEntry(filler);
            out.write(zeros);
            out.closeEntry();
        }
        return bytes.toByteArray();
    }

    private static byte[] replace(byte[] b, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] t = to.getBytes(StandardCharsets.UTF_8);
        int n = 0;
        outer:
        for (int i = 0; i + f.length <= b.length; i++) {
            for (int j = 0; j < f.length; j++) {
                if (b[i + j] != f[j]) {
                    continue outer;
                }
            }
            System.arraycopy(t, 0, b, i, t.length);
            n++;
        }
        assertThat(n).as("the class prints \"" + from + "\"").isPositive();
        return b;
    }
}
