package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditEvent;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.watchdog.KillEvent;
import dev.cmdgate.core.decision.Decision;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What happens to an allowed launch after its process started, as audit event lines: its {@code exit},
 * and the watchdog's {@code watchdog_kill} and {@code watchdog_sweep} at the passport's time limit.
 */
final class LaunchEvents {

    private final AuditSink audit;
    private final AgentLog log;
    /** Says an audit outage met by an exit line as a launch would say it. */
    private final DecisionRecorder outages;
    /** The exit lines of allowed processes not written yet (see exitLater). */
    private final ExitLines exitLines = new ExitLines(new ExitLineWriter());
    private final AtomicBoolean exitHook = new AtomicBoolean();

    /** @param audit the audit file, or null (then only the stderr lines are written) */
    LaunchEvents(AuditSink audit, AgentLog log, DecisionRecorder outages) {
        this.audit = audit;
        this.log = log;
        this.outages = outages;
    }

    /** Writes the allowed process's {@code exit} line when it ends (see {@link ExitLines}); the shutdown hook once. */
    void exitLater(Decision d, Process process) {
        if (exitHook.compareAndSet(false, true)) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(new ExitedAtShutdown(), "cmdgate-exit-lines-at-shutdown"));
            } catch (IllegalStateException | SecurityException e) {
                // shutting down already: the writer thread is all there is
            }
        }
        exitLines.watch(d.id(), process);
    }

    /** The shutdown hook's body (a class, not a method reference). */
    private final class ExitedAtShutdown implements Runnable {
        @Override
        public void run() {
            exitLines.writeEnded();
        }
    }

    /** One {@code exit} line (a class, not a method reference: no method handles are spun on the launch path). */
    private final class ExitLineWriter implements ExitLines.ExitWriter {
        @Override
        public void write(String decisionId, long pid, Integer status, long ranMillis) {
            try {
                audit.write(new AuditEvent.Exit(Instant.now(), decisionId, pid, status, ranMillis));
            } catch (IOException | RuntimeException e) {
                outages.reportAuditOutage(e); // an exit line may be the first to meet an outage: said as a launch would say it
            }
        }
    }

    /** Runs before any process of the launch is signalled: the line is in the file before the application sees the end. */
    void killing(Decision d, KillEvent kill) {
        log.warn("cmdgate: " + kill.describe() + " [decision " + d.id() + "]");
        writeEvent(new AuditEvent.WatchdogKill(kill.killedAt(), d.id(), d.argv(), kill.pid(), kill.limit().toMillis(),
                kill.ranFor().toMillis(), kill.descendantPids()));
    }

    /** After the kill, when later sweeps found more processes of the launch, or some outlived the sweep's bounds. */
    void swept(Decision d, KillEvent kill, List<Long> killedLater, List<Long> survivors) {
        if (!survivors.isEmpty()) {
            log.warn("cmdgate: processes " + survivors + " of the launch killed at its time limit are still alive"
                    + " [decision " + d.id() + "]");
        }
        writeEvent(new AuditEvent.WatchdogSweep(Instant.now(), d.id(), kill.pid(), killedLater, survivors));
    }

    private void writeEvent(AuditEvent event) {
        if (audit == null) {
            return;
        }
        try {
            audit.write(event);
        } catch (IOException | RuntimeException e) {
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + ")");
        }
    }
}
