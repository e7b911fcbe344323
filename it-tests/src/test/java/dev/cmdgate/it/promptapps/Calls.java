package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.TreeMap;

/** The test handlers' log: one line per call, in the file named by {@code -Dpromptapps.calls}. */
final class Calls {

    private Calls() {
    }

    static void record(PromptRequest r) {
        write("CALL " + String.join(" ", r.argv()) + " | " + r.workingDirectory() + " | " + r.commandClass()
                + " | " + new TreeMap<>(r.context()) + " | " + Thread.currentThread().getName());
    }

    static synchronized void write(String line) {
        String file = System.getProperty("promptapps.calls");
        if (file == null) {
            return;
        }
        try {
            Files.write(Path.of(file), (line + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
