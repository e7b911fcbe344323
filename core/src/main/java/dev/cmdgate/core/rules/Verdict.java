package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;

/** A class, a level and the reason a user reads: the right-hand side of every rules row. */
public record Verdict(CommandClass commandClass, RiskLevel level, String reason) {
}
