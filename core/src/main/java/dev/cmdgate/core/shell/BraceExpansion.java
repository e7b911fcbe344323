package dev.cmdgate.core.shell;

import java.util.List;

/**
 * The result of brace expansion of one word: <code>-{delete,print}</code> → {@code -delete -print},
 * <code>{a..c}</code> → {@code a b c}, <code>{1..10..3}</code>, nested braces. Only unquoted,
 * unescaped braces count. A word without brace syntax expands to itself.
 *
 * @param words   the resulting words, in order (parts of the original word keep their offsets);
 *                when over the cap, the words produced before the cap was hit
 * @param overCap true when the expansion would produce more than the cap: callers must fail closed
 */
public record BraceExpansion(List<Word> words, boolean overCap) {

    public BraceExpansion {
        words = List.copyOf(words);
    }

    /** Expands {@code word}, producing at most {@code cap} words. Never throws. */
    public static BraceExpansion expand(Word word, int cap) {
        return new BraceExpansion(List.of(word), false); // TODO implement
    }
}
