package dev.cmdgate.agent.prompt;

import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.LaunchEnvironment;
import dev.cmdgate.core.decision.Verdict;

/**
 * The question as the gate asked it, for a channel that sends it elsewhere and must say exactly what it
 * is about: the id the decision will be recorded under, the launch and verdict themselves, and the
 * launch's environment changes as the audit line records them (every name; values only of the hook
 * variables, since others may be secrets).
 *
 * @param environment null when the launch changes nothing
 */
public record Asked(String decisionId, Launch launch, Verdict verdict, LaunchEnvironment environment) {
}
