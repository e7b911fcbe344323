package dev.cmdgate.api;

/** A prompt handler's answer. */
public enum PromptAnswer {
    /** Run this launch. */
    ALLOW,
    /** Refuse this launch. */
    DENY,
    /**
     * Run it, and run this exact launch without asking again for the rest of the JVM's life: the same
     * argv in the same working directory with the same environment changes (names and values) and the
     * same output redirects (paths and append), and only while it is classified no higher — in class or
     * level — than now. Never remembered for a program, a tool or a class: anything else is asked about
     * again.
     */
    ALLOW_ALWAYS
}
