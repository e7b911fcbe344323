package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.config.ConfigParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The user's configuration of the hook: the agent's keys, from {@code --config FILE} or else
 * {@code ~/.config/cmdgate/config.properties} (the home directory from the password database, as the JVM's
 * {@code user.home}, not from {@code HOME}), read and checked by the agent's own parser; the defaults when there
 * is no such file.
 *
 * @param file the file read, or null
 */
record UserConfig(AgentConfig config, Path file) {

    static final String RELATIVE = ".config/cmdgate/config.properties";

    /** The file a hook reads when no {@code --config} is given. */
    static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), RELATIVE);
    }

    static UserConfig load(Path explicit) {
        Path file = explicit != null ? explicit.toAbsolutePath() : defaultFile();
        if (explicit == null && !Files.exists(file)) {
            file = null;
        }
        Map<String, String> properties = new HashMap<>();
        for (String k : new String[] {"java.home", "java.io.tmpdir", "user.dir", "user.home"}) {
            String v = System.getProperty(k);
            if (v != null) {
                properties.put(k, v);
            }
        }
        if (file != null) {
            properties.put(ConfigParser.PREFIX + "config", file.toString());
        }
        AgentConfig config = ConfigParser.read(properties, null).config();
        String where = file == null ? "the defaults" : file.toString();
        if (config.remote() != null) {
            throw new ConfigException(where + ": cmdgate.policy is a policy server; a hook reads a passport file only");
        }
        if (config.decisionPoint() != null) {
            throw new ConfigException(where + ": cmdgate.decision.url is not supported by a hook (it would wait on the"
                    + " network on every tool call)");
        }
        PromptRoute.of(config.prompt(), where);
        ResidentSetting.of(file);   // its values are checked as the others are
        return new UserConfig(config, file);
    }
}
