package dev.cmdgate.agent.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.SiteFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cmdgate's own bounded read of steering files, on real temporary trees. */
class BoundedSiteFilesTest {

    @TempDir
    Path dir;

    private SiteFiles files() {
        return new SiteReader(Map.of("XDG_CONFIG_HOME", "/x"), dir.toString(), 2_000).forLaunch();
    }

    @Test
    void aSmallRegularFileIsReadAndAMissingOneIsAbsent() throws Exception {
        Files.writeString(dir.resolve("config"), "[core]\n\tpager = less\n");
        SiteFiles f = files();
        assertThat(f.read(dir.resolve("config").toString())).isEqualTo("[core]\n\tpager = less\n");
        assertThat(f.read(dir.resolve("absent").toString())).isNull();
        assertThat(f.read(dir.resolve("absent/below").toString())).isNull();
        assertThat(f.exists(dir.resolve("absent").toString())).isFalse();
        assertThat(f.exists(dir.resolve("config").toString())).isTrue();
        assertThat(f.variable("XDG_CONFIG_HOME")).isEqualTo("/x");
        assertThat(f.home()).isEqualTo(dir.toString());
    }

    @Test
    void aDirectoryIsListedAndIsNoFile() throws Exception {
        Files.createDirectories(dir.resolve("hooks"));
        Files.writeString(dir.resolve("hooks/pre-commit.sample"), "#!/bin/sh\n");
        SiteFiles f = files();
        assertThat(f.list(dir.resolve("hooks").toString())).containsExactly("pre-commit.sample");
        assertThat(f.list(dir.resolve("hooks/pre-commit.sample").toString())).isNull();
        assertThat(f.list(dir.resolve("none").toString())).isNull();
        assertThatThrownBy(() -> f.read(dir.resolve("hooks").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("not a regular file");
    }

    @Test
    void aSymbolicLinkIsFollowedToWhatItReaches() throws Exception {
        Files.writeString(dir.resolve("real"), "x = 1\n");
        Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real"));
        Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        SiteFiles f = files();
        assertThat(f.read(dir.resolve("link").toString())).isEqualTo("x = 1\n");
        assertThat(f.read(dir.resolve("dangling").toString())).isNull();
        Files.createSymbolicLink(dir.resolve("tty"), Path.of("/dev/null"));
        assertThatThrownBy(() -> f.read(dir.resolve("tty").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("not a regular file");
    }

    @Test
    void aFifoIsNeverOpenedAndABigFileIsNotRead() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        SiteFiles f = files();
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> f.read(fifo.toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("not a regular file");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(1_500);
        Files.write(dir.resolve("big"), new byte[BoundedSiteFiles.MAX_BYTES + 1]);
        assertThatThrownBy(() -> f.read(dir.resolve("big").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("larger than");
    }

    @Test
    void textThatIsNotUtf8IsUnreadable() throws Exception {
        Files.write(dir.resolve("bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 'x'});
        SiteFiles f = files();
        assertThatThrownBy(() -> f.read(dir.resolve("bin").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("UTF-8");
        Files.writeString(dir.resolve("ok"), "caf\u00e9", StandardCharsets.UTF_8);
        assertThat(f.read(dir.resolve("ok").toString())).isEqualTo("caf\u00e9");
    }

    @Test
    void pastTheTimeLimitEveryReadIsUnreadable() throws Exception {
        Files.writeString(dir.resolve("config"), "x");
        SiteFiles f = new SiteReader(Map.of(), dir.toString(), 1).forLaunch();
        org.assertj.core.api.Assertions.catchThrowable(() -> f.exists(dir.toString()));   // starts the clock
        Thread.sleep(20);
        assertThatThrownBy(() -> f.read(dir.resolve("config").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("longer than");
        assertThat(new SiteReader(Map.of(), null, 1_000).forLaunch().home()).isNull();
    }
}
