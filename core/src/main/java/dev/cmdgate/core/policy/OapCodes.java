package dev.cmdgate.core.policy;

/** Reason codes of {@code system.command.execute.v1}, in the order the rules run. */
public final class OapCodes {

    private OapCodes() {
    }

    public static final String PASSPORT_SUSPENDED = "oap.passport_suspended";
    public static final String UNKNOWN_CAPABILITY = "oap.unknown_capability";
    public static final String COMMAND_NOT_ALLOWED = "oap.command_not_allowed";
    public static final String BLOCKED_PATTERN = "oap.blocked_pattern";
    public static final String LIMIT_EXCEEDED = "oap.limit_exceeded";
    public static final String DIRECTORY_NOT_ALLOWED = "oap.directory_not_allowed";
    public static final String ENV_VAR_BLOCKED = "oap.env_var_blocked";

    /** The single reason of an allowed decision (as in the seed's example decision). */
    public static final String ALLOWED = "oap.allowed";

    /**
     * cmdgate's own code: the passport file changed and the new content cannot be used, so every
     * launch is denied until it is fixed (fail closed).
     */
    public static final String PASSPORT_INVALID = "oap.passport_invalid";
}
