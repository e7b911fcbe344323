package dev.cmdgate.agent.config;

/** A configuration problem, with a message that fits on one line and names the key. */
public final class ConfigException extends RuntimeException {

    public ConfigException(String message) {
        super(message, null, false, false);
    }
}
