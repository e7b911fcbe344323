package dev.cmdgate.agent.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ScreenTextTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            zero-width space before a comment  | a\u200b#b          | a\\u200b#b
            zero-width joiner and non-joiner    | a\u200d\u200cb      | a\\u200d\\u200cb
            word joiner and BOM                 | \u2060x\ufeff       | \\u2060x\\ufeff
            soft hyphen                         | r\u00adm            | r\\u00adm
            bidi override and isolate           | x\u202ey\u2066z     | x\\u202ey\\u2066z
            arabic letter mark                  | x\u061cy            | x\\u061cy
            no-break and other spaces           | a\u00a0b\u2003c\u3000d | a\\u00a0b\\u2003c\\u3000d
            line and paragraph separators       | a\u2028b\u2029c     | a\\u2028b\\u2029c
            variation selector after a letter   | a\ufe0f             | a\\ufe0f
            Hangul filler and braille blank     | \u3164x\u2800       | \\u3164x\\u2800
            combining grapheme joiner           | a\u034fb            | a\\u034fb
            private use                         | a\ue000b            | a\\ue000b
            C0 and C1 controls                  | a\u001b[2Kb\u0085c  | a\\x1b[2Kb\\x85c
            a mark after a letter stays         | e\u0301t\u00e9      | e\u0301t\u00e9
            a mark at a word start is escaped   | ls \u0301-la        | ls \\u0301-la
            a mark after an operator is escaped | a;\u0338b           | a;\\u0338b
            letters, digits, CJK, emoji stay    | ls 文件 😀 2        | ls 文件 😀 2
            """)
    void invisibleAndLookAlikeCharactersBecomeEscapes(String what, String text, String shown) {
        assertThat(ScreenText.of(text)).as(what).isEqualTo(shown);
    }

    @Test
    void supplementaryFormatCharactersAndLoneSurrogatesAreEscaped() {
        // tag characters (a hidden "rm" in tags), a supplementary variation selector, lone surrogates
        assertThat(ScreenText.of("ok\uDB40\uDC72\uDB40\uDC6D")).isEqualTo("ok\\U000e0072\\U000e006d");
        assertThat(ScreenText.of("a\uDB40\uDD00")).isEqualTo("a\\U000e0100");
        assertThat(ScreenText.of("x\ud800y\udc00")).isEqualTo("x\\ud800y\\udc00");
        assertThat(ScreenText.of("pair \uD83D\uDE00")).isEqualTo("pair \uD83D\uDE00");
    }

    @Test
    void stackedMarksBeyondThreeAreEscaped() {
        assertThat(ScreenText.of("a\u0301\u0302\u0303\u0304\u0305")).isEqualTo("a\u0301\u0302\u0303\\u0304\\u0305");
    }

    @Test
    void longRunsOfSpacesAndOfOneEscapeAreFoldedVisiblyNeverCut() {
        String line = "echo hi" + " ".repeat(312) + "; touch pwned";
        assertThat(ScreenText.of(line)).isEqualTo("echo hi\u27e8312 spaces\u27e9; touch pwned");
        assertThat(ScreenText.of("a" + " ".repeat(7) + "b")).isEqualTo("a" + " ".repeat(7) + "b");
        assertThat(ScreenText.of("a" + "\t".repeat(40) + "b")).isEqualTo("a\u27e840 × \\x09\u27e9b");
        assertThat(ScreenText.of("a" + "\u200b".repeat(3) + "b")).isEqualTo("a\\u200b\\u200b\\u200bb");
        String huge = "x".repeat(100_000) + "; touch pwned";
        assertThat(ScreenText.of(huge)).isEqualTo(huge);
    }

    @Test
    void nothingInTheTextCanImitateAnEscapeOrAFold() {
        assertThat(ScreenText.of("echo \\u200b")).isEqualTo("echo \\\\u200b");
        assertThat(ScreenText.of("printf '\\x41 \\U0001f600'")).isEqualTo("printf '\\\\x41 \\\\U0001f600'");
        assertThat(ScreenText.of("a\\nb \\\\")).as("other backslashes stay").isEqualTo("a\\nb \\\\");
        assertThat(ScreenText.of("\u27e8312 spaces\u27e9")).isEqualTo("\\u27e8312 spaces\\u27e9");
    }

    @Test
    void anAsciiTerminalGetsEscapesInsteadOfQuestionMarks() {
        java.nio.charset.Charset ascii = java.nio.charset.StandardCharsets.US_ASCII;
        assertThat(ScreenText.of("caf\u00e9 \u6587", ascii)).isEqualTo("caf\\u00e9 \\u6587");
        assertThat(ScreenText.of("a" + " ".repeat(9) + "b\t\t\t\t", ascii)).isEqualTo("a\\{9 spaces}b\\{4 x \\x09}");
        assertThat(ScreenText.of("find . -exec rm \\{\\} \\;", ascii)).isEqualTo("find . -exec rm \\\\{\\} \\;");
        assertThat(ScreenText.foldedSpaces("N", ascii)).isEqualTo("\\{N spaces}");
    }
}
