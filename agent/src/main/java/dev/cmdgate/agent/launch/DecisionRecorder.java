package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.metrics.DecisionCounters;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.gate.GateDecision;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Step 6 of a launch, the record: a decision {@link LaunchGuard} has made, with its OAP decision sealed, becomes one
 * audit line, one stderr line for a refusal or a prompt, and a count for the MBean. The audit line's format is the
 * {@link Decision}'s own ({@code Decision.appendAuditLine}), ended by {@link AuditSink}.
 */
final class DecisionRecorder {

    private final AgentConfig.AuditFailure failure;
    /** Seals a decision's OAP decision once its outcome is final. */
    private final Supplier<Gatekeeper> gatekeeper;
    /** The audit file, or null: none. */
    private final AuditSink audit;
    private final AgentLog log;
    /** What the MBean shows; null counts nothing (tests, benchmarks). */
    private final DecisionCounters counters;
    /** True from a failed audit write until the next one that succeeds: each outage is reported once. */
    private final AtomicBoolean auditFailing = new AtomicBoolean();

    DecisionRecorder(AgentConfig.AuditFailure failure, Supplier<Gatekeeper> gatekeeper, AuditSink audit, AgentLog log,
                     DecisionCounters counters) {
        this.failure = failure;
        this.gatekeeper = gatekeeper;
        this.audit = audit;
        this.log = log;
        this.counters = counters;
    }

    /**
     * Writes the audit line and the stderr report. A decision that cannot be audited is refused, unless
     * {@code audit.failure=continue} says to let it through; either way the outage is reported once,
     * and again when the file can be written again.
     */
    Decision record(Decision d) {
        if (audit != null) {
            if (d.oap() != null) {
                // signed (with a key) only now that the outcome is final: the signature binds the launch and
                // its outcome; a failure here is a failure of the decision (refused), not of the audit file
                d = gatekeeper.get().seal(d);
            }
            try {
                audit.record(d);
                if (auditFailing.compareAndSet(true, false)) {
                    log.warn("cmdgate: the audit file " + audit.file() + " can be written again");
                }
            } catch (IOException | RuntimeException e) {
                d = auditFailed(d, e);
            }
        }
        if (counters != null) {
            counters.recorded(d);
        }
        if (d.precheck() != null) {
            return d;   // answered to the application, which reports it; nothing was launched
        }
        if (d.outcome() == Outcome.BLOCKED) {
            log.warn(d.blockMessage() + " — from " + d.caller());
        } else if (d.prompt() != null) {
            log.info("cmdgate: allowed " + JdkLaunches.render(d.argv()) + " after prompt (" + d.prompt().handler()
                    + ": " + d.prompt().answer() + ") — from " + d.caller());
        } else if (d.gate() != GateDecision.ALLOW) {
            log.info("cmdgate: audit mode, would " + d.gate().label() + ": " + JdkLaunches.render(d.argv())
                    + " (" + d.classification().commandClass().label() + ") — from " + d.caller());
        }
        return d;
    }

    /** Says once per outage that the audit file cannot be written, and what launches do meanwhile. */
    void reportAuditOutage(Exception e) {
        if (auditFailing.compareAndSet(false, true)) {
            boolean block = failure == AgentConfig.AuditFailure.BLOCK;
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + "); "
                    + (block ? "launches are refused until it can be written"
                             : "launches go on unaudited (" + ConfigParser.PREFIX + "audit.failure=continue)"));
        }
    }

    private Decision auditFailed(Decision d, Exception e) {
        boolean block = failure == AgentConfig.AuditFailure.BLOCK;
        reportAuditOutage(e);
        if (!block || d.outcome() != Outcome.ALLOWED) {
            return d;
        }
        List<Reason> reasons = new ArrayList<>(d.reasons());
        // A failed write says only "No space left on device"; a failed open names the file first.
        String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        reasons.add(0, new Reason("audit.unwritable", "the audit file " + audit.file() + " cannot be written: " + why));
        return d.withOutcome(Outcome.BLOCKED, reasons);
    }
}
