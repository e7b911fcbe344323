package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmOptionWordsTest {

    @Test
    void optionsAreQuotedOnlyWhenNeeded() {
        assertThat(JvmOptionWords.quote("-javaagent:/a/b.jar=x=1")).isEqualTo("-javaagent:/a/b.jar=x=1");
        assertThat(JvmOptionWords.quote("-javaagent:/a b/c.jar")).isEqualTo("'-javaagent:/a b/c.jar'");
        assertThat(JvmOptionWords.quote("-javaagent:/a'b/c.jar")).isEqualTo("\"-javaagent:/a'b/c.jar\"");
    }

    @Test
    void aValueIsSplitAtBlanksOutsideQuotesAndTheQuotesGo() {
        assertThat(JvmOptionWords.split(" -Da='x y'  \"-Db=c'd\" -Dc ")).containsExactly("-Da=x y", "-Db=c'd", "-Dc");
        assertThat(JvmOptionWords.split("-XX:VMOptionsFile='/opt/my app/vm.opts' -Xmx1g"))
                .containsExactly("-XX:VMOptionsFile=/opt/my app/vm.opts", "-Xmx1g");
        assertThat(JvmOptionWords.split("   ")).isEmpty();
    }

    @Test
    void whatQuoteWritesSplitReadsBack() {
        for (String option : new String[] {"-Dplain", "-Dx=a b", "-Dx=it's", "-Dx=\"q\" r"}) {
            assertThat(JvmOptionWords.split("-Xmx1g " + JvmOptionWords.quote(option) + " -Dz")).containsExactly("-Xmx1g", option, "-Dz");
        }
    }
}
