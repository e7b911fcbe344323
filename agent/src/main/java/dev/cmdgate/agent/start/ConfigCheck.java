package dev.cmdgate.agent.start;

import dev.cmdgate.agent.ConfigTargets;
import dev.cmdgate.agent.bridge.JdkBridge;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.config.ConfigParser;
import java.util.HashMap;
import java.util.Map;

/**
 * The start-up check of the configuration, run by the bootstrap before the application starts: a bad
 * configuration (unknown key, bad value, missing or invalid passport, rules file or prompt handler)
 * stops the JVM with one line before anything else happens.
 */
public final class ConfigCheck {

    /**
     * The key under which the returned settings carry the user rules file's text as checked: the gate is built from
     * it, so application code rewriting the file after the check changes nothing. No setting's key can be this one.
     */
    public static final String RULES_TEXT = "\0rules.text";
    /**
     * The key that marks settings premain left to cmdgate's module to check (none at all: the bootstrap's
     * {@code CheckedInModule}): the start-up properties, raw, and the agent arguments
     * under {@link #ARGS}. The bootstrap spells both out itself (it cannot see this class); {@code CheckedInModuleTest}
     * holds them equal.
     */
    public static final String UNCHECKED = "\0unchecked";
    /** The agent arguments among settings marked {@link #UNCHECKED}. */
    public static final String ARGS = "\0args";

    private ConfigCheck() {
    }

    /**
     * The checked settings from what the bootstrap handed over: as they are when premain checked them, or checked
     * here, in cmdgate's module, when premain left them to it ({@link #UNCHECKED}). Nothing is taken on trust:
     * they go through the same check, only later and without a throwaway loader.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static Map<String, String> settings(Map<String, String> handed) {
        if (!handed.containsKey(UNCHECKED)) {
            return handed;
        }
        Map<String, String> raw = new HashMap<>(handed);
        raw.remove(UNCHECKED);
        String args = raw.remove(ARGS);
        Object answer = check(raw, args);
        if (answer instanceof String problem) {
            throw new IllegalArgumentException(problem);
        }
        @SuppressWarnings("unchecked")
        Map<String, String> checked = (Map<String, String>) answer;
        return checked;
    }

    /**
     * Checks the configuration given by the {@code cmdgate.*} system properties, the agent arguments and
     * a {@code cmdgate.config} file; what one source overrides in another is said on stderr in one line.
     *
     * @return what is wrong with it, in one line (a String); or, when nothing is, the checked
     *         configuration as a map of bare keys to values with absolute paths (see
     *         {@code AgentConfig.settings()}) for cmdgate's module to build its gate from, with the user rules
     *         file's text under {@link #RULES_TEXT}
     */
    public static Object check(Map<String, String> systemProperties, String args) {
        try {
            if (JdkBridge.exists()) {
                return "the launch gate is already installed (is cmdgate given twice?)";
            }
            ConfigParser.Parsed parsed = ConfigParser.read(systemProperties, args);
            String rulesText = ConfigTargets.check(parsed.config());
            if (parsed.notes() != null) {
                // overridden and repeated settings: not errors, but never silent
                System.err.println(parsed.notes());
            }
            Map<String, String> settings = parsed.config().settings();
            if (rulesText != null) {
                settings.put(RULES_TEXT, rulesText);
            }
            return settings;
        } catch (ConfigException | IllegalArgumentException | IllegalStateException e) {
            return e.getMessage();
        }
    }
}
