package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names a decompressor derives from its input ({@code writes unsuffixed}). */
class UnsuffixedNamesTest {

    private static final List<String> GZ = List.of(".gz", "-gz", ".z", ".tgz=.tar");

    @Test
    void anEndingIsTakenOffOrReplaced() {
        assertThat(UnsuffixedNames.of("~/.bashrc.gz", GZ, List.of())).containsExactly("~/.bashrc");
        assertThat(UnsuffixedNames.of("/etc/cron.d/job-gz", GZ, List.of())).containsExactly("/etc/cron.d/job");
        assertThat(UnsuffixedNames.of("dist/app.tgz", GZ, List.of())).containsExactly("dist/app.tar");
    }

    @Test
    void everyEndingThatFitsGivesAName() {
        assertThat(UnsuffixedNames.of("a.z.gz", List.of(".gz", ".z.gz"), List.of())).containsExactly("a.z", "a");
    }

    @Test
    void anOptionsValueIsAnEndingToo() {
        assertThat(UnsuffixedNames.of("~/.profile.bak", GZ, List.of(".bak"))).containsExactly("~/.profile");
    }

    @Test
    void noEndingOrOnlyAnEndingGivesNone() {
        assertThat(UnsuffixedNames.of("notes.txt", GZ, List.of())).isEmpty();
        assertThat(UnsuffixedNames.of("dir/.gz", GZ, List.of())).isEmpty();
    }
}
