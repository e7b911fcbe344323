package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The user's word on the resident decider: {@code hook.resident=on|off} (on by default) and
 * {@code hook.resident.idle=SECONDS} (how long it waits for a call before it ends, 600 by default), from the same
 * file the hook's configuration comes from. A repository's configuration cannot set them (only the user chooses how
 * the guard runs). A bad value is a configuration error, as any other.
 */
record ResidentSetting(boolean on, long idleSeconds) {

    static final long DEFAULT_IDLE_SECONDS = 600;

    /** From the file a call's configuration is read from (the {@code --config} file, else the user's, if any). */
    static ResidentSetting of(Path file) {
        if (file == null || !Files.exists(file)) {
            return new ResidentSetting(true, DEFAULT_IDLE_SECONDS);
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException(file + ": " + e.getMessage());
        }
        String on = p.getProperty("hook.resident", "on").trim();
        if (!on.equals("on") && !on.equals("off")) {
            throw new ConfigException(file + ": bad value for hook.resident: '" + on + "' (on or off)");
        }
        String idle = p.getProperty("hook.resident.idle", Long.toString(DEFAULT_IDLE_SECONDS)).trim();
        long seconds;
        try {
            seconds = Long.parseLong(idle);
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        if (seconds < 1 || seconds > 86_400) {
            throw new ConfigException(file + ": bad value for hook.resident.idle: '" + idle + "' (seconds, 1 to 86400)");
        }
        return new ResidentSetting(on.equals("on"), seconds);
    }

    /** The setting for a call given {@code --config explicit} (null: the user's file). */
    static ResidentSetting forCall(Path explicit) {
        return of(explicit != null ? explicit.toAbsolutePath() : UserConfig.defaultFile());
    }
}
