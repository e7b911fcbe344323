package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text scan for glob options: its quick test of a word's parts must pass over no word the full scan finds. */
class GlobOptionSourcesTest {

    @Test
    void everyMarkerHoldsOneOfTheParts() {
        for (String marker : GlobOptionSources.IN_TEXT) {
            assertThat(Arrays.stream(GlobOptionSources.IN_TEXT_PARTS).anyMatch(marker::contains)).as(marker).isTrue();
        }
    }

    @Test
    void findsEachMarkerAnywhereInAWord() {
        for (String marker : GlobOptionSources.IN_TEXT) {
            assertThat(GlobOptionSources.mentionsOption(marker)).as(marker).isTrue();
            assertThat(GlobOptionSources.mentionsOption("echo x; " + marker + "=1 ls")).as(marker).isTrue();
            assertThat(GlobOptionSources.mentionsOption("x" + marker)).as(marker).isTrue();
        }
    }

    @Test
    void aWordWithAPartButNoMarkerMentionsNone() {
        for (String word : List.of("set -o noglob", "globby", "GLOBAL=1", "echo $BASH_VERSION", "shop", "nocase",
                "ls", "")) {
            assertThat(GlobOptionSources.mentionsOption(word)).as(word).isFalse();
        }
    }

    @Test
    void widensForTheLineOrTheEnvironment() {
        assertThat(GlobOptionSources.widen(List.of("sh", "-c", "shopt -s dotglob; rm -f *"), Map.of())).isTrue();
        assertThat(GlobOptionSources.widen(List.of("bash", "-O", "extglob", "-c", "ls"), Map.of())).isTrue();
        assertThat(GlobOptionSources.widen(List.of("sh", "-c", ". ./env.sh; ls"), Map.of())).isTrue();
        assertThat(GlobOptionSources.widen(List.of("sh", "-c", "ls"), Map.of("BASH_ENV", "x"))).isTrue();
        assertThat(GlobOptionSources.widen(List.of("sh", "-c", "set -o noglob; ls *.txt"), Map.of())).isFalse();
        assertThat(GlobOptionSources.widen(List.of("sh", "-c", "find . -name x"), Map.of("BASH_ENV", ""))).isFalse();
    }
}
