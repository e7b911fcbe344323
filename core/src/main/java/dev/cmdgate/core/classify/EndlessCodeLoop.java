package dev.cmdgate.core.classify;

import dev.cmdgate.core.classify.CodeLexer.Kind;
import dev.cmdgate.core.classify.CodeLexer.Tok;
import java.util.List;
import java.util.Set;

/**
 * Finds a loop with no end in the tokens of a one-liner, in the ways the scripting languages write one: a
 * {@code while} whose condition is a constant truth ({@code while 1}, {@code while True:}, {@code while(true)},
 * Perl's statement modifier {@code fork while 1}), an {@code until} of a constant falsehood, a C-style
 * {@code for(;;)}, and Ruby's {@code loop { … }} / {@code loop do … end}. A condition that is anything but one
 * literal ({@code while 1 < n}, {@code while x}) is not taken as endless: the loop may stop, and the verdict a
 * loop with no end earns (a fork bomb) is kept for code that cannot.
 */
final class EndlessCodeLoop {

    private static final Set<String> TRUE = Set.of("1", "true", "True", "TRUE", "$true");
    private static final Set<String> FALSE = Set.of("0", "false", "False", "FALSE", "$false", "nil");

    private EndlessCodeLoop() {
    }

    /** Whether the tokens hold a loop with no end. */
    static boolean present(List<Tok> toks) {
        for (int k = 0, n = toks.size(); k < n; k++) {
            Tok t = toks.get(k);
            if (t.kind() != Kind.IDENT) {
                continue;
            }
            switch (t.text()) {
                case "while" -> {
                    if (constantCondition(toks, k + 1, TRUE)) {
                        return true;
                    }
                }
                case "until" -> {
                    if (constantCondition(toks, k + 1, FALSE)) {
                        return true;
                    }
                }
                case "loop" -> {
                    if (k + 1 < n && (toks.get(k + 1).is(Kind.OPEN, "{") || toks.get(k + 1).is(Kind.IDENT, "do"))) {
                        return true;
                    }
                }
                case "for" -> {
                    if (k + 4 < n && toks.get(k + 1).is(Kind.OPEN, "(") && toks.get(k + 2).kind() == Kind.END
                            && toks.get(k + 3).kind() == Kind.END && toks.get(k + 4).kind() == Kind.CLOSE) {
                        return true;
                    }
                }
                default -> {
                }
            }
        }
        return false;
    }

    /**
     * Whether the condition starting at {@code i} is one constant of {@code values}: alone in its brackets, or
     * unbracketed and followed by the end of the condition (a statement's end, a block, Python's colon, {@code do})
     * and not by an operator that makes it an expression.
     */
    private static boolean constantCondition(List<Tok> toks, int i, Set<String> values) {
        int n = toks.size();
        int opened = 0;
        while (i < n && toks.get(i).is(Kind.OPEN, "(")) {
            opened++;
            i++;
        }
        if (i >= n) {
            return false;
        }
        Tok c = toks.get(i);
        if (!(c.kind() == Kind.NUMBER || c.kind() == Kind.IDENT || c.kind() == Kind.VAR) || !values.contains(c.text())) {
            return false;
        }
        i++;
        for (int o = 0; o < opened; o++, i++) {
            if (i >= n || !toks.get(i).is(Kind.CLOSE, ")")) {
                return false;
            }
        }
        if (i >= n || opened > 0) {
            return true;   // a bracketed condition ends at its bracket: while (1) f();
        }
        Tok after = toks.get(i);
        return after.kind() == Kind.END || after.kind() == Kind.OPEN || after.kind() == Kind.CLOSE
                || after.is(Kind.OP, ":") || after.is(Kind.IDENT, "do");
    }
}
