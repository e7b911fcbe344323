package dev.cmdgate.core.shell;

import java.util.List;

/**
 * Plain characters with no backslashes or quotes. At the top level of a word these are unquoted
 * (and may carry brace-expansion syntax <code>{a,b}</code>); inside {@link DoubleQuoted} they are
 * quoted text.
 */
public record Literal(int start, int end, String value) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of();
    }
}
