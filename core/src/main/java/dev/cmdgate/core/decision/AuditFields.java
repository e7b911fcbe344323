package dev.cmdgate.core.decision;

/**
 * The names of an audit line's fields, in one place for the code that writes a line ({@link Decision}, the agent's
 * events and sink) and the code that reads one (the agent's {@code report} and {@code verify}); docs/audit.md
 * describes each.
 */
public final class AuditFields {

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

    public static final String REASONS = "reasons";
    public static final String FINDINGS = "findings";
    /** What the application passed with its request ({@code Cmdgate.check} or the hook). */
    public static final String CONTEXT = "context";
    /** Inside {@link #REDIRECTS}. */
    public static final String PATH = "path";
    public static final String APPEND = "append";
    /** Inside {@link #PROMPT}. */
    public static final String HANDLER = "handler";
    public static final String ANSWER = "answer";
    public static final String MILLIS = "millis";
    public static final String DETAIL = "detail";
    public static final String APPROVER = "approver";
    public static final String CHANNEL = "channel";
    public static final String NOTE = "note";

    private AuditFields() {
    }
}
