package dev.cmdgate.core.shell;

import java.util.List;

/**
 * {@code $(( expression ))} (or the obsolete {@code $[ expression ]} when {@code legacy}). The
 * expression is a word whose parts expose parameter expansions and substitutions, including those in
 * array subscripts: {@code $(( a[$(cmd)] ))}.
 */
public record ArithmeticExpansion(int start, int end, Word expression, boolean legacy) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of(expression);
    }
}
