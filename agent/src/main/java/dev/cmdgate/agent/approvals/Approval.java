package dev.cmdgate.agent.approvals;

import java.time.Instant;
import java.util.Map;

/**
 * One launch's request as the service holds it: what the JVM sent (checked by {@link RequestForm}), which
 * client sent it, until when it may be answered, and how it ended. The state fields change only under
 * the store's lock, once: a request is answered or expires, never both, never twice.
 */
final class Approval {

    enum State { PENDING, ANSWERED, EXPIRED }

    final String id;
    /** The SHA-256 of the request bytes: a post with the same id and other bytes is another request. */
    final String sha256;
    final String client;
    final Instant received;
    final Instant deadline;
    final Map<String, Object> request;

    State state = State.PENDING;
    /** allow, deny or always; for an expired request, deny. */
    String answer;
    String approver;
    String channel;
    String note;
    Instant ended;

    Approval(String id, String sha256, String client, Instant received, Instant deadline, Map<String, Object> request) {
        this.id = id;
        this.sha256 = sha256;
        this.client = client;
        this.received = received;
        this.deadline = deadline;
        this.request = request;
    }

    boolean pending() {
        return state == State.PENDING;
    }

    /** This request as it is now; taken under the store's lock. */
    Seen seen() {
        return new Seen(id, client, received, deadline, request, state, answer, approver, channel, note, ended);
    }

    /** A request as it was at one moment: what answers and pages are made from, outside the lock. */
    record Seen(String id, String client, Instant received, Instant deadline, Map<String, Object> request, State state,
                String answer, String approver, String channel, String note, Instant ended) {
    }
}
