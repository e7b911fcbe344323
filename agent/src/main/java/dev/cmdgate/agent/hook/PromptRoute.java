package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.ConfigException;

/**
 * What a hook does with a command the gate would prompt for, from {@code cmdgate.prompt}, strictest first: deny
 * it; hand it to the host's own prompt ({@code auto}, {@code console}); allow it.
 */
enum PromptRoute {
    DENY, ASK, ALLOW;

    static PromptRoute of(String prompt, String where) {
        return switch (prompt) {
            case "deny" -> DENY;
            case "auto", "console" -> ASK;
            case "allow" -> ALLOW;
            default -> throw new ConfigException("bad value for cmdgate.prompt in " + where + ": '" + prompt
                    + "' (a hook takes auto, console, deny or allow: a prompt handler class runs only inside a JVM)");
        };
    }

    /** The stricter of the two. */
    PromptRoute stricter(PromptRoute other) {
        return other.ordinal() < ordinal() ? other : this;
    }
}
