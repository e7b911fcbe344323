package dev.cmdgate.core.shell;

import java.util.List;

/**
 * {@code $'…'}: the value is the text with ANSI-C escapes decoded (<code>\n \t \xHH \NNN &#92;uXXXX
 * &#92;UXXXXXXXX \cX \e \' \"</code> …). A decoded NUL ends the value as in bash.
 */
public record AnsiCQuoted(int start, int end, String value) implements WordPart {
    @Override
    public List<Node> children() {
        return List.of();
    }
}
