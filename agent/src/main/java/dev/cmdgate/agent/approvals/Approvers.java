package dev.cmdgate.agent.approvals;

import java.io.IOException;
import java.nio.file.Path;

/** The command line's way to token files: adding a holder (an approver, a client). */
public final class Approvers {

    private Approvers() {
    }

    /** Adds {@code name} with a new token to {@code file}; returns the token, which is stored nowhere. */
    public static String add(Path file, String name) throws IOException {
        return TokenFile.add(file, name);
    }
}
