package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.TrustRule;
import dev.cmdgate.core.testing.WildcardCases;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A trust row's words are matched with {@link Glob}'s algorithm over words instead of characters
 * ({@link Trust#argsMatch}): held to the same table of cases as {@code Glob}, and to {@code Glob} itself on random
 * patterns, each character standing for a word.
 */
class TrustArgsTest {

    /** The row's globs for a character pattern: {@code *} any run of words, {@code ?} any one word, a character that word. */
    static List<String> globs(String pattern) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*') {
                out.add(TrustRule.ANY_WORDS);
            } else if (c == '?') {
                out.add("*");
            } else if (c == '\\') {
                // the next character literally; a backslash at the end matches nothing, as in Glob
                out.add(i + 1 < pattern.length() ? "\\" + pattern.charAt(++i) : "\\");
            } else {
                out.add(String.valueOf(c));
            }
        }
        return out;
    }

    /** A command whose arguments after the program are the text's characters, one word each. */
    static List<Arg> words(String text) {
        List<Arg> out = new ArrayList<>();
        out.add(Arg.literal("program"));
        for (int i = 0; i < text.length(); i++) {
            out.add(Arg.literal(String.valueOf(text.charAt(i))));
        }
        return out;
    }

    @Test
    void theWordsMatcherAgreesWithTheSharedTable() {
        List<WildcardCases.Case> cases = WildcardCases.all();
        assertThat(cases).hasSizeGreaterThan(30);
        for (WildcardCases.Case c : cases) {
            assertThat(Trust.argsMatch(globs(c.pattern()), words(c.text()))).as(c.toString()).isEqualTo(c.matches());
        }
    }

    @Test
    void theWordsMatcherTakesTheStepsOfTheCharacterMatcher() {
        Random random = new Random(7);
        char[] patternChars = {'a', 'b', '*', '*', '?', '\\'};
        char[] textChars = {'a', 'b', '*', '?', '\\'};
        for (int i = 0; i < 50_000; i++) {
            String pattern = WildcardCases.random(random, patternChars, 7);
            String text = WildcardCases.random(random, textChars, 9);
            assertThat(Trust.argsMatch(globs(pattern), words(text))).as("'%s' against '%s'", pattern, text)
                    .isEqualTo(Glob.matches(pattern, text));
        }
    }
}
