package dev.cmdgate.core.shell;

import java.util.List;

/** {@code <(…)} (read from the script's output) or {@code >(…)} (when {@code output}: write to its input). */
public record ProcessSubstitution(int start, int end, Script script, boolean output)
        implements WordPart, Substitution {
    @Override
    public List<Node> children() {
        return List.of(script);
    }
}
