package dev.cmdgate.core;

import java.util.List;
import java.util.Map;

/**
 * The one question every launch and every CLI call asks. Implementations never throw for bad
 * input: anything they cannot understand is classified Destructive with a finding saying why.
 */
public interface CommandClassifier {

    /**
     * Classifies an argv exactly as a ProcessBuilder receives it.
     *
     * @param environmentChanges variables the launch sets or changes compared with the JVM's own
     *                           environment (empty when none)
     */
    Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges);

    /**
     * As {@link #classifyArgv(List, Map)} for a launch that starts in {@code cwd} (null: unknown). Relative
     * paths are judged from there: a file the gate depends on, a credential store read as {@code id_rsa}
     * in {@code ~/.ssh}. A classifier that does not look at paths may ignore it.
     */
    default Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges, String cwd) {
        return classifyArgv(argv, environmentChanges);
    }

    /** Classifies a shell command line; the same as {@code classifyArgv(["sh", "-c", line], {})}. */
    default Classification classifyShell(String line) {
        return classifyArgv(List.of("sh", "-c", line), Map.of());
    }
}
