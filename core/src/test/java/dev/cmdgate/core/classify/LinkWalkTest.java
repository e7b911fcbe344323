package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a path leads through the links on disk, as the kernel follows them. */
class LinkWalkTest {

    @TempDir
    Path tmp;

    private SiteFiles disk;
    private String t;

    @BeforeEach
    void setUp() throws IOException {
        disk = new DiskSiteFiles(Map.of(), null);
        tmp = tmp.toRealPath();
        t = tmp.toString();
        Files.createDirectories(tmp.resolve("a/b"));
        Files.writeString(tmp.resolve("a/f"), "");
        Files.createSymbolicLink(tmp.resolve("l"), tmp.resolve("a/b"));
        Files.createSymbolicLink(tmp.resolve("rel"), Path.of("a"));
        Files.createSymbolicLink(tmp.resolve("dangling"), Path.of("/nonexistent-dir/x"));
        Files.createSymbolicLink(tmp.resolve("x"), Path.of("y"));
        Files.createSymbolicLink(tmp.resolve("y"), Path.of("x"));
    }

    @Test
    void aPathWithoutLinksLeadsWhereItsTextSays() {
        LinkWalk.Reached r = LinkWalk.walk(disk, t + "/a/f");
        assertThat(r).isEqualTo(new LinkWalk.Reached(t + "/a/f", false, null));
        assertThat(LinkWalk.walk(disk, t + "/a/missing/deeper")).isEqualTo(new LinkWalk.Reached(t + "/a/missing/deeper", false, null));
    }

    @Test
    void linksAreFollowedAndDotDotGoesUpFromTheTarget() {
        assertThat(LinkWalk.walk(disk, t + "/l/../f")).isEqualTo(new LinkWalk.Reached(t + "/a/f", true, null));
        assertThat(LinkWalk.walk(disk, t + "/rel/f").path()).isEqualTo(t + "/a/f");
        assertThat(LinkWalk.walk(disk, t + "/rel/new").path()).isEqualTo(t + "/a/new");
        assertThat(LinkWalk.walk(disk, t + "/a/missing/../../l/../f").path()).isEqualTo(t + "/a/f");
    }

    @Test
    void aDanglingLinkLeadsWhereItPoints() {
        assertThat(LinkWalk.walk(disk, t + "/dangling")).isEqualTo(new LinkWalk.Reached("/nonexistent-dir/x", true, null));
        assertThat(LinkWalk.walk(disk, t + "/dangling/y").path()).isEqualTo("/nonexistent-dir/x/y");
    }

    @Test
    void aLoopCannotBeTold() {
        LinkWalk.Reached r = LinkWalk.walk(disk, t + "/x/f");
        assertThat(r.linked()).isTrue();
        assertThat(r.unknown()).contains("loop");
    }

    @Test
    void theGatesOwnFilesAreResolvedByTheSameWalk() {
        assertThat(DiskPaths.resolved(t + "/l/../f")).isEqualTo(t + "/a/f");
        assertThat(DiskPaths.resolved(t + "/x/f")).isNull();
    }
}
