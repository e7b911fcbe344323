package dev.cmdgate.core.shell;

import java.util.List;

/**
 * An unquoted tilde prefix at the start of a word (or of an assignment value, or after {@code :}
 * in one): {@code ~} (user {@code ""}), {@code ~root}, {@code ~+}, {@code ~-}. The rest of the word
 * ({@code /x} in {@code ~/x}) follows as further parts.
 */
public record Tilde(int start, int end, String user) implements WordPart {

    /** The tilde prefix as written: {@code "~" + user}. */
    public String text() {
        return "~" + user;
    }

    @Override
    public List<Node> children() {
        return List.of();
    }
}
