package dev.cmdgate.agent.approvals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * A token file read again whenever it changes on disk, so an approver added with {@code add-approver}
 * (or a line removed) counts without a restart. A file that no longer reads keeps the last good reading
 * and is reported once.
 */
final class WatchedTokens {

    private final Path file;
    private final java.io.PrintStream log;
    private TokenFile tokens;
    private FileTime seen;
    private boolean reported;

    WatchedTokens(Path file, java.io.PrintStream log) throws IOException {
        this.file = file;
        this.log = log;
        this.seen = Files.getLastModifiedTime(file);
        this.tokens = TokenFile.read(file);
    }

    /** The holder of {@code token}, or null. */
    String holderOf(String token) {
        return current().holderOf(token);
    }

    /** Whether {@code name} is still in the file. */
    boolean has(String name) {
        return current().has(name);
    }

    boolean isEmpty() {
        return current().isEmpty();
    }

    private synchronized TokenFile current() {
        try {
            FileTime now = Files.getLastModifiedTime(file);
            if (!now.equals(seen)) {
                tokens = TokenFile.read(file);
                seen = now;
                reported = false;
            }
        } catch (IOException e) {
            if (!reported) {
                log.println("cmdgate approvals: " + file + " cannot be read again (" + e.getMessage()
                        + "); the last reading stays in force");
                reported = true;
            }
        }
        return tokens;
    }
}
