package dev.cmdgate.agent.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A bearer token read at each request (so a rotated token file is picked up), from a file or a variable. */
final class BearerToken {

    private BearerToken() {
    }

    /** The token, or null when neither source is configured (or the variable is unset). */
    static String read(Path file, String variable) throws IOException {
        String t = null;
        if (file != null) {
            t = Files.readString(file, StandardCharsets.UTF_8);
        } else if (variable != null) {
            t = System.getenv(variable);
        }
        if (t == null) {
            return null;
        }
        t = t.strip();
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < 0x21 || t.charAt(i) > 0x7e) {
                throw new IOException("the bearer token holds characters a header cannot carry");
            }
        }
        if (t.isEmpty()) {
            throw new IOException("the bearer token is empty");
        }
        return t;
    }
}
