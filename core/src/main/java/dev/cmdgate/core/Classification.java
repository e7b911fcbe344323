package dev.cmdgate.core;

import java.util.List;

/**
 * The classifier's answer: the highest class and level found anywhere in the command tree, the
 * findings that explain them, and every simple command the tree will run.
 */
public record Classification(
        CommandClass commandClass,
        RiskLevel level,
        List<Finding> findings,
        List<CommandInvocation> commands) {

    public Classification {
        findings = List.copyOf(findings);
        commands = List.copyOf(commands);
    }
}
