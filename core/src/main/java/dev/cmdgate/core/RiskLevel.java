package dev.cmdgate.core;

import java.util.Locale;

/** The catalogue seed's risk levels, ordered lowest to highest. */
public enum RiskLevel {
    MINIMAL, LOW, MEDIUM, HIGH, DANGEROUS;

    /** The lower-case name used in JSON, configuration and rules files. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public RiskLevel max(RiskLevel other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    public static RiskLevel parse(String text) {
        for (RiskLevel l : values()) {
            if (l.label().equalsIgnoreCase(text.trim())) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown level '" + text
                + "' (expected minimal, low, medium, high or dangerous)");
    }

    @Override
    public String toString() {
        return label();
    }
}
