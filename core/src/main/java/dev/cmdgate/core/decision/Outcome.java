package dev.cmdgate.core.decision;

import java.util.Locale;

/** What finally happened to a launch (after prompts and the mode). */
public enum Outcome {
    ALLOWED, BLOCKED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
