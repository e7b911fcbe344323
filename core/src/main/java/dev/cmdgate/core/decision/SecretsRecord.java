package dev.cmdgate.core.decision;

import java.util.List;

/**
 * The secret variables of a launch's environment, by name only (never a value): those it received and those
 * cmdgate withheld ({@code cmdgate.secrets=scrub}). For a refused launch, what it would have received.
 */
public record SecretsRecord(List<String> received, List<String> withheld) {

    public static final SecretsRecord NONE = new SecretsRecord(List.of(), List.of());

    public SecretsRecord {
        received = List.copyOf(received);
        withheld = List.copyOf(withheld);
    }

    public boolean isEmpty() {
        return received.isEmpty() && withheld.isEmpty();
    }
}
