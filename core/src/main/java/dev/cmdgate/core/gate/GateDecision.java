package dev.cmdgate.core.gate;

import java.util.Locale;

/** What the gate says before any prompt is asked. */
public enum GateDecision {
    ALLOW, PROMPT, BLOCK;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** CLI exit status for a single classification. */
    public int exitCode() {
        return switch (this) {
            case ALLOW -> 0;
            case PROMPT -> 10;
            case BLOCK -> 20;
        };
    }
}
