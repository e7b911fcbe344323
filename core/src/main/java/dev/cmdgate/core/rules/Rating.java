package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;

/**
 * A class, a level and the reason a user reads: the right-hand side of every rules row.
 *
 * @param rule where the row that gave this verdict is written, {@code FILE:LINE}
 *             ({@code builtin.rules:123}, or the user rules file's path and line), so a reviewer
 *             can go from a finding to its row in one step; null for verdicts made in code
 */
public record Rating(CommandClass commandClass, RiskLevel level, String reason, String rule) {

    /** A verdict that no rules row wrote. */
    public Rating(CommandClass commandClass, RiskLevel level, String reason) {
        this(commandClass, level, reason, null);
    }
}
