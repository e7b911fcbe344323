package dev.cmdgate.core.policy;

import java.nio.file.Path;

/**
 * Something happened to the passport file that the agent should log once.
 *
 * @param kind    what happened
 * @param file    the passport file
 * @param message one line, e.g. {@code "passport /p.json reloaded: pass_1 is now 'suspended'"}
 */
public record PassportEvent(Kind kind, Path file, String message) {

    public enum Kind {
        /** The file changed and its new content is in force. */
        RELOADED,
        /** The file changed and cannot be used: every launch is denied until it is fixed. */
        INVALID
    }
}
