package dev.cmdgate.core.policy;

/**
 * A passport that cannot be used: missing, unreadable, not JSON, or not a valid
 * {@code system.command.execute} passport. The message is one line that names the file (when there
 * is one) and the problem, e.g. {@code passport /etc/cmdgate/passport.json: line 4, column 3 (offset
 * 52): trailing comma before '}'} — the agent turns it into a start-up stop, the CLI into a usage error.
 */
public final class PassportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PassportException(String message) {
        super(message);
    }

    public PassportException(String message, Throwable cause) {
        super(message, cause);
    }
}
