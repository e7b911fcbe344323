package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Glob matching, as the rules' globs are written: {@code *} matches any run, slashes too. */
class GlobTest {

    @Test
    void starPatternsMatchAsShellGlobsDo() {
        assertThat(Glob.matches("*_TOKEN", "GITHUB_TOKEN")).isTrue();
        assertThat(Glob.matches("*_TOKEN", "_TOKEN")).isTrue();
        assertThat(Glob.matches("*_TOKEN", "GITHUB_TOKENS")).isFalse();
        assertThat(Glob.matches("*_TOKEN_*", "A_TOKEN_B")).isTrue();
        assertThat(Glob.matches("*://*:*@*", "https://user:pw@example.com")).isTrue();
        assertThat(Glob.matches("*://*:*@*", "https://example.com/a:b")).isFalse();
        assertThat(Glob.matches("~/.ssh/*", "~/.ssh/id_ed25519")).isTrue();
        assertThat(Glob.matches("a*a", "a")).as("the runs may not overlap").isFalse();
        assertThat(Glob.matches("*", "")).isTrue();
        assertThat(Glob.matches("", "")).isTrue();
        assertThat(Glob.matches("", "x")).isFalse();
        assertThat(Glob.matches("PATH", "PATH")).isTrue();
    }

    @Test
    void theArrayMatcherTakesTheSameStepsAsTheStringMatcher() {
        java.util.Random random = new java.util.Random(5);
        char[] patternChars = {'a', 'b', '*', '*', '?', '\\', '/'};
        char[] textChars = {'a', 'b', '*', '?', '\\', '/'};
        for (int i = 0; i < 100_000; i++) {
            String pattern = word(random, patternChars, 7);
            String text = word(random, textChars, 9);
            assertThat(Glob.matches(pattern.toCharArray(), text.toCharArray())).as("'%s' against '%s'", pattern, text)
                    .isEqualTo(Glob.matches(pattern, text));
            assertThat(Glob.anyMatch(Glob.compile(java.util.List.of("x", pattern)), text))
                    .isEqualTo(Glob.anyMatch(java.util.List.of("x", pattern), text));
        }
    }

    private static String word(java.util.Random random, char[] alphabet, int max) {
        StringBuilder b = new StringBuilder();
        for (int n = random.nextInt(max + 1); n > 0; n--) {
            b.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return b.toString();
    }
}
