package dev.cmdgate.core.shell;

import java.util.List;

/** {@code '…'}: the value is the text between the quotes, taken literally. */
public record SingleQuoted(int start, int end, String value) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of();
    }
}
