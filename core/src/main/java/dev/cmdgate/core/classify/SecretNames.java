package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.Locale;

/**
 * The words of a command that reach a secret environment variable (the {@code secret-vars} rows): a name, or part
 * of one, a command looks up ({@code printenv GITHUB_TOKEN}; a filter's pattern over the environment, {@code env |
 * grep -i token}), and an expansion of one's value ({@code echo $AWS_SECRET_ACCESS_KEY}). What it prints lands where
 * the caller reads it: for an agent, in its context, as a credential store's content would.
 */
final class SecretNames {

    /** Shorter runs of name characters ({@code -i}'s letters, a regex's {@code x}) are no word of a name. */
    private static final int MIN_PART = 3;

    private SecretNames() {
    }

    /**
     * Whether a literal word holds a secret variable's name or a part of one: each run of name characters
     * ({@code token\|secret} has two; {@code ^AWS_} is {@code AWS}) is compared without regard to case.
     */
    static boolean namesSecret(RuleSet rules, String word) {
        int i = 0;
        int n = word.length();
        while (i < n) {
            while (i < n && !isNameChar(word.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && isNameChar(word.charAt(i))) {
                i++;
            }
            int from = start;
            int to = i;
            while (from < to && word.charAt(from) == '_') {
                from++;
            }
            while (to > from && word.charAt(to - 1) == '_') {
                to--;
            }
            if (to - from >= MIN_PART && rules.isSecretNamePart(word.substring(from, to).toUpperCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a word expands a secret variable to its value: {@code $NAME}, {@code ${NAME}}, with a default, a
     * substring or a pattern operator; not its length ({@code ${#NAME}}) nor an alternative word that only says it
     * is set ({@code ${NAME:+set}}).
     */
    static boolean expandsSecret(RuleSet rules, String text) {
        int n = text.length();
        for (int i = text.indexOf('$'); i >= 0 && i + 1 < n; i = text.indexOf('$', i + 1)) {
            int at = i + 1;
            boolean braced = text.charAt(at) == '{';
            if (braced) {
                at++;
                if (at < n && (text.charAt(at) == '#' || text.charAt(at) == '!')) {
                    continue;
                }
            }
            int end = at;
            while (end < n && isNameChar(text.charAt(end))) {
                end++;
            }
            if (end == at || Character.isDigit(text.charAt(at))) {
                continue;
            }
            if (braced && end < n && (text.charAt(end) == '+' || text.startsWith(":+", end))) {
                continue;
            }
            if (rules.isSecretVariable(text.substring(at, end), null)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }
}
