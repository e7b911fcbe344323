package dev.cmdgate.core.policy;

/**
 * A signing or verification key that cannot be used (missing file, not PEM, not Ed25519, file
 * exists already, …). The message is one line naming the file and the problem.
 */
public final class SigningKeyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SigningKeyException(String message) {
        super(message);
    }

    public SigningKeyException(String message, Throwable cause) {
        super(message, cause);
    }
}
