package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** xargs's own quote and backslash removal on the words it reads. Nothing here runs. */
class XargsQuotingTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @Test
    void quotesGroupAndBackslashesQuote() {
        assertThat(XargsQuoting.split("a 'b c' \"d\"e f\\ g \\h", 64)).containsExactly("a", "b c", "de", "f g", "h");
        assertThat(XargsQuoting.split("'open\nx'", 64)).isNull();
        assertThat(XargsQuoting.quotes("plain/path")).isFalse();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "xargs head -n1 <<< '/etc/sha\\dow' => Destructive",
            "xargs head -n1 <<< \"'/etc/shadow'\" => Destructive",
            "xargs head -n1 <<< '\"/etc/\"shadow' => Destructive",
            "echo \"'/etc/shadow'\" | xargs head -n1 => Destructive",
            "printf '%s\\n' '/e\\tc/shadow' | xargs head -n1 => Destructive",
            "xargs ls <<< \"'src' 'docs'\" => Read",
    })
    void theWordsXargsReads(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
