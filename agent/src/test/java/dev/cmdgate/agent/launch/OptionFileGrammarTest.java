package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OptionFileGrammarTest {

    private static final String LOADER = "-Djava.system.class.loader=E";

    @Test
    void anArgfileCommentEndsAtACarriageReturnToo() {
        assertThat(OptionFileGrammar.ARGFILE.words("# settings\r" + LOADER + "\n-Xmx1g")).containsExactly(LOADER, "-Xmx1g");
    }

    @Test
    void anArgfilesQuotedLineContinuedByABackslashIsJoinedWithoutTheNextLinesLeadingBlanks() {
        assertThat(OptionFileGrammar.ARGFILE.words("\"-Djava.system.class.loa\\\n    der=E\" -Xss1m"))
                .containsExactly(LOADER, "-Xss1m");
        assertThat(OptionFileGrammar.ARGFILE.words("'-Dx=a\\tb' \"-Dq='x y'\"")).containsExactly("-Dx=a\tb", "-Dq='x y'");
    }

    @Test
    void anArgfilesNewlineEndsAWordEvenInQuotes() {
        assertThat(OptionFileGrammar.ARGFILE.words("\"-Dx=a\n" + LOADER + "\n")).containsExactly("-Dx=a", LOADER);
    }

    @Test
    void anArgfileTheLauncherMayReadTwoWaysIsAmbiguous() {
        assertThatThrownBy(() -> OptionFileGrammar.ARGFILE.words("-Dx=a#b")).isInstanceOf(OptionFileGrammar.Ambiguous.class);
        assertThatThrownBy(() -> OptionFileGrammar.ARGFILE.words("-Dx=a\0" + LOADER)).isInstanceOf(OptionFileGrammar.Ambiguous.class);
        assertThatThrownBy(() -> OptionFileGrammar.ARGFILE.words("\"-Dx=a\\")).isInstanceOf(OptionFileGrammar.Ambiguous.class);
    }

    @Test
    void hotSpotsFlagsFileEndsATokenAtANewlineInsideQuotes() {
        assertThat(OptionFileGrammar.FLAGS.words("MaxHeapSize='64m\nOnOutOfMemoryError=\"rm -rf /x; touch y\"\n"))
                .containsExactly("MaxHeapSize=64m", "OnOutOfMemoryError=rm -rf /x; touch y");
        assertThat(OptionFileGrammar.FLAGS.words("# c \"x\n+UseSerialGC")).containsExactly("+UseSerialGC");
        assertThatThrownBy(() -> OptionFileGrammar.FLAGS.words("A=" + "x".repeat(1100)))
                .isInstanceOf(OptionFileGrammar.Ambiguous.class);
    }

    @Test
    void hotSpotsVmOptionsFileKnowsNoEscapes() {
        assertThat(OptionFileGrammar.VM_OPTIONS.words("\"-Dx=\\\" " + LOADER + " \"-Dy=1\""))
                .containsExactly("-Dx=\\", LOADER, "-Dy=1");
        assertThat(OptionFileGrammar.VM_OPTIONS.words("'-Dx=a\nb'\u000b-Xss1m")).containsExactly("-Dx=a\nb", "-Xss1m");
        assertThatThrownBy(() -> OptionFileGrammar.VM_OPTIONS.words("\"-Dx")).isInstanceOf(OptionFileGrammar.Ambiguous.class);
    }

    @Test
    void aScriptsVariableCountsBothAsSplitAtBlanksAndWithQuotesHonoured() {
        assertThat(OptionFileGrammar.SCRIPT.words("-Dq=\"a -agentpath:/x.so -Dr=b\""))
                .contains("-Dq=a -agentpath:/x.so -Dr=b", "-agentpath:/x.so");
    }
}
