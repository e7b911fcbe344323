package dev.cmdgate.agent.config;

import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The validated configuration of one JVM (DESIGN.md section 3). Built once at start-up by
 * {@link ConfigParser}; never changes afterwards.
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
        SecretsMode secrets) {

    public enum Mode { ENFORCE, AUDIT }

    /**
     * What a launched process gets of the secret variables in its environment: all of them (the default, so no
     * application breaks), or only those the rules grant to every program it runs.
     */
    public enum SecretsMode { PASS, SCRUB }

    /** A configuration that passes secrets on (as before {@code cmdgate.secrets} existed). */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey, SecretsMode.PASS);
    }

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
        m.put("secrets", secrets.name().toLowerCase(Locale.ROOT));
        put(m, "policy", policy);
        put(m, "audit", audit);
        put(m, "rules", rules);
        put(m, "signing.key", signingKey);
        return m;
    }

    private static void put(Map<String, String> m, String key, Path p) {
        if (p != null) {
            m.put(key, p.toString());
        }
    }
}
