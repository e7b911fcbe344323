package dev.cmdgate.agent.config;

import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The validated configuration of one JVM. Built once at start-up by {@link ConfigParser}; never
 * changes afterwards.
 *
 * @param children        whether JVMs this one launches get cmdgate with this configuration
 * @param refusal         what a refused launch throws: SecurityException, or IOException whose cause it is
 * @param callerSkip      packages whose frames the audit's caller skips, besides the known launcher libraries
 * @param startProperties the system properties the rules' trust rows may name, as they were at start-up
 */
public record AgentConfig(
        GateScheme scheme,
        Mode mode,
        Path policy,
        String prompt,
        Duration promptTimeout,
        Path audit,
        AuditFailure auditFailure,
        Path rules,
        StdinMode stdin,
        Path signingKey,
        Children children,
        Refusal refusal,
        List<String> callerSkip,
        Map<String, String> startProperties,
        AuditRotation rotation) {

    public AgentConfig {
        callerSkip = callerSkip == null ? List.of() : List.copyOf(callerSkip);
        startProperties = startProperties == null ? Map.of() : Map.copyOf(startProperties);
        rotation = rotation == null ? AuditRotation.NONE : rotation;
    }

    /** With no rotation of the audit file. */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey, Children children,
                       Refusal refusal, List<String> callerSkip, Map<String, String> startProperties) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey, children, refusal,
                callerSkip, startProperties, AuditRotation.NONE);
    }

    /**
     * Size-based rotation of the audit file.
     *
     * @param maxBytes the size at which the file is rotated; 0: never
     * @param keep     how many rotated files are kept (FILE.1 … FILE.keep)
     */
    public record AuditRotation(long maxBytes, int keep) {
        public static final AuditRotation NONE = new AuditRotation(0, 5);
    }

    /** A configuration with the defaults for everything added since the first ten settings. */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey,
                Children.GATE, Refusal.SECURITY, List.of(), Map.of(), AuditRotation.NONE);
    }

    public enum Mode { ENFORCE, AUDIT }

    /** Whether a JVM launched by this one runs under cmdgate with the same configuration. */
    public enum Children { GATE, OFF }

    /** What the application gets for a refused launch. */
    public enum Refusal { SECURITY, IO }

    public enum StdinMode { OFF, GATE }

    /** What a launch does when its audit line cannot be written: refused (the default) or let through. */
    public enum AuditFailure { BLOCK, CONTINUE }

    public String modeLabel() {
        return mode.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * This configuration as bare keys and values (paths absolute), from which
     * {@link ConfigParser#fromCheckedSettings} builds it again: how the start-up check hands it on.
     */
    public Map<String, String> settings() {
        Map<String, String> m = new HashMap<>();
        if (scheme instanceof GateScheme.ByLevel l) {
            m.put("level", l.threshold().label());
        } else if (scheme instanceof GateScheme.ByAutonomy a) {
            m.put("autonomy", a.autonomy().name().toLowerCase(Locale.ROOT));
        }
        m.put("mode", modeLabel());
        m.put("prompt", prompt);
        m.put("prompt.timeout", Long.toString(promptTimeout.toSeconds()));
        m.put("audit.failure", auditFailure.name().toLowerCase(Locale.ROOT));
        m.put("stdin", stdin.name().toLowerCase(Locale.ROOT));
        put(m, "policy", policy);
        put(m, "audit", audit);
        put(m, "rules", rules);
        put(m, "signing.key", signingKey);
        m.put("children", children.name().toLowerCase(Locale.ROOT));
        m.put("refusal", refusal.name().toLowerCase(Locale.ROOT));
        if (rotation.maxBytes() > 0) {
            m.put("audit.rotate.size", Long.toString(rotation.maxBytes()));
            m.put("audit.rotate.keep", Integer.toString(rotation.keep()));
        }
        if (!callerSkip.isEmpty()) {
            m.put("caller.skip", String.join(",", callerSkip));
        }
        for (Map.Entry<String, String> e : startProperties.entrySet()) {
            m.put(ConfigParser.START_PROPERTY + e.getKey(), e.getValue());
        }
        return m;
    }

    private static void put(Map<String, String> m, String key, Path p) {
        if (p != null) {
            m.put(key, p.toString());
        }
    }
}
