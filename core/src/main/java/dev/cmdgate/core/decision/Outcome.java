package dev.cmdgate.core.decision;

import java.util.Locale;

/**
 * What finally happened to a launch (after prompts and the mode). {@code ASKED}: a coding agent's hook handed
 * the decision to a person through the agent's own prompt, whose answer cmdgate does not see.
 */
public enum Outcome {
    ALLOWED, BLOCKED, ASKED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
