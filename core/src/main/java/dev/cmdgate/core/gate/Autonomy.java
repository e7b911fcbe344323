package dev.cmdgate.core.gate;

import dev.cmdgate.core.CommandClass;
import java.util.Locale;

/** The autonomy tiers. The matrix lives here and nowhere else. */
public enum Autonomy {
    READONLY, SUPERVISED, FULL;

    public GateDecision decide(CommandClass c) {
        if (c == CommandClass.READ) {
            return GateDecision.ALLOW;
        }
        return switch (this) {
            case READONLY -> GateDecision.BLOCK;
            case SUPERVISED -> GateDecision.PROMPT;
            case FULL -> c == CommandClass.WRITE ? GateDecision.ALLOW : GateDecision.PROMPT;
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Autonomy parse(String text) {
        for (Autonomy a : values()) {
            if (a.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown autonomy '" + text + "' (expected readonly, supervised or full)");
    }
}
