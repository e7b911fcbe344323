package dev.cmdgate.core.classify;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A program the rules say prints only numbers may still print some of its words: {@code wc -l g} prints {@code 1 g},
 * {@code du -s dir} prints the directory, and {@code seq inf inf} prints {@code inf}. bash evaluates such a word as a
 * variable's name when the output is used in arithmetic, so the output is only numbers when no word names a variable
 * this line sets ({@code read -r g < f; n=$(wc -l g); $((n))} reaches what {@code f} holds), one bash sets to text,
 * or one reached through a nameref only known at run time, and no operand is an infinity or not-a-number, which
 * seq prints as words. Names the line never sets hold the launch's environment, as in {@link ArithmeticNames}.
 */
final class PrintedNames {

    private static final Pattern NOT_FINITE = Pattern.compile("[-+]?(inf|infinity|nan)(\\(.*\\))?",
            Pattern.CASE_INSENSITIVE);

    private PrintedNames() {
    }

    /** Whether an operand of the program (literal words) may print as a name of such a value. */
    static boolean reachRuntimeValues(Analysis a, List<String> operands) {
        for (String w : operands) {
            if (NOT_FINITE.matcher(w).matches()) {
                return true;
            }
            int n = w.length();
            for (int i = 0; i < n; i++) {
                char c = w.charAt(i);
                if (!(c == '_' || Character.isLetter(c)) || i > 0 && (Character.isLetterOrDigit(w.charAt(i - 1))
                        || w.charAt(i - 1) == '_')) {
                    continue;
                }
                int j = i;
                while (j < n && (w.charAt(j) == '_' || Character.isLetterOrDigit(w.charAt(j)))) {
                    j++;
                }
                String name = w.substring(i, j);
                String target = a.env.resolve(name);
                if (target == null || a.rules.runtimeTextVar(name) || a.rules.runtimeTextVar(target) || a.env.value(target) != null
                        || !a.env.literals(target).isEmpty()) {
                    return true;
                }
                i = j - 1;
            }
        }
        return false;
    }
}
