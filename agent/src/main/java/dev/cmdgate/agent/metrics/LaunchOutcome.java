package dev.cmdgate.agent.metrics;

import dev.cmdgate.agent.prompt.PromptResolver;

/**
 * What happened to one recorded launch, as the counters and the report count it: five outcomes that
 * never overlap, so that they add up to every launch. A launch let through by a person's earlier
 * "always" counts as prompted and allowed; one refused without a question (the tier, the passport, a
 * launch made while a prompt was being decided, a failure — also after an allow, when the audit line
 * could not be written) as refused.
 */
public enum LaunchOutcome {
    ALLOWED("allowed"),
    REFUSED("refused"),
    PROMPTED_ALLOWED("prompted_allowed"),
    PROMPTED_DENIED("prompted_denied"),
    PROMPT_TIMEOUT("prompt_timeout");

    /** {@code values()} copies its array on every call; this one is read on the launch path. */
    static final LaunchOutcome[] ALL = values();

    private final String label;

    LaunchOutcome(String label) {
        this.label = label;
    }

    /** The name in metrics and reports: {@code prompted_allowed} … */
    public String label() {
        return label;
    }

    /**
     * @param allowed       whether the launch went on ({@code outcome} allowed)
     * @param promptHandler the prompt's handler, or null when no prompt was recorded
     * @param promptAnswer  the prompt's answer ({@code allow}, {@code allow_always}, {@code deny}), or null
     * @param promptDetail  the prompt's detail (why an answer counts as deny), or null
     */
    public static LaunchOutcome of(boolean allowed, String promptHandler, String promptAnswer, String promptDetail) {
        if (promptHandler == null || promptHandler.equals("none")) {
            // "none": launched while a prompt was being decided, refused without asking
            return allowed ? ALLOWED : REFUSED;
        }
        if (allowed) {
            return PROMPTED_ALLOWED;
        }
        if (promptAnswer != null && promptAnswer.startsWith("allow")) {
            return REFUSED;   // approved, then refused for another reason (its audit line could not be written)
        }
        return PromptResolver.timedOut(promptDetail) ? PROMPT_TIMEOUT : PROMPTED_DENIED;
    }
}
