package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The pieces of one word a program may take as a file name of its own, whatever its rows say about the word:
 * what follows each {@code =} or {@code ,} ({@code -Wl,-Map=F}, {@code -Wl,-Map,F}, {@code -Wp,-MD,F}: a
 * compiler driver hands such parts to the linker or preprocessor, which reads them as options with values), and
 * the tail of an option glued to its value ({@code -MFF}, {@code -oF}: the value starts after the option's first
 * letters, and which letters the option has is not known here, so each short tail is a piece). The word itself is
 * not among them.
 */
final class WordParts {

    /** At most this many pieces of one word. */
    private static final int MAX_PIECES = 32;
    /** A glued value starts after at most this many letters of the option ({@code -Xlinker} is the longest known). */
    private static final int MAX_OPTION_LETTERS = 3;

    private WordParts() {
    }

    static List<String> of(String word) {
        if (word.isEmpty() || word.charAt(0) != '-' && nextSeparator(word, 0) == word.length()) {
            return List.of();   // neither an option nor a separator: no pieces (most operands of every launch)
        }
        List<String> out = new ArrayList<>(0);
        glued(word, out);
        for (int i = 0, n = word.length(); i < n && out.size() < MAX_PIECES; i++) {
            char c = word.charAt(i);
            if (c != '=' && c != ',') {
                continue;
            }
            // the rest after the separator (a name may hold one itself), and the piece up to the next one
            add(word.substring(i + 1), out);
            int next = nextSeparator(word, i + 1);
            if (next < n) {
                add(word.substring(i + 1, next), out);
            }
            glued(word.substring(i + 1, next), out);
        }
        return out;
    }

    private static int nextSeparator(String word, int from) {
        for (int j = from; j < word.length(); j++) {
            char c = word.charAt(j);
            if (c == '=' || c == ',') {
                return j;
            }
        }
        return word.length();
    }

    /** The tails of a short option glued to its value: {@code -MF../x} gives {@code F../x} and {@code ../x}. */
    private static void glued(String piece, List<String> out) {
        if (piece.length() < 3 || piece.charAt(0) != '-' || piece.charAt(1) == '-') {
            return;
        }
        int end = nextSeparator(piece, 0);
        for (int k = 2; k <= 1 + MAX_OPTION_LETTERS && k < end && Character.isLetterOrDigit(piece.charAt(k - 1)); k++) {
            add(piece.substring(k, end), out);
        }
    }

    private static void add(String piece, List<String> out) {
        if (!piece.isEmpty() && piece.charAt(0) != '-' && out.size() < MAX_PIECES && !out.contains(piece)) {
            out.add(piece);
        }
    }
}
