package dev.cmdgate.agent.start;

import dev.cmdgate.agent.AgentRuntime;
import dev.cmdgate.agent.bridge.JdkBridge;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.config.ConfigParser;
import java.util.Map;

/**
 * The start-up check of the configuration, run by the bootstrap before the application starts: a bad
 * configuration (unknown key, bad value, missing or invalid passport, rules file or prompt handler)
 * stops the JVM with one line before anything else happens.
 */
public final class ConfigCheck {

    private ConfigCheck() {
    }

    /** What is wrong with the configuration, in one line; null when nothing is. */
    public static String check(Map<String, String> settings, String args) {
        try {
            if (JdkBridge.exists()) {
                return "the launch gate is already installed (is cmdgate given twice?)";
            }
            AgentRuntime.validate(ConfigParser.parse(settings, args));
            return null;
        } catch (ConfigException | IllegalArgumentException | IllegalStateException e) {
            return e.getMessage();
        }
    }
}
