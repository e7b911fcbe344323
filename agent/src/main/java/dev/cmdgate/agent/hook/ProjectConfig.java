package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * A repository's own configuration, {@code .cmdgate/config.properties} in the working directory or any directory
 * above it. A repository is not trusted: it may only make the user's decisions stricter, so only the keys that can
 * be read that way are taken, and each is combined with the user's as the stricter of the two — a lower tier or
 * a level gate added to the user's, {@code mode=enforce}, a stricter prompt answer, a passport that must also allow,
 * rules that count only where they rate a line higher than the built-in rules do. Any other key, or a bad value,
 * is a configuration error (the call is denied).
 *
 * @param scheme another gate the decision must pass (null: none)
 * @param mode   null when the file does not set it
 * @param prompt null when the file does not set it
 * @param rules  a rules file (null: none)
 * @param policy a passport file (null: none)
 */
record ProjectConfig(Path file, GateScheme scheme, AgentConfig.Mode mode, PromptRoute prompt, Path rules, Path policy) {

    static final String RELATIVE = ".cmdgate/config.properties";
    private static final List<String> KEYS = List.of("autonomy", "level", "mode", "prompt", "rules", "policy");

    /** The files of the working directory and every directory above it, nearest first. */
    static List<ProjectConfig> above(String cwd) {
        List<ProjectConfig> found = new ArrayList<>();
        for (Path dir = Path.of(cwd); dir != null; dir = dir.getParent()) {
            Path f = dir.resolve(RELATIVE);
            if (Files.exists(f)) {
                found.add(read(f));
            }
        }
        return found;
    }

    static ProjectConfig read(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(file + ": cannot read (" + e.getMessage() + ")");
        }
        String autonomy = null;
        String level = null;
        String mode = null;
        String prompt = null;
        String rules = null;
        String policy = null;
        for (String name : p.stringPropertyNames()) {
            String key = name.startsWith("cmdgate.") ? name.substring("cmdgate.".length()) : name;
            String value = p.getProperty(name).trim();
            switch (key) {
                case "autonomy" -> autonomy = value;
                case "level" -> level = value;
                case "mode" -> mode = value;
                case "prompt" -> prompt = value;
                case "rules" -> rules = value;
                case "policy" -> policy = value;
                default -> throw new ConfigException(file + ": a project's configuration may set only "
                        + String.join(", ", KEYS) + " (found " + name + ")");
            }
        }
        if (autonomy != null && level != null) {
            throw new ConfigException(file + ": cmdgate.level and cmdgate.autonomy are alternatives: set one of them");
        }
        GateScheme scheme;
        try {
            scheme = autonomy != null ? new GateScheme.ByAutonomy(Autonomy.parse(autonomy))
                    : level != null ? new GateScheme.ByLevel(RiskLevel.parse(level)) : null;
        } catch (IllegalArgumentException e) {
            throw new ConfigException(file + ": " + e.getMessage());
        }
        AgentConfig.Mode m = null;
        if (mode != null) {
            switch (mode.toLowerCase(Locale.ROOT)) {
                case "enforce" -> m = AgentConfig.Mode.ENFORCE;
                case "audit" -> m = AgentConfig.Mode.AUDIT;
                default -> throw new ConfigException(file + ": bad value for cmdgate.mode: '" + mode + "' (enforce or audit)");
            }
        }
        return new ProjectConfig(file, scheme, m, prompt == null ? null : PromptRoute.of(prompt, file.toString()),
                file(file, "rules", rules), file(file, "policy", policy));
    }

    /** A path from the file's directory, which must be a readable file (a policy server is not a project's to name). */
    private static Path file(Path config, String key, String value) {
        if (value == null) {
            return null;
        }
        if (value.contains("://")) {
            throw new ConfigException(config + ": cmdgate." + key + " must be a file");
        }
        Path p = config.getParent().getParent().resolve(value).normalize();
        if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            throw new ConfigException(config + ": bad value for cmdgate." + key + ": " + p + " is not a readable file");
        }
        return p;
    }
}
