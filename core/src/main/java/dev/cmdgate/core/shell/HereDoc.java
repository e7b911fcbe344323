package dev.cmdgate.core.shell;

import java.util.List;

/**
 * A here-document body. {@code start}/{@code end} span the body lines (excluding the delimiter
 * line).
 *
 * @param delimiter the delimiter after quote removal
 * @param quoted    true when any part of the delimiter was quoted ({@code <<'EOF'}, {@code <<"EOF"},
 *                  {@code <<\EOF}): the body is then taken literally, with no expansion
 * @param stripTabs true for {@code <<-}: leading tab characters were removed from each line
 * @param text      the body text (after tab stripping), each line ending with a newline
 * @param body      the body as a word: for a quoted delimiter a single {@link SingleQuoted} part
 *                  holding {@code text}; otherwise a single {@link DoubleQuoted} part whose nested
 *                  parts expose parameter expansions, command substitutions and arithmetic
 * @param terminated false when the input ended before the delimiter line (also reported as an error)
 */
public record HereDoc(int start, int end, String delimiter, boolean quoted, boolean stripTabs, String text,
        Word body, boolean terminated) implements Node {

    @Override
    public List<Node> children() {
        return List.of(body);
    }
}
