package dev.cmdgate.agent.cli;

import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that say which gate a command is judged by (shared by {@code classify} and {@code report}). */
final class DecisionOptions {

    @Option(names = "--autonomy", paramLabel = "TIER", description = "readonly, supervised (default) or full")
    String autonomy;

    @Option(names = "--level", paramLabel = "LEVEL", description = "gate by risk level instead: minimal, low, medium or high")
    String level;

    @Option(names = "--policy", paramLabel = "FILE", description = "an Open Agent Passport (JSON) to evaluate")
    Path policy;

    @Option(names = "--rules", paramLabel = "FILE", description = "a user rules file added to the built-in rules")
    Path rules;

    /** The tier or level asked for; supervised when neither is given. */
    GateScheme scheme() {
        if (level != null && autonomy != null) {
            throw new Main.UsageException("--level and --autonomy are alternatives: give one of them");
        }
        return level != null ? new GateScheme.ByLevel(RiskLevel.parse(level))
                : new GateScheme.ByAutonomy(autonomy == null ? Autonomy.SUPERVISED : Autonomy.parse(autonomy));
    }
}
