package dev.cmdgate.agent.launch;

import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.SecretsRecord;
import java.time.Duration;

/**
 * A decision and what its launch carries on to the process, once allowed: the passport's time limit, and
 * the secrets it is to start without.
 *
 * @param executionLimit the passport's {@code max_execution_time}, or null
 * @param secrets        the secret variables the launch receives, and those {@code cmdgate.secrets=scrub}
 *                       withholds from it (none when the route cannot start it without them)
 */
public record Decided(Decision decision, Duration executionLimit, SecretsRecord secrets) {
}
