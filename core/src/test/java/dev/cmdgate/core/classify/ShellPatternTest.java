package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shell's pathname patterns, matched as pathname expansion matches them (no {@code /} inside an element). */
class ShellPatternTest {

    @ParameterizedTest(name = "{0} ~ {1}: {2}")
    @CsvSource({
        "r[m], rm, true",
        "r[m], rx, false",
        "?m, rm, true",
        "?m, rmm, false",
        "[!a]m, rm, true",
        "[^r]m, rm, false",
        "[a-s]m, rm, true",
        "[s-z]m, rm, false",
        "[[:alpha:]]m, rm, true",
        "[[:digit:]]m, rm, false",
        "[[.r.]]m, rm, true",
        "[[=r=]]m, rm, true",
        "[[.space.]]m, xm, true",
        "[[.r.]]m, r]m, false",
        "[[=r=]]m, rmm, false",
        "*sh, bash, true",
        "b*h, bash, true",
        "*, anything, true",
        "c?r?, curl, true",
        "\\*m, *m, true",
        "\\*m, rm, false",
        "/???/?m, /bin/rm, true",
        "/???/?m, /usr/bin/rm, false",
        "/*/*, /usr/bin, true",
        "/*, /usr/bin, false",
        "/s?in, /sbin, true",
        "[]]x, ]x, true",
        "[x, [x, true",
        "a*b*c, aXbYbZc, true",
        "a*b*c, aXbYbZ, false",
        "*, .netrc, false",
        "?ssh, .ssh, false",
        ".s?h, .ssh, true",
        "\\.ssh, .ssh, true",
        "~/.s?h/id_*, ~/.ssh/id_rsa, true",
    })
    void matches(String pattern, String text, boolean expected) {
        assertThat(ShellPattern.matches(pattern, text)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "r[m], true",
        "r\\*m, false",
        "[x, false",
        "/usr/bin, false",
        "/?sr/bin, true",
    })
    void isPattern(String pattern, boolean expected) {
        assertThat(ShellPattern.isPattern(pattern)).isEqualTo(expected);
    }
}
