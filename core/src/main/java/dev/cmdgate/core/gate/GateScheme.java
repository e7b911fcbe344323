package dev.cmdgate.core.gate;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;

/** How a classification becomes a gate decision: by autonomy tier (section 4) or by level (section 6). */
public sealed interface GateScheme {

    GateDecision decide(Classification classification);

    /** For messages and audit lines, e.g. {@code autonomy=supervised} or {@code level=medium}. */
    String describe();

    record ByAutonomy(Autonomy autonomy) implements GateScheme {
        @Override
        public GateDecision decide(Classification c) {
            return autonomy.decide(c.commandClass());
        }

        @Override
        public String describe() {
            return "autonomy=" + autonomy.label();
        }
    }

    /** Allow at or below the threshold, prompt above it; dangerous always prompts. */
    record ByLevel(RiskLevel threshold) implements GateScheme {
        public ByLevel {
            if (threshold == RiskLevel.DANGEROUS) {
                throw new IllegalArgumentException("level threshold must be minimal, low, medium or high");
            }
        }

        @Override
        public GateDecision decide(Classification c) {
            if (c.level() == RiskLevel.DANGEROUS || c.commandClass() == CommandClass.DESTRUCTIVE) {
                return GateDecision.PROMPT;
            }
            return c.level().ordinal() <= threshold.ordinal() ? GateDecision.ALLOW : GateDecision.PROMPT;
        }

        @Override
        public String describe() {
            return "level=" + threshold.label();
        }
    }
}
