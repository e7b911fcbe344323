package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Paths judged where they lead: {@code ..} resolved as text, above the working directory kept as {@code ..}. */
class DotsResolvedTest {

    @ParameterizedTest
    @CsvSource({
        "/tmp/../srv/app/data.csv, /srv/app/data.csv",
        "/dev/shm/../../home, /home",
        "/tmp/.., /",
        "/.., /",
        "/tmp/a/../b, /tmp/b",
        "../other/file.txt, ../other/file.txt",
        "sub/../../x.db, ../x.db",
        "a/b/../c, a/c",
        "sub/.., .",
        "~/../bob/x, /bob/x",
        "~/a/../b, ~/b",
        "of=/tmp/../srv/x, of=/srv/x",
        "of=../x.db, of=../x.db",
        "/srv/app/data.csv, /srv/app/data.csv",
        "x=a/../b, b",
    })
    void resolvesDots(String path, String expected) {
        assertThat(PathText.dotsResolved(path)).isEqualTo(expected);
    }
}
