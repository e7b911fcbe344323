package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The variables an arithmetic expression assigns, read as bash's expression reader takes them: a name or an array
 * element ({@code a[i]}, its subscript balanced, nested ones too) followed by {@code =} (not {@code ==}), an operator
 * assignment ({@code +=} … {@code <<=}, {@code >>=}) or {@code ++}/{@code --}, or preceded by {@code ++}/{@code --};
 * blanks, tabs and newlines may stand between them ({@code ++ i}, {@code x\t= 1}). The one reading the classifier
 * (which variables an expression sets) and a gated session's state (which names hold a number afterwards) share.
 *
 * <p>A target written as an expansion is the name its value holds once expanded ({@code v=PATH; (( $v = 1 ))} sets
 * PATH): {@code $v} and <code>${v}</code> are in {@link #expanded}; any other expansion before an assignment
 * ({@code $1}, {@code $(cmd)}, <code>${v:-x}</code>) may name any variable, and so may an expression with more
 * targets than are followed: {@link #unknown}.
 *
 * @param names    the names assigned as written
 * @param expanded the variables whose values name an assigned variable
 * @param unknown  a target may be any variable
 */
record ArithmeticTargets(List<String> names, List<String> expanded, boolean unknown) {

    /** Targets followed in one expression; past them any variable may be set. */
    static final int MAX = 64;

    private static final ArithmeticTargets NONE = new ArithmeticTargets(List.of(), List.of(), false);

    /** The targets of an expression ({@code (( … ))}'s text, a {@code $(( … ))} or a for's clause). */
    static ArithmeticTargets of(String expr) {
        if (expr == null || expr.indexOf('=') < 0 && !expr.contains("++") && !expr.contains("--")) {
            return NONE;
        }
        List<String> names = new ArrayList<>();
        List<String> expanded = new ArrayList<>();
        boolean unknown = false;
        int n = expr.length();
        int i = 0;
        while (i < n) {
            char c = expr.charAt(i);
            int start = i;
            String name = null;
            boolean expansion = false;
            int end;
            if (c == '$') {
                expansion = true;
                end = expansionEnd(expr, i);
                name = plainExpansion(expr.substring(start, end));
                i++;    // what the expansion holds is read on: $(( x = 1 )), ${v=3} assign too
            } else if (isStart(c) && (i == 0 || !isPart(expr.charAt(i - 1)) && expr.charAt(i - 1) != '$')) {
                while (i < n && isPart(expr.charAt(i))) {
                    i++;
                }
                end = i;
                name = expr.substring(start, end);
            } else {
                i++;
                continue;
            }
            int k = end < n && expr.charAt(end) == '[' ? Chars.pastClosing(expr, end) : end;
            if (!assigns(expr, start, k)) {
                continue;
            }
            if (names.size() + expanded.size() >= MAX) {
                unknown = true;
            } else if (!expansion) {
                names.add(name);
            } else if (name != null) {
                expanded.add(name);
            } else {
                unknown = true;
            }
        }
        return names.isEmpty() && expanded.isEmpty() && !unknown ? NONE
                : new ArithmeticTargets(List.copyOf(names), List.copyOf(expanded), unknown);
    }

    /** Whether the operand written from {@code start} to {@code end} is assigned by what follows or precedes it. */
    private static boolean assigns(String expr, int start, int end) {
        int k = skipBlanks(expr, end);
        if (expr.startsWith("++", k) || expr.startsWith("--", k) || expr.startsWith("<<=", k)
                || expr.startsWith(">>=", k)) {
            return true;
        }
        if (k < expr.length() && expr.charAt(k) == '=') {
            return !expr.startsWith("==", k);
        }
        if (k + 1 < expr.length() && "+-*/%&^|".indexOf(expr.charAt(k)) >= 0 && expr.charAt(k + 1) == '=') {
            return true;
        }
        int b = start - 1;
        while (b >= 0 && isBlank(expr.charAt(b))) {
            b--;
        }
        return b >= 1 && (expr.startsWith("++", b - 1) || expr.startsWith("--", b - 1));
    }

    /** The end of the expansion at {@code i} ({@code $name}, <code>${…}</code>, {@code $(…)}, {@code $1}, {@code $#}). */
    private static int expansionEnd(String expr, int i) {
        int n = expr.length();
        if (i + 1 >= n) {
            return n;
        }
        char c = expr.charAt(i + 1);
        if (c == '{') {
            return Chars.pastClosing(expr, i + 1);
        }
        if (c == '(') {
            return Chars.pastClosing(expr, i + 1);
        }
        if (isStart(c)) {
            int j = i + 1;
            while (j < n && isPart(expr.charAt(j))) {
                j++;
            }
            return j;
        }
        return i + 2;   // $1, $#, $@ …
    }

    /** The variable a {@code $v} or <code>${v}</code> expansion reads, or null for any other expansion. */
    private static String plainExpansion(String text) {
        String inner = text.startsWith("${") && text.endsWith("}") ? text.substring(2, text.length() - 1)
                : text.substring(1);
        return Variables.isName(inner) ? inner : null;
    }

    private static int skipBlanks(String s, int i) {
        while (i < s.length() && isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isStart(char c) {
        return c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    private static boolean isPart(char c) {
        return isStart(c) || c >= '0' && c <= '9';
    }
}
