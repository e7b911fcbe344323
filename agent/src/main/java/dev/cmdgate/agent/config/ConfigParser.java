package dev.cmdgate.agent.config;

import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Reads {@code cmdgate.*} system properties and agent arguments ({@code key=value,key=value};
 * arguments win). Unknown keys and bad values are errors: a security tool must never silently
 * ignore what its user asked for.
 */
public final class ConfigParser {

    public static final String PREFIX = "cmdgate.";
    static final Set<String> KEYS = Set.of("autonomy", "level", "mode", "policy", "prompt", "prompt.timeout",
            "audit", "audit.failure", "rules", "stdin", "signing.key", "secrets");
    private static final Set<String> BUILT_IN_PROMPTS = Set.of("auto", "deny", "allow", "console");

    private ConfigParser() {
    }

    public static AgentConfig parse(Properties systemProperties, String agentArgs) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String name : systemProperties.stringPropertyNames()) {
            properties.put(name, systemProperties.getProperty(name));
        }
        return parse(properties, agentArgs);
    }

    /** As {@link #parse(Properties, String)}, from the system properties read into a map. */
    public static AgentConfig parse(Map<String, String> systemProperties, String agentArgs) {
        Map<String, String> raw = new LinkedHashMap<>();
        for (Map.Entry<String, String> p : systemProperties.entrySet()) {
            if (p.getKey().startsWith(PREFIX)) {
                raw.put(p.getKey().substring(PREFIX.length()), p.getValue());
            }
        }
        if (agentArgs != null && !agentArgs.isBlank()) {
            for (String pair : agentArgs.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new ConfigException("agent argument '" + pair.trim() + "' is not key=value");
                }
                String key = pair.substring(0, eq).trim();
                raw.put(key.startsWith(PREFIX) ? key.substring(PREFIX.length()) : key, pair.substring(eq + 1).trim());
            }
        }
        return fromMap(raw);
    }

    /** Builds a configuration from bare keys (without the {@code cmdgate.} prefix), checking the files it names. */
    public static AgentConfig fromMap(Map<String, String> raw) {
        return fromMap(raw, true);
    }

    /**
     * Builds the configuration {@link AgentConfig#settings()} describes: one that was checked at
     * start-up. Its files are not checked again — they may change while the JVM runs (an audit file
     * replaced by a directory, a passport deleted), and each launch deals with that itself.
     */
    public static AgentConfig fromCheckedSettings(Map<String, String> settings) {
        return fromMap(settings, false);
    }

    private static AgentConfig fromMap(Map<String, String> raw, boolean checkFiles) {
        for (String key : raw.keySet()) {
            if (!KEYS.contains(key)) {
                throw new ConfigException("unknown key " + PREFIX + key + " (known: " + String.join(", ", sorted()) + ")");
            }
        }
        if (raw.containsKey("level") && raw.containsKey("autonomy")) {
            throw new ConfigException(PREFIX + "level and " + PREFIX + "autonomy are alternatives: set one of them");
        }
        GateScheme scheme;
        AgentConfig.Mode mode;
        AgentConfig.StdinMode stdin;
        AgentConfig.AuditFailure auditFailure;
        AgentConfig.SecretsMode secrets;
        Duration timeout;
        String key = null;
        // No lambdas or method references here: this runs in premain, and the first lambda of a JVM
        // costs it tens of milliseconds of start-up.
        try {
            key = "level";
            scheme = raw.containsKey(key) ? new GateScheme.ByLevel(RiskLevel.parse(raw.get(key))) : null;
            key = "autonomy";
            if (scheme == null) {
                scheme = new GateScheme.ByAutonomy(raw.containsKey(key) ? Autonomy.parse(raw.get(key)) : Autonomy.SUPERVISED);
            }
            key = "mode";
            mode = raw.containsKey(key) ? enumValue(AgentConfig.Mode.class, raw.get(key), "enforce or audit") : AgentConfig.Mode.ENFORCE;
            key = "prompt.timeout";
            timeout = raw.containsKey(key) ? seconds(raw.get(key)) : Duration.ofSeconds(60);
            key = "stdin";
            stdin = raw.containsKey(key) ? enumValue(AgentConfig.StdinMode.class, raw.get(key), "off or gate") : AgentConfig.StdinMode.OFF;
            key = "audit.failure";
            auditFailure = raw.containsKey(key)
                    ? enumValue(AgentConfig.AuditFailure.class, raw.get(key), "block or continue") : AgentConfig.AuditFailure.BLOCK;
            key = "secrets";
            secrets = raw.containsKey(key)
                    ? enumValue(AgentConfig.SecretsMode.class, raw.get(key), "pass or scrub") : AgentConfig.SecretsMode.PASS;
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad value for " + PREFIX + key + ": " + e.getMessage());
        }
        String prompt = raw.getOrDefault("prompt", "auto").trim();
        if (prompt.isEmpty() || !(BUILT_IN_PROMPTS.contains(prompt) || isClassName(prompt))) {
            throw new ConfigException("bad value for " + PREFIX + "prompt: '" + prompt
                    + "' (expected auto, deny, allow, console or a class name)");
        }
        return new AgentConfig(scheme, mode,
                readableFile(raw, "policy", checkFiles), prompt, timeout,
                auditFile(raw, checkFiles), auditFailure, readableFile(raw, "rules", checkFiles), stdin,
                readableFile(raw, "signing.key", checkFiles), secrets);
    }

    private static Set<String> sorted() {
        return new java.util.TreeSet<>(KEYS);
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String s, String expected) {
        try {
            return Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + s + "' (expected " + expected + ")");
        }
    }

    private static Duration seconds(String s) {
        try {
            long n = Long.parseLong(s.trim());
            if (n < 1 || n > 86_400) {
                throw new NumberFormatException();
            }
            return Duration.ofSeconds(n);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' (expected whole seconds from 1 to 86400)");
        }
    }

    private static boolean isClassName(String s) {
        for (String part : s.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
                return false;
            }
            for (int i = 1; i < part.length(); i++) {
                if (!Character.isJavaIdentifierPart(part.charAt(i))) {
                    return false;
                }
            }
        }
        return s.contains(".");
    }

    private static Path readableFile(Map<String, String> raw, String key, boolean check) {
        String v = raw.get(key);
        if (v == null) {
            return null;
        }
        Path p = Path.of(v.trim()).toAbsolutePath();
        if (check && (!Files.isRegularFile(p) || !Files.isReadable(p))) {
            throw new ConfigException("bad value for " + PREFIX + key + ": " + p + " is not a readable file");
        }
        return p;
    }

    private static Path auditFile(Map<String, String> raw, boolean check) {
        String v = raw.get("audit");
        if (v == null) {
            return null;
        }
        if (v.isBlank()) {
            throw new ConfigException("bad value for " + PREFIX + "audit: empty path");
        }
        Path p = Path.of(v.trim()).toAbsolutePath();
        Path dir = p.getParent();
        if (check && (Files.isDirectory(p) || dir == null || !Files.isDirectory(dir))) {
            throw new ConfigException("bad value for " + PREFIX + "audit: " + p
                    + " must be a file in an existing directory");
        }
        return p;
    }
}
