package dev.cmdgate.core.classify;

import java.util.List;

/**
 * An option of a coreutils filter that takes a value, spelled as getopt_long takes it: {@code -n5}, {@code -n 5},
 * {@code --lines=5}. Only these spellings are read (not a cluster such as {@code -sf1}, not {@code --lines 5}): a
 * reading that computes what the filter prints takes no spelling it has not been checked on.
 *
 * @param letter the option's short letter (a long name stands for the letter at its place)
 * @param value  its value, or null when the word ends the command without one
 * @param last   the index of the last word the option took
 */
record ValuedOption(char letter, String value, int last) {

    /**
     * The option in {@code words[i]}, or null when that word is none of them.
     *
     * @param letters   the short letters
     * @param longNames the long name of each letter, in the same order
     */
    static ValuedOption at(List<Arg> words, int i, String letters, List<String> longNames) {
        String w = words.get(i).text;
        for (int k = 0; k < longNames.size(); k++) {
            String prefix = "--" + longNames.get(k) + "=";
            if (w.startsWith(prefix)) {
                return new ValuedOption(letters.charAt(k), w.substring(prefix.length()), i);
            }
        }
        if (w.length() < 2 || w.charAt(0) != '-' || letters.indexOf(w.charAt(1)) < 0) {
            return null;
        }
        if (w.length() > 2) {
            return new ValuedOption(w.charAt(1), w.substring(2), i);
        }
        return i + 1 < words.size() ? new ValuedOption(w.charAt(1), words.get(i + 1).text, i + 1)
                : new ValuedOption(w.charAt(1), null, i);
    }
}
