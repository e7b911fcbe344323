package dev.cmdgate.agent.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A watched process ran past its limit and is being killed, with everything of its launch. Delivered
 * once, on the watchdog thread, to the listener given to {@link ProcessWatchdog#watch}, before any
 * process is signalled; the agent audits it.
 *
 * @param pid            the launched process
 * @param command        its command line as the OS reports it (may be empty when the OS does not say)
 * @param limit          the limit it ran past
 * @param ranFor         how long it had been watched when it was killed
 * @param killedAt       when
 * @param descendantPids the launch's other processes found at the deadline and killed with it: its
 *                       descendants, and processes that carry the launch's token although they were
 *                       re-parented or detached (a background job whose parent exited, setsid, nohup)
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
