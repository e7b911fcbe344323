package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Files.createSymbolicLink(tmp.resolve("proc"), Path.of("/proc"));
        SiteFiles f = files();
        try {
            assertThat(f.read(tmp.resolve("link/a.cfg").toString())).isEqualTo("[core]\n");
            assertThat(f.read(tmp.resolve("missing/a.cfg").toString())).isNull();
            // /proc itself and another process's directory read the same to every process
            assertThat(f.kind(tmp.resolve("proc").toString())).isEqualTo(SiteFiles.Kind.LINK);
            assertThat(f.kind(tmp.resolve("proc/1").toString())).isEqualTo(SiteFiles.Kind.DIRECTORY);
        } catch (SiteFiles.Unreadable e) {
            throw new AssertionError(e);
        }
    }
}
