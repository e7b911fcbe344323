package dev.cmdgate.agent.audit;

import java.util.Map;

/**
 * The lines of an audit file and the names of their fields, for the code that writes them and the code that
 * reads them (the {@code report} and {@code verify} commands); docs/audit.md describes each. An audit file
 * holds one JSON object per line, of three kinds:
 * <ul>
 *   <li>a decision: one launch decided, written by {@code core.decision.Decision.appendAuditLine};</li>
 *   <li>a pre-check: a decision line with {@link #PRECHECK}, an application's {@code Cmdgate.check} answered
 *       with a refusal, nothing launched;</li>
 *   <li>an event ({@link #EVENT}): something that happened to an earlier decision, to the policy or to the
 *       file itself, one of the {@link AuditEvent}s.</li>
 * </ul>
 * {@link AuditSink} ends every line with {@link #JVM}, {@link #PARENT_DECISION_ID} in a JVM a gated JVM
 * launched, and {@link #PREV_HASH}, the hash chain ({@link AuditChain}).
 */
public final class AuditLine {

    /** What kind of line a parsed audit line is. */
    public enum Kind {
        DECISION, PRECHECK, EVENT
    }

    public static final String TIME = "time";
    public static final String DECISION_ID = "decision_id";
    /** Present on event lines only: the event's name. */
    public static final String EVENT = "event";
    /** Present on pre-check lines only: the answer the application API gave ({@code block}). */
    public static final String PRECHECK = "precheck";
    public static final String ARGV = "argv";
    public static final String CWD = "cwd";
    public static final String CLASS = "class";
    public static final String LEVEL = "level";
    public static final String GATE = "gate";
    public static final String OUTCOME = "outcome";
    /** The value of {@link #OUTCOME} for a launch that ran. */
    public static final String ALLOWED = "allowed";
    public static final String ENV = "env";
    public static final String ENV_CHANGED = "changed";
    public static final String ENV_HOOKS = "hooks";
    public static final String SCHEME = "scheme";
    public static final String MODE = "mode";
    /** What a person (or a handler) answered: {@code handler}, {@code answer}, {@code detail}, {@code approver} … */
    public static final String PROMPT = "prompt";
    /** The passport's decision object; {@code "allow": false} when it refused. */
    public static final String OAP = "oap";
    /** Output redirects of the launch: {@code [{"path":…,"append":…}]}. */
    public static final String REDIRECTS = "redirects";
    public static final String CALLER = "caller";
    public static final String SECRETS = "secrets";
    public static final String SECRETS_WITHHELD = "secrets_withheld";
    /** Which JVM wrote the line: {@code {"pid":…,"main":…}}. */
    public static final String JVM = "jvm";
    /** The decision that launched the JVM that wrote the line. */
    public static final String PARENT_DECISION_ID = "parent_decision_id";
    /** The SHA-256 of the line before, ending every line. */
    public static final String PREV_HASH = "prev_hash";

    private AuditLine() {
    }

    /** The kind of a parsed line: an event, a pre-check, or else a decision. */
    public static Kind kind(Map<String, Object> line) {
        if (line.containsKey(EVENT)) {
            return Kind.EVENT;
        }
        return line.containsKey(PRECHECK) ? Kind.PRECHECK : Kind.DECISION;
    }
}
