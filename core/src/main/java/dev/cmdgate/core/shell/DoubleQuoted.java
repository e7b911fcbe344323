package dev.cmdgate.core.shell;

import java.util.List;

/**
 * {@code "…"} (or {@code $"…"} when {@code localized}). Nested parts are {@link Literal},
 * {@link Escaped}, {@link ParameterExpansion}, {@link CommandSubstitution} and
 * {@link ArithmeticExpansion}; none of them is subject to globbing or word splitting.
 */
public record DoubleQuoted(int start, int end, List<WordPart> parts, boolean localized) implements WordPart {

    public DoubleQuoted {
        parts = List.copyOf(parts);
    }

    @Override
    public List<Node> children() {
        return List.copyOf(parts);
    }
}
