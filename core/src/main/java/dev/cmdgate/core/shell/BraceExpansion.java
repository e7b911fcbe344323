package dev.cmdgate.core.shell;

import java.util.List;

/**
 * The result of brace expansion of one word: <code>-{delete,print}</code> → {@code -delete -print},
 * <code>{a..c}</code> → {@code a b c}, <code>{1..10..3}</code>, nested braces. Only unquoted,
 * unescaped braces count (as in bash: a group needs a comma at its level or a valid sequence
 * expression, <code>{a}</code> and <code>{}</code> stay literal). A word without brace syntax
 * expands to itself. A resulting word that is empty with nothing quoted in it is dropped, as bash
 * drops such a null word: <code>{,rm,-rf}</code> is {@code rm -rf}, <code>x{,y}</code> stays
 * {@code x xy}, <code>{"",a}</code> keeps its empty word, <code>{,}</code> makes no word at all.
 *
 * @param words   the resulting words, in order (parts of the original word keep their offsets);
 *                when over the cap, the (possibly incomplete) words produced before the cap was
 *                hit, or the original word — never to be trusted as the full expansion
 * @param overCap true when the expansion would produce more than the cap: callers must fail closed
 */
public record BraceExpansion(List<Word> words, boolean overCap) {

    public BraceExpansion {
        words = List.copyOf(words);
    }

    /**
     * Expands {@code word}, producing at most {@code cap} words. Never throws. Besides the word
     * count, the total size of the result and the nesting of brace groups are bounded; exceeding
     * either also sets {@link #overCap()}.
     */
    public static BraceExpansion expand(Word word, int cap) {
        try {
            return Braces.expand(word, Math.max(1, cap));
        } catch (RuntimeException | StackOverflowError e) {
            return new BraceExpansion(List.of(word), true);
        }
    }
}
