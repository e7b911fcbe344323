package dev.cmdgate.agent.prompt;

import java.util.Locale;

/** A prompt's answer, as cmdgate's own handlers give it and as an application handler's answer is read. */
public enum Answer {
    ALLOW, DENY, ALLOW_ALWAYS;

    /** The audit label: {@code allow}, {@code deny}, {@code allow_always}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** An application handler's answer by name (the API's PromptAnswer constants); null stays null. */
    static Answer of(String name) {
        return name == null ? null : valueOf(name);
    }
}
