package dev.cmdgate.core.shell;

import java.util.List;

/**
 * A backslash-escaped character ({@code \m} → {@code m}), or inside double quotes one of the
 * escapable characters {@code \$ \` \" \\}. The value is the character(s) after the backslash
 * (a full code point). Escaped characters are never glob, brace or tilde syntax.
 */
public record Escaped(int start, int end, String value) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of();
    }
}
