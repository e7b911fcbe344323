package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * printf's flags, widths and precisions, {@code %q}, {@code %c} and {@code %d}, and substitutions of several
 * statements, evaluated where their output decides a path. Nothing here runs.
 */
class PrintfConversionTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static String apply(String format, String arg) {
        PrintfConversion c = PrintfConversion.at(format, 0);
        return c == null ? null : c.apply(arg);
    }

    @Test
    void widthsPrecisionsAndConversions() {
        assertThat(apply("%.3s", "abcdef")).isEqualTo("abc");
        assertThat(apply("%5s", "ab")).isEqualTo("   ab");
        assertThat(apply("%-5s", "ab")).isEqualTo("ab   ");
        assertThat(apply("%05d", "42")).isEqualTo("00042");
        assertThat(apply("%d", "-7")).isEqualTo("-7");
        assertThat(apply("%c", "xyz")).isEqualTo("x");
        assertThat(apply("%q", "/a/b.c")).isEqualTo("/a/b.c");
        assertThat(apply("%q", "a b")).isNull();
        assertThat(apply("%d", "0x10")).isNull();
        assertThat(apply("%x", "10")).isNull();
        assertThat(apply("%*s", "a")).isNull();
        assertThat(PrintfConversion.at("%.6s", 0).end()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "head -n1 $(printf '%s/.aws/%.11s' ~ credentialsXYZ) => Network",
            "head -n1 $(printf '%-1s' ~/.aws/credentials) => Network",
            "head -n1 $(printf %q /etc/shadow) => Network",
            "head -n1 ~/.aws/$(printf '%c%s' c redentials) => Network",
            "head -n1 ~/.aws/$(true; echo credentials) => Network",
            "head -n1 ~/.aws/$(: x; printf credentials) => Network",
            "head -n1 $(printf '%.6s' READMEXX) => Read",
            "ls $(: ; echo src) => Read",
    })
    void aSubstitutionsOutputIsComputed(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
