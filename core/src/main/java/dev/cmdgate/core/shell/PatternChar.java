package dev.cmdgate.core.shell;

import java.util.List;

/**
 * An unquoted, unescaped pattern character {@code *}, {@code ?} or {@code [} at the top level of a
 * word: pathname expansion may replace the word with file names (which may start with {@code -}).
 */
public record PatternChar(int start, int end, String value) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of();
    }
}
