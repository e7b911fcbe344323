package dev.cmdgate.core;

/** A machine-readable code with a message a user understands, e.g. {@code gate.prompt_required}. */
public record Reason(String code, String message) {
}
