package dev.cmdgate.agent.config;

import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Path;
import java.time.Duration;

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
        Path signingKey) {

    public enum Mode { ENFORCE, AUDIT }

    public enum StdinMode { OFF, GATE }

    /** What a launch does when its audit line cannot be written: refused (the default) or let through. */
    public enum AuditFailure { BLOCK, CONTINUE }

    public String modeLabel() {
        return mode.name().toLowerCase(java.util.Locale.ROOT);
    }
}
