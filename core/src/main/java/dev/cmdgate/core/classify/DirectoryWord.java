package dev.cmdgate.core.classify;

/**
 * A word's leading directory that the shell keeps for itself rather than a path the line spells: {@code ~+} and
 * {@code $PWD} (the directory the shell is in), {@code ~-} and {@code $OLDPWD} (the one before its last cd), and
 * the directory stack's {@code ~N}, {@code ~+N}, {@code ~-N} and <code>${DIRSTACK[N]}</code> (what {@code pushd} left
 * there, known only at run time).
 * bash expands the tilde forms from those variables; the rest of the word follows the directory.
 *
 * @param kind     which directory
 * @param variable the shell variable that holds it ({@code PWD}, {@code OLDPWD}; {@code DIRSTACK} for the stack)
 * @param rest     the word after the directory: empty, or starting with {@code /}
 */
record DirectoryWord(Kind kind, String variable, String rest) {

    enum Kind { PWD, OLDPWD, STACK }

    /** The directory word {@code text} starts with, or null when it starts with none. */
    static DirectoryWord of(String text) {
        if (text.length() < 2) {
            return null;
        }
        char c0 = text.charAt(0);
        if (c0 == '~' && text.charAt(1) == '/') {
            return null;   // the home directory (most words starting with ~): no prefix to read
        }
        if (c0 == '~') {
            int end = text.indexOf('/');
            String prefix = end < 0 ? text.substring(1) : text.substring(1, end);
            String rest = end < 0 ? "" : text.substring(end);
            if (prefix.equals("+")) {
                return new DirectoryWord(Kind.PWD, "PWD", rest);
            }
            if (prefix.equals("-")) {
                return new DirectoryWord(Kind.OLDPWD, "OLDPWD", rest);
            }
            int digits = prefix.startsWith("+") || prefix.startsWith("-") ? 1 : 0;
            if (prefix.length() > digits && allDigits(prefix, digits)) {
                return new DirectoryWord(Kind.STACK, "DIRSTACK", rest);
            }
            return null;
        }
        if (c0 == '$') {
            if (text.startsWith("${DIRSTACK[") || text.startsWith("${DIRSTACK\u2026}")) {
                // as written, or as the analysis renders a subscript or an operator: ${DIRSTACK…}
                int close = text.indexOf('}');
                String rest = close < 0 ? null : text.substring(close + 1);
                if (rest != null && (rest.isEmpty() || rest.charAt(0) == '/')) {
                    return new DirectoryWord(Kind.STACK, "DIRSTACK", rest);
                }
                return null;
            }
            for (int i = 0; i < SPELLINGS.length; i++) {
                String spelled = SPELLINGS[i];
                if (text.startsWith(spelled) && (text.length() == spelled.length() || text.charAt(spelled.length()) == '/')) {
                    String name = NAMES[i / 2];
                    return new DirectoryWord(name.equals("PWD") ? Kind.PWD : Kind.OLDPWD, name,
                            text.substring(spelled.length()));
                }
            }
        }
        return null;
    }

    private static final String[] NAMES = {"PWD", "OLDPWD"};
    /** Each of {@link #NAMES} as {@code $NAME} and <code>${NAME}</code>, in that order (spelled once, not per word). */
    private static final String[] SPELLINGS = {"$PWD", "${PWD}", "$OLDPWD", "${OLDPWD}"};

    private static boolean allDigits(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
