package dev.cmdgate.it.support;

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one forked JVM did: exit status, standard output and error, and the app's RESULT lines. */
public record Run(List<String> command, int exit, String stdout, String stderr, long millis) {

    public List<String> stdoutLines() {
        return lines(stdout);
    }

    public List<String> stderrLines() {
        return lines(stderr);
    }

    private static List<String> lines(String s) {
        return s.lines().toList();
    }

    /** The app's {@code RESULT name status detail} lines, by name, in the order printed. */
    public Map<String, AppResult> results() {
        Map<String, AppResult> out = new LinkedHashMap<>();
        for (String line : stdoutLines()) {
            AppResult r = AppResult.parse(line);
            if (r != null) {
                if (out.put(r.name(), r) != null) {
                    fail("the app reported " + r.name() + " twice\n" + describe());
                }
            }
        }
        return out;
    }

    public AppResult result(String name) {
        AppResult r = results().get(name);
        if (r == null) {
            fail("the app printed no RESULT for " + name + "\n" + describe());
        }
        return r;
    }

    /** Lines the app printed with this prefix (e.g. {@code HANDLER}), prefix removed. */
    public List<String> tagged(String prefix) {
        List<String> out = new ArrayList<>();
        for (String line : stdoutLines()) {
            if (line.startsWith(prefix + " ")) {
                out.add(line.substring(prefix.length() + 1));
            }
        }
        return out;
    }

    /** For assertion messages: the command and everything the JVM printed. */
    public String describe() {
        return "command: " + String.join(" ", command) + "\nexit: " + exit + " after " + millis + " ms"
                + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr + "--------------";
    }
}
