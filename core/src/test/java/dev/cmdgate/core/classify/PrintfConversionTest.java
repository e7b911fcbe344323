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
        assertThat(apply("%q", "a b")).isEqualTo("a\\ b");
        assertThat(apply("%d", "0x10")).isEqualTo("16");
        assertThat(apply("%x", "10")).isEqualTo("a");
        assertThat(apply("%*s", "a")).isNull(); // the width's argument is taken first (withStars)
        assertThat(PrintfConversion.at("%.6s", 0).end()).isEqualTo(3);
    }

    @ParameterizedTest(name = "printf {0} {1} -> [{2}]")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            // integers as bash reads them (octal, hexadecimal, a character's code) and as C prints them
            "%d|010|8", "%i|0x1f|31", "%d|` 42`|42", "%d|'A|65", "%d|-0|0", "%d||0",
            "%u|-1|18446744073709551615", "%o|8|10", "%#o|8|010", "%#o|0|0", "%x|255|ff", "%X|255|FF",
            "%#x|255|0xff", "%#x|0|0", "%#X|26|0X1A", "%+d|5|+5", "% d|5|` 5`", "%+u|5|5", "%.3d|7|007",
            "%.0d|0|''", "%5.3d|-7|` -007`", "%-5d|42|`42   `", "%05d|-42|-0042", "%05.1d|4|`    4`", "%ld|12|12",
            "%jx|4095|fff",
            // what bash complains about, or cannot hold: not evaluated
            "%d|12abc|", "%d|1.5|", "%x|99999999999999999999|", "%d|+|", "%d|'é|",
            // floating point: exact decimals, C's forms, ties and long digits left alone
            "%f|1.5|1.500000", "%.2f|3.14159|3.14", "%.0f|2.5|2", "%.0f|3.5|4", "%.2f|0.125|0.12",
            "%.2f|2.675|", "%.1f|0.35|",
            "%.3e|12345|1.234e+04", "%.3e|12355|1.236e+04", "%E|0.000123|1.230000E-04", "%.0e|5|5e+00",
            "%g|0.0001|0.0001", "%g|0.00001|1e-05", "%g|123456|123456", "%g|1234567|1.23457e+06",
            "%g|100|100", "%#g|1|1.00000", "%G|1e-10|1E-10", "%+.1f|2|+2.0", "%08.3f|-3.5|-003.500",
            "%-8.2f|1|`1.00    `", "%#.0f|3|3.", "%f|'A|65.000000", "%.30f|1|", "%f|1e30|", "%f|inf|",
            "%f|0x1p3|", "%a|1|",
            // %q: backslashes before what the shell reads specially, $'…' for control characters
            "%q|a b|a\\ b", "%q|a,b|a\\,b", "%q|~x|\\~x", "%q|a=~|a=\\~", "%q|x~|x~", "%q|#a#|\\#a#",
            "%q|$(id)|\\$\\(id\\)", "%q|it's|it\\'s", "%q|/a/b-c.d@e%f+g:h|/a/b-c.d@e%f+g:h",
            "%q|`a\tb`|$'a\\tb'", "%q|`a\u0001b`|$'a\\001b'", "%.3q|a b c|`a\\ `", "%q|é|",
    })
    void numbersAndQuotingAsBashPrintsThem(String format, String arg, String expected) {
        String a = arg == null ? "" : arg;
        assertThat(apply(format, a)).as(format + " " + arg).isEqualTo(expected == null ? null
                : expected.equals("''") ? "" : expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a star width or precision takes the argument before the value
            "head -n1 $(printf '%.*s' 11 /etc/shadowXYZ) => Destructive",
            "head -n1 $(printf '%*s%s' 0 '' /etc/shadow) => Destructive",
            "head -n1 $(printf '/etc/%.*s' -1 shadow) => Destructive",
            "head -n1 $(printf '/%x%s/%s' 14 tc shadow) => Destructive",
            "head -n1 /$(printf '%x%o%X' 14 0 12 | tr A-Z a-z)tc/shadow => Read",
            "head -n1 /etc/$(printf 's%s%c%s%s' h a d ow) => Destructive",
            "head -n1 /etc/$(printf 's%c%c%.0f%s' h a 0 dow) => Read",
            "head -n1 /etc/$(printf 's%c%c%.0f%s' h a 0.4 dow | rev | rev) => Read",
            "head -n1 $(printf '%s%q' /etc/ shadow) => Destructive",
            "ls $(printf 'v%d.%d' 1 2) => Read",
            "ls $(printf '%05.1f' 3) => Read",
            "head -n1 $(printf '%s%d' /etc/shadow 12abc) => Read",
    })
    void aStarOrANumberIsComputed(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "head -n1 $(printf '%s/.aws/%.11s' ~ credentialsXYZ) => Destructive",
            "head -n1 $(printf '%-1s' ~/.aws/credentials) => Destructive",
            "head -n1 $(printf %q /etc/shadow) => Destructive",
            "head -n1 ~/.aws/$(printf '%c%s' c redentials) => Destructive",
            "head -n1 ~/.aws/$(true; echo credentials) => Destructive",
            "head -n1 ~/.aws/$(: x; printf credentials) => Destructive",
            "head -n1 $(printf '%.6s' READMEXX) => Read",
            "ls $(: ; echo src) => Read",
    })
    void aSubstitutionsOutputIsComputed(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
