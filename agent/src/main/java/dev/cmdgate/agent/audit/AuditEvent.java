package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An event line of the audit file (see {@link AuditLine}): something that happened to an earlier decision,
 * to the policy, or to the file itself. Each starts with {@code time}, {@code event} (its name) and
 * {@code decision_id} — the decision it is about, or a fresh id for events about no decision — followed by
 * its own fields; {@link AuditSink} adds the JVM's fields and {@code prev_hash} as to every line.
 */
public sealed interface AuditEvent {

    /** When it happened. */
    Instant time();

    /** Its name, the line's {@code event}. */
    String name();

    /** The decision it is about, or a fresh id. */
    String decisionId();

    /** Appends its own fields, each as {@code ,"name":value}. */
    void appendFields(StringBuilder out);

    /** Appends the event as a JSON object: {@code time}, {@code event}, {@code decision_id}, then its own fields. */
    static void appendTo(AuditEvent e, StringBuilder out) {
        out.append("{\"").append(AuditFields.TIME).append("\":");
        Json.write(IsoInstant.format(e.time()), out);
        field(out, AuditFields.EVENT, e.name());
        field(out, AuditFields.DECISION_ID, e.decisionId());
        e.appendFields(out);
        out.append('}');
    }

    /** A fresh decision id for an event about no decision. */
    static String freshId() {
        return UUID.randomUUID().toString();
    }

    private static void field(StringBuilder out, String name, Object value) {
        out.append(",\"").append(name).append("\":");
        Json.write(value, out);
    }

    /**
     * {@code exit}: an allowed process ended.
     *
     * @param status its exit status, null when unknown
     */
    record Exit(Instant time, String decisionId, long pid, Integer status, long ranMillis) implements AuditEvent {
        public static final String NAME = "exit";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void appendFields(StringBuilder out) {
            field(out, "pid", pid);
            field(out, "exit", status);
            field(out, "ran_ms", ranMillis);
        }
    }

    /**
     * {@code watchdog_kill}: a launch outlived the passport's {@code max_execution_time}; written before any
     * of its processes is signalled.
     *
     * @param descendants the launch's other processes found then
     */
    record WatchdogKill(Instant time, String decisionId, List<String> argv, long pid, long limitMillis, long ranMillis,
                        List<Long> descendants) implements AuditEvent {
        public static final String NAME = "watchdog_kill";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void appendFields(StringBuilder out) {
            field(out, AuditFields.ARGV, argv);
            field(out, "pid", pid);
            field(out, "limit_ms", limitMillis);
            field(out, "ran_ms", ranMillis);
            field(out, "descendants", descendants);
        }
    }

    /**
     * {@code watchdog_sweep}: after a kill, later sweeps found more processes of the launch, or some outlived
     * the sweep's bounds.
     */
    record WatchdogSweep(Instant time, String decisionId, long pid, List<Long> killedLater, List<Long> survivors)
            implements AuditEvent {
        public static final String NAME = "watchdog_sweep";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void appendFields(StringBuilder out) {
            field(out, "pid", pid);
            field(out, "killed_later", killedLater);
            field(out, "survivors", survivors);
        }
    }

    /**
     * {@code policy_*}: what the poller of a policy server did ({@link #ACTIVATED}, {@link #REJECTED},
     * {@link #CHECK_FAILED}, {@link #STALE}, {@link #CHECK_RECOVERED}).
     *
     * @param source   the policy's URL
     * @param passport the policy it is about, or null
     * @param details  further fields, in order (strings)
     * @param message  what it means, as said on stderr
     */
    record Policy(String name, Instant time, String decisionId, String source, PolicyVersion passport,
                  Map<String, String> details, String message) implements AuditEvent {
        public static final String ACTIVATED = "policy_activated";
        public static final String REJECTED = "policy_rejected";
        public static final String CHECK_FAILED = "policy_check_failed";
        public static final String STALE = "policy_stale";
        public static final String CHECK_RECOVERED = "policy_check_recovered";

        @Override
        public void appendFields(StringBuilder out) {
            field(out, "source", source);
            if (passport != null) {
                field(out, "revision", passport.revision());
                field(out, "digest", passport.digest());
                field(out, "passport_id", passport.passportId());
            }
            for (Map.Entry<String, String> d : details.entrySet()) {
                field(out, d.getKey(), d.getValue());
            }
            field(out, "message", message);
        }
    }

    /** Which policy a policy event is about: its revision (null when it has none), digest and passport id. */
    record PolicyVersion(String revision, String digest, String passportId) {
    }

    /** {@code audit_rotated}: the first line of a file begun by rotation, chained to the last line of the file before. */
    record Rotated(Instant time, String decisionId, String previousFile) implements AuditEvent {
        public static final String NAME = "audit_rotated";
        public static final String PREVIOUS_FILE = "previous_file";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void appendFields(StringBuilder out) {
            field(out, PREVIOUS_FILE, previousFile);
        }
    }

    /** {@code audit_signature}: a signature over the chain up to this line ({@link ChainSignature}). */
    record ChainSigned(Instant time, String decisionId, String keyId, String signature) implements AuditEvent {
        public static final String NAME = "audit_signature";
        public static final String KEY_ID = "key_id";
        public static final String SIGNATURE = "signature";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void appendFields(StringBuilder out) {
            field(out, KEY_ID, keyId);
            field(out, SIGNATURE, signature);
        }
    }
}
