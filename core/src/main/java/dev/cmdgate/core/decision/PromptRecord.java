package dev.cmdgate.core.decision;

/**
 * How a prompt went: which handler, what it answered (allow, deny, allow_always, or why it counts
 * as deny: timeout, error, no handler), and how long it took.
 */
public record PromptRecord(String handler, String answer, long millis, String detail) {
}
