package dev.cmdgate.core.classify;

import java.util.List;

/**
 * Whether text bash evaluates as arithmetic may evaluate a value only known at run time. bash evaluates a variable
 * named there as an expression in turn, recursively: a value that is a name is looked up again, and an array
 * subscript in a value ({@code a[$(cmd)]}) runs its command substitutions. So a name is judged by every value it may
 * hold, each judged as arithmetic with the same rules (to {@link #MAX_DEPTH} levels; past that: unknown):
 * <ul>
 * <li>a variable bash itself sets to text ({@code runtime-text-vars} rows: {@code REPLY}, {@code OPTARG}, {@code _},
 * {@code BASH_REMATCH}, {@code BASH_COMMAND} …) and {@code $-} hold text only known at run time, whatever the line
 * assigned them before;</li>
 * <li>a variable this classification gave a value only known at run time is unknown unless that value can only be a
 * number ({@link NumericValues}); one reached through a nameref whose target is only known at run time too;</li>
 * <li>a variable given literal values is judged by each of them ({@code x=y; read y; $((x))} reaches {@code y});</li>
 * <li>a variable bash keeps a number ({@code number-vars} rows) is safe;</li>
 * <li>any other variable holds what the environment gave it, not known here: its value may be the name of a
 * variable, so it is unknown when this classification gives some variable a value only known at run time that is
 * not a number ({@code read -r root < f; $(( ${HOME#/} ))}).</li>
 * </ul>
 * Holds no state beyond one judgement.
 */
final class ArithmeticNames {

    static final int MAX_DEPTH = 4;

    private final Analysis analysis;
    private final NumericValues numbers;
    /** A variable holding text only known at run time, once looked for ({@link #runtimeTextHolder}). */
    private String holder;
    private boolean holderSought;

    ArithmeticNames(Analysis analysis) {
        this.analysis = analysis;
        this.numbers = new NumericValues(analysis);
    }

    /** Why the arithmetic text may evaluate a value only known at run time, or null when it cannot. */
    String unknownIn(String expr) {
        return unknownIn(expr, 0);
    }

    private String unknownIn(String expr, int depth) {
        if (depth > MAX_DEPTH) {
            return "arithmetic follows variable values more than " + MAX_DEPTH + " levels deep";
        }
        int n = expr.length();
        for (int i = 0; i < n; i++) {
            char c = expr.charAt(i);
            if (c == '$' && i + 1 < n && (expr.charAt(i + 1) == '(' && !expr.startsWith("$((", i) || expr.charAt(i + 1) == '`')
                    || c == '`') {
                int end = c == '`' ? expr.indexOf('`', i + 1) : closing(expr, i + 1);
                if (end < 0) {
                    return "arithmetic evaluates the output of a command substitution";
                }
                String sub = expr.substring(i, end + 1);
                if (!numbers.numeric(sub)) {
                    return "arithmetic evaluates what " + Analysis.clip(sub) + " prints, which may be an expression "
                            + "whose array subscript runs a command";
                }
                i = end;
                continue;
            }
            if (c == '$' && i + 1 < n && (Character.isDigit(expr.charAt(i + 1)) || expr.charAt(i + 1) == '@'
                    || expr.charAt(i + 1) == '*' || expr.startsWith("{", i + 1) && i + 2 < n
                    && (Character.isDigit(expr.charAt(i + 2)) || expr.charAt(i + 2) == '@' || expr.charAt(i + 2) == '*'))) {
                return "arithmetic evaluates a positional parameter, whose value is only known at run time";
            }
            if (c == '$' && (expr.startsWith("-", i + 1) || expr.startsWith("{-", i + 1))) {
                return "arithmetic evaluates $- (the shell's option letters), which bash evaluates as a variable's name";
            }
            if ((c == '_' || Character.isLetter(c)) && (i == 0 || !(Character.isLetterOrDigit(expr.charAt(i - 1))
                    || expr.charAt(i - 1) == '_' || expr.charAt(i - 1) == '#' || expr.charAt(i - 1) == '.'))) {
                int j = i;
                while (j < n && (expr.charAt(j) == '_' || Character.isLetterOrDigit(expr.charAt(j)))) {
                    j++;
                }
                String why = unknownName(expr.substring(i, j), depth);
                if (why != null) {
                    return why;
                }
                i = j - 1;
            }
        }
        return null;
    }

    /** Why arithmetic on the variable may evaluate a value only known at run time, or null. */
    private String unknownName(String name, int depth) {
        String target = analysis.env.resolve(name);
        if (target == null) {
            return "arithmetic evaluates " + name + ", a reference to a variable whose name is only known at run time";
        }
        if (analysis.rules.runtimeTextVar(name) || analysis.rules.runtimeTextVar(target)) {
            return "arithmetic evaluates " + name + ", which bash sets to text only known at run time (what a "
                    + "builtin read, matched or was given), which may be an expression whose array subscript runs a command";
        }
        EnvState.Value v = analysis.env.value(target);
        if (v != null && v.dynamic()) {
            String producer = analysis.env.producer(target);
            if (numbers.numeric(producer)) {
                return null;
            }
            return "arithmetic evaluates the value of " + name + ", only known at run time ("
                    + Analysis.clip(producer == null ? v.text() : producer)
                    + "), which may be an expression whose array subscript runs a command";
        }
        List<String> literals = analysis.env.literals(target);
        if (v != null || !literals.isEmpty()) {
            if (analysis.env.hasUntoldLiterals(target)) {
                return "arithmetic evaluates " + name + ", given more values than are followed";
            }
            for (String value : literals) {
                String why = unknownIn(value, depth + 1);
                if (why != null) {
                    return "the value of " + name + " (" + Analysis.clip(value) + ") is evaluated as arithmetic: " + why;
                }
            }
            return v == null || literals.contains(v.text()) ? null : unknownIn(v.text(), depth + 1);
        }
        if (analysis.rules.numberVar(name)) {
            return null;
        }
        String holder = runtimeTextHolder();
        return holder == null ? null : "arithmetic evaluates " + name + ", whose value this line does not set (the "
                + "environment's), and may be the name of " + holder + ", only known at run time";
    }

    /** A variable this classification gives text only known at run time (not provably a number), or null. */
    private String runtimeTextHolder() {
        if (!holderSought) {
            holderSought = true;
            for (String n : analysis.env.dynamicNames()) {
                // an array of literal elements (a=([5]=x)) is recorded as a value not known, yet holds no text
                // only known at run time
                if (analysis.env.array(n) == null && !analysis.env.hasElements(n)
                        && !numbers.numeric(analysis.env.producer(n))) {
                    holder = n;
                    break;
                }
            }
        }
        return holder;
    }

    /** The index of the parenthesis closing the one at {@code open} (quotes skipped), or -1. */
    static int closing(String s, int open) {
        int depth = 0;
        char quote = 0;
        for (int k = open; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (quote != 0) {
                quote = ch == quote ? 0 : quote;
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }
}
