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
        assertThat(f.kind(dir.resolve("absent").toString())).isEqualTo(SiteFiles.Kind.NONE);
        assertThat(f.kind(dir.resolve("config").toString())).isEqualTo(SiteFiles.Kind.FILE);
        assertThat(f.kind(dir.toString())).isEqualTo(SiteFiles.Kind.DIRECTORY);
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
        assertThat(f.kind(dir.resolve("dangling").toString())).isEqualTo(SiteFiles.Kind.LINK);
        assertThat(f.kind(dir.resolve("link").toString())).isEqualTo(SiteFiles.Kind.LINK);
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
        Files.write(dir.resolve("big"), new byte[dev.cmdgate.core.DiskSiteFiles.MAX_BYTES + 1]);
        assertThatThrownBy(() -> f.read(dir.resolve("big").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("larger than");
    }

    @Test
    void aRealPathTakesDotDotAfterTheLinkAsTheKernelDoes() throws Exception {
        Path deep = Files.createDirectories(dir.resolve("elsewhere/deep/dir"));
        Path proj = Files.createDirectories(dir.resolve("proj"));
        Files.createSymbolicLink(proj.resolve("link"), deep);
        SiteFiles f = files();
        assertThat(f.realPath(proj.resolve("link").toString() + "/..")).isEqualTo(dir.resolve("elsewhere/deep").toRealPath().toString());
        assertThat(f.realPath(proj.resolve("nothing").toString())).isNull();
    }

    @Test
    void bytesAreReadUpToTheirOwnCap() throws Exception {
        Files.write(dir.resolve("index"), new byte[] {'D', 'I', 'R', 'C', (byte) 0xff});
        SiteFiles f = files();
        assertThat(f.bytes(dir.resolve("index").toString(), 5)).containsExactly('D', 'I', 'R', 'C', (byte) 0xff);
        assertThatThrownBy(() -> f.bytes(dir.resolve("index").toString(), 4))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("larger than 4");
        assertThat(f.bytes(dir.resolve("none").toString(), 4)).isNull();
    }

    @Test
    void moreLaunchesReadingAtOnceThanThereAreReadersWaitTheirTurn() throws Exception {
        // every reading thread busy (slow, not hung): a launch reading now used to be refused outright
        Files.writeString(dir.resolve("config"), "x");
        SiteReader reader = new SiteReader(Map.of(), dir.toString(), 5_000);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(SiteReader.THREADS);
        for (int i = 0; i < SiteReader.THREADS; i++) {
            reader.pool().submit(new Busy(busy, release));
        }
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        Thread opener = new Thread(new Release(release));
        opener.start();
        assertThat(reader.forLaunch().read(dir.resolve("config").toString())).isEqualTo("x");
        opener.join();
    }

    /** A read that takes a while: it holds its thread until released. */
    private record Busy(java.util.concurrent.CountDownLatch busy, java.util.concurrent.CountDownLatch release)
            implements java.util.concurrent.Callable<Object> {
        @Override
        public Object call() throws Exception {
            busy.countDown();
            return release.await(10, TimeUnit.SECONDS);
        }
    }

    /** Releases the busy reads after a while. */
    private record Release(java.util.concurrent.CountDownLatch release) implements Runnable {
        @Override
        public void run() {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            release.countDown();
        }
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
        org.assertj.core.api.Assertions.catchThrowable(() -> f.kind(dir.toString()));   // starts the clock
        Thread.sleep(20);
        assertThatThrownBy(() -> f.read(dir.resolve("config").toString()))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("longer than");
        assertThat(new SiteReader(Map.of(), null, 1_000).forLaunch().home()).isNull();
    }

    @Test
    void closingEndsTheReadingThreadsAndALaterReadStillWorks() throws Exception {
        Files.writeString(dir.resolve("config"), "a = 1\n");
        SiteReader reader = new SiteReader(Map.of(), dir.toString(), 2_000);
        assertThat(reader.forLaunch().read(dir.resolve("config").toString())).isEqualTo("a = 1\n");
        java.util.concurrent.ThreadPoolExecutor first = reader.pool();
        assertThat(first.getPoolSize()).isPositive();   // idle, it would live 30 s
        reader.close();
        assertThat(first.awaitTermination(2, TimeUnit.SECONDS)).isTrue();
        assertThat(reader.forLaunch().read(dir.resolve("config").toString())).isEqualTo("a = 1\n");
        assertThat(reader.pool()).isNotSameAs(first);
        reader.close();
        reader.close();   // twice, and on a reader that never read: nothing to do
        new SiteReader(Map.of(), dir.toString(), 2_000).close();
    }
}
