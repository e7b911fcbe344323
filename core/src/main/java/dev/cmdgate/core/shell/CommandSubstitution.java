package dev.cmdgate.core.shell;

import java.util.List;

/**
 * {@code $(…)} or {@code `…`} (when {@code backquoted}). Offsets inside a backquoted script are
 * mapped back to the original input even though backslash escapes were removed first.
 */
public record CommandSubstitution(int start, int end, Script script, boolean backquoted)
        implements WordPart, Substitution {
    @Override
    public List<Node> children() {
        return List.of(script);
    }
}
