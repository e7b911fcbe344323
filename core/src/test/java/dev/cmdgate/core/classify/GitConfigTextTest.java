package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** git's configuration format, read as git reads it (git-config(1)); anything git rejects is an error. */
class GitConfigTextTest {

    private static List<String> read(String text) {
        return GitConfigText.parse(text).stream().map(s -> s.key() + "=" + s.value()).toList();
    }

    @Test
    void sectionsSubsectionsAndValues() {
        assertThat(read("[Core]\n\tFSMonitor = \"touch x\" # why\n[remote \"Origin\"]\n\turl = a;b\n[branch.main]\nbare\n"))
                .containsExactly("core.fsmonitor=touch x", "remote.Origin.url=a", "branch.main.bare=null");
    }

    @Test
    void quotesEscapesBlanksAndContinuedLines() {
        assertThat(read("[a]\nx = \"  lead\" mid  \"q\\\"\" tail  \ny = one\\\n two\nz = \"t\\tn\\n\"\n[s] k = v\n"))
                .containsExactly("a.x=  lead mid  q\" tail", "a.y=one two", "a.z=t\tn\n", "s.k=v");
        assertThat(read("\uFEFF[a]\r\n\tk = v\r\n")).containsExactly("a.k=v");
    }

    @Test
    void whatGitRejectsIsAnError() {
        for (String bad : List.of("k = v\n", "[core\n", "[a]\nk = \"open\n", "[a]\nk = \\q\n", "[a \"x]\n", "[a]\n=v\n",
                "[a]\nk v\n")) {
            assertThatThrownBy(() -> GitConfigText.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("line ");
        }
    }
}
