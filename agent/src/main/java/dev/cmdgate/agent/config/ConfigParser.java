package dev.cmdgate.agent.config;

import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.rules.TrustRule;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the configuration: a properties file named by {@code cmdgate.config}, then {@code cmdgate.*}
 * system properties, then agent arguments ({@code key=value,key=value}); each later source wins over
 * the earlier ones, and every value that was overridden or given twice is reported in one line at start.
 * Unknown keys and bad values are errors, and a key given twice as an agent argument with two different
 * values is one: a security tool must never silently ignore what its user asked for.
 *
 * <p>A configuration cmdgate passes on to a child JVM is marked {@code sealed=true}: such a JVM takes its
 * configuration from its agent arguments only, and reports (then ignores) any {@code cmdgate.*} system
 * property or configuration file the application gave it.
 */
public final class ConfigParser {

    public static final String PREFIX = "cmdgate.";
    static final Set<String> KEYS = Set.of("autonomy", "level", "mode", "policy", "prompt", "prompt.timeout",
            "audit", "audit.failure", "audit.rotate.size", "audit.rotate.keep", "audit.sign.every", "rules", "stdin", "signing.key", "config",
            "children", "refusal", "caller.skip", "policy.poll", "policy.long-poll", "policy.stale", "policy.on-stale", "policy.state",
            "policy.wait", "policy.timeout", "policy.key", "policy.ca", "policy.client.cert", "policy.client.key",
            "policy.token.file", "policy.token.env", "policy.secret.file", "policy.key.id", "policy.scope", "decision.url", "decision.pack", "decision.agent",
            "decision.timeout", "decision.on-error", "decision.token.file", "decision.token.env",
            "prompt.ca", "prompt.client.cert", "prompt.client.key", "prompt.token.file", "prompt.token.env", "service",
            "sealed", "secrets", "warmup", "hook.resident", "hook.resident.idle");
    /** Keys whose value is a comma-separated list: in agent arguments the list goes on up to the next {@code key=}. */
    private static final Set<String> LIST_KEYS = Set.of("caller.skip");
    private static final Set<String> BUILT_IN_PROMPTS = Set.of("auto", "deny", "allow", "console");
    /**
     * The system properties trust rows in the rules file may name ({@link TrustRule#PLACEHOLDER_NAMES}), read with the
     * configuration at start-up and carried in the checked settings with this prefix, so that a property
     * the application sets later changes nothing.
     */
    static final String START_PROPERTY = "@";

    private ConfigParser() {
    }

    /** What was read, and what is worth one line on stderr at start (null when nothing is). */
    public record Parsed(AgentConfig config, String notes) {
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
        return read(systemProperties, agentArgs).config();
    }

    /**
     * Reads the configuration from the system properties (all of them, or at least the {@code cmdgate.*}
     * ones and those trust rows may name) and the agent arguments.
     */
    public static Parsed read(Map<String, String> systemProperties, String agentArgs) {
        List<String> notes = new ArrayList<>();
        Map<String, String> args = agentArguments(agentArgs, notes);
        boolean sealed = "true".equals(args.get("sealed"));
        Map<String, String> properties = new LinkedHashMap<>();
        for (Map.Entry<String, String> p : systemProperties.entrySet()) {
            if (p.getKey().startsWith(PREFIX)) {
                properties.put(p.getKey().substring(PREFIX.length()), p.getValue());
            }
        }
        Map<String, String> raw = new LinkedHashMap<>();
        if (sealed) {
            if (!properties.isEmpty()) {
                notes.add("ignored " + describe(properties, "-D" + PREFIX) + ": this JVM was started by a gated JVM and"
                        + " runs with the configuration it was given");
            }
        } else {
            String file = args.containsKey("config") ? args.get("config") : properties.get("config");
            Path configFile = file == null ? null : configPath(file);
            if (configFile != null) {
                for (Map.Entry<String, String> e : configFile(configFile).entrySet()) {
                    raw.put(e.getKey(), e.getValue());
                }
            }
            Map<String, String> fromFile = new LinkedHashMap<>(raw);
            overlay(raw, properties, fromFile, "-D" + PREFIX, "the configuration file", notes);
            Map<String, String> before = new LinkedHashMap<>(raw);
            overlay(raw, args, before, "an agent argument", "-D" + PREFIX + " or the configuration file", notes);
            raw.remove("config");
            if (configFile != null) {
                raw.put("config", configFile.toString());   // the file read, kept among the gate's own files
            }
        }
        if (sealed) {
            raw.putAll(args);
        }
        for (String k : TrustRule.PLACEHOLDER_NAMES.split(" ")) {
            String v = systemProperties.get(k);
            if (v != null) {
                raw.put(START_PROPERTY + k, v);
            }
        }
        AgentConfig config = fromMap(raw, true);
        return new Parsed(config, notes.isEmpty() ? null : "cmdgate: configuration: " + String.join("; ", notes));
    }

    /** Puts {@code later} over {@code raw}, noting each value it changes. */
    private static void overlay(Map<String, String> raw, Map<String, String> later, Map<String, String> earlier,
                                String laterName, String earlierName, List<String> notes) {
        for (Map.Entry<String, String> e : later.entrySet()) {
            String old = earlier.get(e.getKey());
            if (old != null && !old.equals(e.getValue()) && !e.getKey().equals("config")) {
                notes.add(e.getKey() + "=" + e.getValue() + " (" + laterName + ") overrides " + e.getKey() + "=" + old
                        + " (" + earlierName + ")");
            }
            raw.put(e.getKey(), e.getValue());
        }
    }

    private static String describe(Map<String, String> m, String prefix) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : new TreeMap<>(m).entrySet()) {
            parts.add(prefix + e.getKey() + "=" + e.getValue());
        }
        return String.join(" ", parts);
    }

    /**
     * {@code key=value,key=value} with bare keys (a {@code cmdgate.} prefix is allowed); a list key's value
     * goes on over commas up to the next {@code key=}. A key given twice with the same value is noted; with
     * two different values it is an error: which one was meant cannot be known.
     */
    private static Map<String, String> agentArguments(String agentArgs, List<String> notes) {
        Map<String, String> args = new LinkedHashMap<>();
        if (agentArgs == null || agentArgs.isBlank()) {
            return args;
        }
        String listKey = null;
        for (String pair : agentArgs.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 && listKey != null && !pair.isBlank()) {
                args.put(listKey, args.get(listKey) + "," + pair.trim());
                continue;
            }
            if (eq <= 0) {
                throw new ConfigException("agent argument '" + pair.trim() + "' is not key=value");
            }
            String key = pair.substring(0, eq).trim();
            key = key.startsWith(PREFIX) ? key.substring(PREFIX.length()) : key;
            String value = pair.substring(eq + 1).trim();
            String old = args.get(key);
            if (old != null) {
                if (!old.equals(value)) {
                    throw new ConfigException("agent argument " + key + " is given twice, as '" + old + "' and as '" + value
                            + "': give it once");
                }
                notes.add(key + "=" + value + " is given twice as an agent argument");
            }
            args.put(key, value);
            listKey = LIST_KEYS.contains(key) ? key : null;
        }
        return args;
    }

    private static Path configPath(String name) {
        try {
            return Path.of(name.trim()).toAbsolutePath();
        } catch (RuntimeException e) {
            throw new ConfigException("bad value for " + PREFIX + "config: '" + name + "' is not a path");
        }
    }

    /** The keys of a {@code cmdgate.config} properties file (with or without the {@code cmdgate.} prefix). */
    private static Map<String, String> configFile(Path p) {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            props.load(in);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("bad value for " + PREFIX + "config: cannot read " + p + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : new TreeMap<>(toMap(props)).keySet()) {
            String key = k.startsWith(PREFIX) ? k.substring(PREFIX.length()) : k;
            if (key.equals("config") || key.equals("sealed")) {
                throw new ConfigException(p + ": " + PREFIX + key + " cannot be set in a configuration file");
            }
            if (!KEYS.contains(key)) {
                throw new ConfigException(p + ": " + unknownKey(key));
            }
            out.put(key, props.getProperty(k).trim());
        }
        return out;
    }

    private static Map<String, String> toMap(Properties props) {
        Map<String, String> m = new HashMap<>();
        for (String k : props.stringPropertyNames()) {
            m.put(k, props.getProperty(k));
        }
        return m;
    }

    /** {@code unknown key cmdgate.X (did you mean cmdgate.Y?)}, or the known keys when none is close. */
    static String unknownKey(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : sorted()) {
            int d = distance(key, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        if (best != null && bestDistance <= Math.max(2, key.length() / 3)) {
            return "unknown key " + PREFIX + key + " (did you mean " + PREFIX + best + "?)";
        }
        return "unknown key " + PREFIX + key + " (known: " + String.join(", ", sorted()) + ")";
    }

    /** Edit distance (insertions, deletions, substitutions). */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
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

    private static AgentConfig fromMap(Map<String, String> given, boolean checkFiles) {
        Map<String, String> raw = new LinkedHashMap<>();
        Map<String, String> startProperties = new HashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = e.getKey();
            if (key.startsWith(START_PROPERTY)) {
                startProperties.put(key.substring(START_PROPERTY.length()), e.getValue());
            } else if (!KEYS.contains(key)) {
                throw new ConfigException(unknownKey(key));
            } else if (!key.equals("sealed")) {
                raw.put(key, e.getValue());
            }
        }
        if (given.containsKey("sealed") && !"true".equals(given.get("sealed"))) {
            throw new ConfigException("bad value for " + PREFIX + "sealed: '" + given.get("sealed") + "' (only true)");
        }
        if (raw.containsKey("level") && raw.containsKey("autonomy")) {
            throw new ConfigException(PREFIX + "level and " + PREFIX + "autonomy are alternatives: set one of them");
        }
        GateScheme scheme;
        AgentConfig.Mode mode;
        AgentConfig.StdinMode stdin;
        AgentConfig.AuditFailure auditFailure;
        AgentConfig.Children children;
        AgentConfig.Refusal refusal;
        AgentConfig.SecretsMode secrets;
        AgentConfig.WarmUp warmUp;
        Duration timeout;
        AgentConfig.AuditOptions rotation;
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
            key = "children";
            children = raw.containsKey(key)
                    ? enumValue(AgentConfig.Children.class, raw.get(key), "gate or off") : AgentConfig.Children.GATE;
            key = "refusal";
            refusal = raw.containsKey(key)
                    ? enumValue(AgentConfig.Refusal.class, raw.get(key), "security or io") : AgentConfig.Refusal.SECURITY;
            key = "secrets";
            secrets = raw.containsKey(key)
                    ? enumValue(AgentConfig.SecretsMode.class, raw.get(key), "pass or scrub") : AgentConfig.SecretsMode.PASS;
            key = "warmup";
            warmUp = raw.containsKey(key) ? enumValue(AgentConfig.WarmUp.class, raw.get(key), "on or off") : AgentConfig.WarmUp.ON;
            key = "audit.rotate.size";
            long maxBytes = raw.containsKey(key) ? bytes(raw.get(key)) : 0;
            key = "audit.rotate.keep";
            int keep = raw.containsKey(key) ? (int) whole(raw.get(key), 1, 1000) : AgentConfig.AuditOptions.NONE.keep();
            if (raw.containsKey(key) && maxBytes == 0) {
                key = "audit.rotate.size";
                throw new IllegalArgumentException("not set (" + PREFIX + "audit.rotate.keep needs it)");
            }
            key = "audit.sign.every";
            int signEvery = raw.containsKey(key) ? (int) whole(raw.get(key), 1, 1_000_000) : 0;
            if (signEvery > 0 && (raw.get("signing.key") == null || raw.get("audit") == null)) {
                throw new IllegalArgumentException("needs " + PREFIX + "audit and " + PREFIX
                        + "signing.key (the Ed25519 key the chain is signed with)");
            }
            rotation = new AgentConfig.AuditOptions(maxBytes, keep, signEvery);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad value for " + PREFIX + key + ": " + e.getMessage());
        }
        String prompt = raw.getOrDefault("prompt", "auto").trim();
        boolean url = prompt.regionMatches(true, 0, "http://", 0, 7) || prompt.regionMatches(true, 0, "https://", 0, 8);
        if (prompt.isEmpty() || !(BUILT_IN_PROMPTS.contains(prompt) || isClassName(prompt) || url)) {
            throw new ConfigException("bad value for " + PREFIX + "prompt: '" + prompt
                    + "' (expected auto, deny, allow, console, the URL of an approval service, or the binary name of a class,"
                    + " e.g. com.acme.Handler or Handler)");
        }
        // read only where an approval service is named, so that other JVMs load none of its classes
        AgentConfig.RemotePrompt remotePrompt = url || namesApprovalService(raw) ? RemotePromptParser.parse(raw, checkFiles) : null;
        AgentConfig.RemotePolicy remote = RemotePolicyParser.parse(raw, checkFiles);
        AgentConfig config = new AgentConfig(scheme, mode,
                remote != null ? null : readableFile(raw, "policy", checkFiles), prompt, timeout,
                auditFile(raw, checkFiles), auditFailure, readableFile(raw, "rules", checkFiles), stdin,
                readableFile(raw, "signing.key", checkFiles), children, refusal, packages(raw.get("caller.skip")),
                startProperties, secrets, rotation, remote, warmUp, DecisionPointParser.parse(raw, checkFiles), remotePrompt,
                readConfigFile(raw));
        if (checkFiles && children == AgentConfig.Children.GATE) {
            String problem = ChildSettings.unpassable(config);
            if (problem != null) {
                throw new ConfigException(problem + "; rename it, or set " + PREFIX + "children=off");
            }
        }
        return config;
    }

    /** Whether a key of an approval service is set ({@code service}, a {@code prompt.*} key but the timeout). */
    private static boolean namesApprovalService(Map<String, String> raw) {
        for (String k : raw.keySet()) {
            if (k.equals("service") || (k.startsWith("prompt.") && !k.equals("prompt.timeout"))) {
                return true;
            }
        }
        return false;
    }

    /** {@code caller.skip}: package names, comma-separated. */
    private static List<String> packages(String value) {
        List<String> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        for (String p : value.split(",")) {
            String pkg = p.trim();
            if (pkg.endsWith(".")) {
                pkg = pkg.substring(0, pkg.length() - 1);
            }
            if (pkg.isEmpty()) {
                continue;
            }
            if (!isClassName(pkg)) {
                throw new ConfigException("bad value for " + PREFIX + "caller.skip: '" + p.trim() + "' is not a package name");
            }
            out.add(pkg);
        }
        return out;
    }

    /** The keys a user sets (not {@code sealed}, which cmdgate sets on what it passes to a child JVM), sorted. */
    private static Set<String> sorted() {
        Set<String> keys = new java.util.TreeSet<>(KEYS);
        keys.remove("sealed");
        return keys;
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String s, String expected) {
        try {
            return Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + s + "' (expected " + expected + ")");
        }
    }

    /** A size: bytes, or a number with K, M or G (powers of 1024); at least 64K. */
    static long bytes(String s) {
        String v = s.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (v.endsWith("K") || v.endsWith("M") || v.endsWith("G")) {
            unit = v.endsWith("K") ? 1L << 10 : v.endsWith("M") ? 1L << 20 : 1L << 30;
            v = v.substring(0, v.length() - 1);
        }
        try {
            long n = Long.parseLong(v) * unit;
            if (n < 64 * 1024 || n > (1L << 40)) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' (expected a size from 64K to 1024G: bytes, or a number with K, M or G)");
        }
    }

    /** A whole number from {@code min} to {@code max}. */
    static long whole(String s, long min, long max) {
        try {
            long n = Long.parseLong(s.trim());
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' (expected a whole number from " + min + " to " + max + ")");
        }
    }

    static Duration seconds(String s) {
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

    /** A binary class name, with or without a package ({@code com.acme.Handler}, {@code Handler}, {@code a.B$C}). */
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
        return true;
    }

    static Path readableFile(Map<String, String> raw, String key, boolean check) {
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

    /**
     * The {@code cmdgate.config} file the settings were read from ({@link #read} reads it; a child JVM's sealed
     * settings and the checked settings carry its path), never read again here.
     */
    private static Path readConfigFile(Map<String, String> raw) {
        String v = raw.get("config");
        return v == null || v.isBlank() ? null : Path.of(v.trim()).toAbsolutePath();
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
