package dev.cmdgate.core.decision;

/**
 * How a prompt went: which handler, what it answered (allow, deny, allow_always, or why it counts
 * as deny: timeout, error, no handler), and how long it took; for an answer a person gave through an
 * approval service, who gave it, through which channel, and the note they left (each null otherwise).
 */
public record PromptRecord(String handler, String answer, long millis, String detail, String approver, String channel,
                           String note) {

    /** A prompt answered without a named approver (a handler of this JVM, a refusal, a remembered answer). */
    public PromptRecord(String handler, String answer, long millis, String detail) {
        this(handler, answer, millis, detail, null, null, null);
    }
}
