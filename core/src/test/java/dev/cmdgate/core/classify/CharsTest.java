package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The regular-expression-free tests and splits say exactly what the patterns they replace say. */
class CharsTest {

    private static final String ALPHABET = " \t\n\r\u000B\fab+<>-neEwrx";

    private static String random(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(9);
        for (int i = 0; i < n; i++) {
            b.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        }
        return b.toString();
    }

    @Test
    void splitRunsIsSplitOnACharacterClassRun() {
        Random r = new Random(17);
        for (int k = 0; k < 20_000; k++) {
            String s = random(r);
            for (String seps : new String[] {" \t", " \t\n", Chars.WHITESPACE}) {
                String regex = "[" + seps.replace("\u000B", "\\x0B").replace("\f", "\\f") + "]+";
                for (int limit : new int[] {0, 1, 2, 3, 64}) {
                    assertThat(Chars.splitRuns(s, seps, limit)).as("%s split on %s limit %d", s, regex, limit)
                            .containsExactly(s.split(regex, limit));
                }
            }
            assertThat(Chars.splitRuns(s.trim(), Chars.WHITESPACE, 0)).containsExactly(s.trim().split("\\s+"));
        }
    }

    @Test
    void onlyWithOneIsTheModePatterns() {
        Random r = new Random(25);
        for (int k = 0; k < 20_000; k++) {
            String s = random(r);
            assertThat(Chars.onlyWithOne(s, "rwabxt+", "wax+")).as(s).isEqualTo(s.matches("[rwabxt+]*[wax+][rwabxt+]*"));
            assertThat(Printed.isEchoOptions(s)).as(s).isEqualTo(s.matches("-[neE]+"));
            assertThat(OneLiner.withoutRedirectMode(s)).as(s).isEqualTo(s.replaceFirst("^[+]?[<>]+\\s*", ""));
        }
    }
}
