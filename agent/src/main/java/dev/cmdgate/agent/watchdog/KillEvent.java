package dev.cmdgate.agent.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A watched process ran past its limit and was killed, with its descendants. Delivered once, on the
 * watchdog thread, to the callback given to {@link ProcessWatchdog#watch}; the agent audits it.
 *
 * @param pid            the launched process
 * @param command        its command line as the OS reports it (may be empty when the OS does not say)
 * @param limit          the limit it ran past
 * @param ranFor         how long it had been watched when it was killed
 * @param killedAt       when
 * @param descendantPids the descendants that were killed too (children, grandchildren, …)
 */
public record KillEvent(long pid, String command, Duration limit, Duration ranFor, Instant killedAt,
        List<Long> descendantPids) {

    public KillEvent {
        descendantPids = List.copyOf(descendantPids);
    }

    /** One line for a log or an exception message. */
    public String describe() {
        return "killed process " + pid + (command.isEmpty() ? "" : " (" + command + ")") + " after "
                + ranFor.toMillis() + " ms: it ran past its execution time limit of " + limit.toMillis() + " ms"
                + (descendantPids.isEmpty() ? "" : "; also killed descendants " + descendantPids);
    }
}
