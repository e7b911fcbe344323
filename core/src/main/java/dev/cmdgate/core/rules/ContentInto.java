package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code content-names into} row: the files whose names come from what the command reads (an archive's members,
 * a tree copied with {@code cp -r SRC/. DEST}) are written below the directory an option names ({@code tar -C DIR},
 * {@code unzip -d DIR}) or, with {@code into last}, the last operand; any path below it may be one of them.
 *
 * @param option     the option's canonical name, or null for the last operand
 * @param conditions when the row holds (empty: always)
 */
public record ContentInto(String option, List<Condition> conditions) {
}
