package dev.cmdgate.api;

/** A prompt handler's answer. */
public enum PromptAnswer {
    /** Run this launch. */
    ALLOW,
    /** Refuse this launch. */
    DENY,
    /**
     * Run it, and run this exact argv in this exact working directory without asking again for the rest
     * of the JVM's life. Never remembered for a program, a tool or a class: any other argument or
     * directory is asked about again.
     */
    ALLOW_ALWAYS
}
