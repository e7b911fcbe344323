package dev.cmdgate.core.classify;

import java.util.List;

/**
 * The characters the shell splits an unquoted expansion's known value at: the blanks, and every character of each
 * value the line gave {@code IFS} ({@code IFS=:; p=x:/etc/shadow; cat $p} is {@code cat x /etc/shadow}). Splitting
 * at all of them at once is a superset of each reading: a value is cut wherever some {@code IFS} the line may have
 * set cuts it, and the word is still judged as written too.
 */
final class FieldSeparators {

    static final String BLANKS = " \t\n";

    private FieldSeparators() {
    }

    static String of(EnvState env) {
        List<String> values = env.literals("IFS");
        if (values.isEmpty()) {
            return BLANKS;
        }
        StringBuilder b = new StringBuilder(BLANKS);
        for (String v : values) {
            for (int i = 0; i < v.length(); i++) {
                if (b.indexOf(String.valueOf(v.charAt(i))) < 0) {
                    b.append(v.charAt(i));
                }
            }
        }
        return b.toString();
    }
}
