package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.testing.WildcardCases;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Glob matching, as the rules' globs are written: {@code *} matches any run, slashes too. The string and the
 * character-array matchers are held to the shared table of cases ({@link WildcardCases}, which the trust rows'
 * words matcher is held to as well) and to each other on random patterns.
 */
class GlobTest {

    @Test
    void bothMatchersAgreeWithTheSharedTable() {
        List<WildcardCases.Case> cases = WildcardCases.all();
        assertThat(cases).hasSizeGreaterThan(30);
        for (WildcardCases.Case c : cases) {
            assertThat(Glob.matches(c.pattern(), c.text())).as(c.toString()).isEqualTo(c.matches());
            assertThat(Glob.matches(c.pattern().toCharArray(), c.text().toCharArray())).as(c.toString()).isEqualTo(c.matches());
            assertThat(Glob.anyMatch(List.of("x", c.pattern()), c.text())).as(c.toString()).isEqualTo(c.matches() || c.text().equals("x"));
        }
    }

    @Test
    void theArrayMatcherTakesTheSameStepsAsTheStringMatcher() {
        Random random = new Random(5);
        char[] patternChars = {'a', 'b', '*', '*', '?', '\\', '/'};
        char[] textChars = {'a', 'b', '*', '?', '\\', '/'};
        for (int i = 0; i < 100_000; i++) {
            String pattern = WildcardCases.random(random, patternChars, 7);
            String text = WildcardCases.random(random, textChars, 9);
            assertThat(Glob.matches(pattern.toCharArray(), text.toCharArray())).as("'%s' against '%s'", pattern, text)
                    .isEqualTo(Glob.matches(pattern, text));
            assertThat(Glob.anyMatch(Glob.compile(List.of("x", pattern)), text))
                    .isEqualTo(Glob.anyMatch(List.of("x", pattern), text));
        }
    }
}
