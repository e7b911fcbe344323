package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure functions that cut code out of an option value or operand for a code row (markers, keys, separators). */
class CodeArgumentsTest {

    @Test
    void enclosedTakesEveryPieceUpToTheBracketThatBalancesItsMarker() {
        assertThat(CodeArguments.enclosed("a %(rm x) b %(ls (y)) c", List.of("%("), ")")).containsExactly("rm x", "ls (y)");
        // case-insensitive markers; a piece that is not closed runs to the end, as it would run
        assertThat(CodeArguments.enclosed("%SHELL{id} %shell{rm -rf ~", List.of("%shell{"), "}"))
                .containsExactly("id", "rm -rf ~");
        assertThat(CodeArguments.enclosed("no markers here", List.of("%("), ")")).isEmpty();
    }

    @Test
    void aSettingsKeyEndsAtTheFirstEqualsSignOrBlank() {
        assertThat(CodeArguments.keyEnd("core.pager=less")).isEqualTo(10);
        assertThat(CodeArguments.keyEnd("ProxyCommand nc %h %p")).isEqualTo(12);
        assertThat(CodeArguments.keyEnd("novalue")).isEqualTo(7);
        assertThat(CodeArguments.valueAfterKey("core.pager=less -R", 10)).isEqualTo("less -R");
        assertThat(CodeArguments.valueAfterKey("ProxyCommand \t nc %h %p", 12)).isEqualTo("nc %h %p");
        assertThat(CodeArguments.valueAfterKey("Key = v", 3)).isEqualTo(" v");
    }

    @Test
    void keysMatchTheirGlobsWithoutRegardToCase() {
        assertThat(CodeArguments.keyMatches(List.of("core.pager", "alias.*"), "Alias.st")).isTrue();
        assertThat(CodeArguments.keyMatches(List.of("core.pager"), "CORE.PAGER")).isTrue();
        assertThat(CodeArguments.keyMatches(List.of("alias.*"), "core.editor")).isFalse();
    }

    @Test
    void aPrefixMarkerCountsOnlyAtTheStartOfTheValue() {
        assertThat(CodeArguments.prefixed("  !rm -rf ~", List.of("!"))).isEqualTo("rm -rf ~");
        assertThat(CodeArguments.prefixed("log --oneline", List.of("!"))).isNull();
    }

    @Test
    void aStatementMarkerCountsAtTheStartOfAStatementAndAPlainOneAnywhere() {
        assertThat(CodeArguments.after("set pagination off;  shell rm -rf ~", List.of("^shell "))).isEqualTo("rm -rf ~");
        assertThat(CodeArguments.after("echo shell rm", List.of("^shell "))).isNull();
        assertThat(CodeArguments.after("x\nSHELL id", List.of("^shell "))).isEqualTo("id");
        assertThat(CodeArguments.after("call SYSTEM('id')", List.of("system("))).isEqualTo("'id')");
    }

    @Test
    void splitAtDropsEmptyWords() {
        assertThat(Analysis.texts(CodeArguments.splitAt("prog,-a,,b,", ','))).containsExactly("prog", "-a", "b");
        assertThat(CodeArguments.splitAt("", ',')).isEmpty();
    }
}
