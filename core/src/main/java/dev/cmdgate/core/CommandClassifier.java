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
     * As {@link #classifyArgv(List, Map)}, knowing where the launch is made from: its directory (relative
     * paths are judged from there: a file the gate depends on, a credential store read as {@code id_rsa} in
     * {@code ~/.ssh}) and its callers (trust rows narrowed to a directory or a caller). A classifier that
     * looks at neither may ignore the site.
     */
    default Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges, LaunchSite site) {
        return classifyArgv(argv, environmentChanges);
    }

    /**
     * Whether a trust row that trusts the launch {@code argv} as a whole names {@code path} as a file
     * the JDK may write its output to ({@code output=GLOB}); such a redirect is then not judged on its own.
     */
    default boolean trustsOutput(List<String> argv, String path, LaunchSite site) {
        return false;
    }

    /**
     * Whether this classification may be reused for the next launch of the same command (it depends on nothing
     * but the launch: not on a file's contents).
     */
    default boolean reusable(Classification classification) {
        return true;
    }

    /** Whether a classification may depend on the launch's site: then it must not be reused for another launch. */
    default boolean dependsOnSite() {
        return false;
    }

    /** Classifies a shell command line; the same as {@code classifyArgv(["sh", "-c", line], {})}. */
    default Classification classifyShell(String line) {
        return classifyArgv(List.of("sh", "-c", line), Map.of());
    }
}
