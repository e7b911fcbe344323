package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A steering path that names the process reading it — in its text, or through a symbolic link among its components
 * — cannot be read for the program: /proc/self is cmdgate's own directory to cmdgate and git's to git.
 */
class ReaderNeutralFilesTest {

    @TempDir
    Path tmp;

    private SiteFiles files() {
        return new ReaderNeutralFiles(new DiskSiteFiles(Map.of(), tmp.toString()));
    }

    @Test
    void aLinkLeadingToTheReadingProcessIsNotFollowed() throws IOException {
        Path git = Files.createDirectories(tmp.resolve("R/.git"));
        Files.createSymbolicLink(git.resolve("p"), Path.of("/proc/self"));
        Files.createSymbolicLink(git.resolve("q"), Path.of("/proc"));
        Files.createSymbolicLink(git.resolve("c"), Path.of("/proc/self/cwd"));
        Files.createSymbolicLink(git.resolve("t"), Path.of("/proc/thread-self"));
        Files.createSymbolicLink(git.resolve("f"), Path.of("/dev/fd"));
        Files.createSymbolicLink(git.resolve("i"), Path.of("/dev/stdin"));
        Files.createSymbolicLink(git.resolve("chain"), Path.of("c"));              // a link to a link, relative
        Files.createSymbolicLink(git.resolve("up"), Path.of("../.git/q/./self"));  // relative with dots
        Files.createSymbolicLink(git.resolve("pid"), Path.of("/proc/" + ProcessHandle.current().pid()));
        SiteFiles f = files();
        for (String path : new String[] {"p/cwd/evil.cfg", "q/self/cwd/evil.cfg", "c/evil.cfg", "t/cwd/evil.cfg",
                "f/0", "i", "chain/evil.cfg", "up/cwd/evil.cfg", "pid/cwd/evil.cfg", "p"}) {
            String abs = git.resolve(path).toString();
            assertThatThrownBy(() -> f.read(abs)).as(path).isInstanceOf(SiteFiles.Unreadable.class)
                    .hasMessageContaining("names the process that reads it");
            assertThatThrownBy(() -> f.kind(abs)).as(path).isInstanceOf(SiteFiles.Unreadable.class);
        }
    }

    @Test
    void ordinaryLinksAndOtherProcessesAreRead() throws IOException {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Files.writeString(real.resolve("a.cfg"), "[core]\n");
        Files.createSymbolicLink(tmp.resolve("link"), Path.of("real"));
        Files.createDirectories(tmp.resolve("a/b"));
        Files.createSymbolicLink(tmp.resolve("y"), Path.of("a/b"));
        SiteFiles f = files();
        try {
            assertThat(f.read(tmp.resolve("link/a.cfg").toString())).isEqualTo("[core]\n");
            assertThat(f.read(tmp.resolve("missing/a.cfg").toString())).isNull();
            // dots after an ordinary link: walked link by link, and read
            assertThat(f.read(tmp.resolve("y/../../link/../real/a.cfg").toString())).isEqualTo("[core]\n");
            assertThat(f.read(tmp.resolve("y/../../real/a.cfg").toString())).isEqualTo("[core]\n");
        } catch (SiteFiles.Unreadable e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Anything under /proc may be the reader's own: /proc/N of a pid nobody holds while cmdgate reads is git's own
     * directory once git runs as pid N, and a link to /proc leads there too.
     */
    @Test
    void everyPathUnderProcIsTheReadersOwn() throws IOException {
        Files.createSymbolicLink(tmp.resolve("proc"), Path.of("/proc"));
        SiteFiles f = files();
        long unused = Long.MAX_VALUE / 2;
        for (String path : new String[] {"/proc/" + unused + "/cwd/evil.cfg", "/proc/1/cwd/evil.cfg", "/proc/1",
                "/proc/./" + unused + "/cwd", "/proc", tmp.resolve("proc").toString(), tmp.resolve("proc/1").toString(),
                tmp.resolve("proc/" + unused + "/cwd/evil.cfg").toString()}) {
            assertThatThrownBy(() -> f.read(path)).as(path).isInstanceOf(SiteFiles.Unreadable.class)
                    .hasMessageContaining("names the process that reads it");
        }
    }

    /**
     * A path with {@code ..} is walked link by link even when it ends, for this JVM, where its text does: the link
     * to /proc/self/cwd on the way leads elsewhere for git than for cmdgate.
     */
    @Test
    void aReaderLinkBetweenDotsIsFoundThoughTheEndsAgree() {
        // the disk as this JVM sees it when its cwd is /p: /p/y -> a/b and /p/L -> /proc/self/cwd, so
        // /p/y/../../L/../J/evil.cfg ends at /J/evil.cfg for cmdgate, exactly where its text does; git (cwd /p/g)
        // follows L to /p/g and reads /p/J/evil.cfg
        SiteFiles disk = new SiteFiles() {
            @Override
            public String read(String path) {
                return "[core]\n";
            }

            @Override
            public List<String> list(String path) {
                return List.of();
            }

            @Override
            public Kind kind(String path) {
                return path.equals("/p/y") || path.endsWith("/L") ? Kind.LINK : Kind.DIRECTORY;
            }

            @Override
            public String realPath(String path) {
                return PathText.resolveDots(path);
            }

            @Override
            public String linkTarget(String path) {
                return path.equals("/p/y") ? "a/b" : path.endsWith("/L") ? "/proc/self/cwd" : null;
            }

            @Override
            public byte[] bytes(String path, int max) {
                return new byte[0];
            }

            @Override
            public String variable(String name) {
                return null;
            }

            @Override
            public String home() {
                return "/home";
            }
        };
        SiteFiles f = new ReaderNeutralFiles(disk);
        String path = "/p/y/../../L/../J/evil.cfg";
        assertThatThrownBy(() -> f.read(path)).as(path).isInstanceOf(SiteFiles.Unreadable.class)
                .hasMessageContaining("names the process that reads it");
        try {
            assertThat(f.read("/p/J/evil.cfg")).isEqualTo("[core]\n");
        } catch (SiteFiles.Unreadable e) {
            throw new AssertionError(e);
        }
    }
}
