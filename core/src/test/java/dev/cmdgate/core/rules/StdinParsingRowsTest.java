package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@code stdin-parsing shopt|set NAME...}: the bash options after which a gated session's later input reads otherwise. */
class StdinParsingRowsTest {

    @Test
    void theBuiltInRulesNameTheOptionsThatChangeParsingByShoptAndBySetName() {
        RuleSet r = RuleSet.builtin();
        assertThat(r.parsingShoptOptions()).contains("interactive_comments", "expand_aliases", "extdebug", "compat31",
                "compat44").doesNotContain("extglob", "globstar", "interactive-comments");
        assertThat(r.parsingSetOptions()).containsExactlyInAnyOrder("interactive-comments", "posix");
    }

    @Test
    void aUserFileAddsToTheBuiltInOptions() {
        RuleSet r = RuleSet.withUserText("[@settings]\nstdin-parsing shopt globstar nullglob\nstdin-parsing set pipefail\n",
                "t.rules");
        assertThat(r.parsingShoptOptions()).contains("globstar", "nullglob", "interactive_comments");
        assertThat(r.parsingSetOptions()).contains("pipefail", "posix");
        assertThat(RuleSet.builtin().parsingShoptOptions()).doesNotContain("globstar");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdin-parsing", "stdin-parsing shopt", "stdin-parsing set", "stdin-parsing posix",
            "stdin-parsing shopt-o posix", "stdin-parsing -o posix"})
    void aRowWithoutItsKindOrItsNamesIsRejected(String row) {
        assertThatThrownBy(() -> RuleSet.withUserText("[@settings]\n" + row + "\n", "t.rules"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected: stdin-parsing shopt|set NAME...");
    }
}
