package dev.cmdgate.core.policy;

import dev.cmdgate.core.Classification;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the policy needs to know about one launch.
 *
 * @param argv            the argv as the OS will receive it
 * @param rawCommandLine  the command line as text for substring patterns; {@code null} → argv joined with spaces
 * @param cwd             the working directory of the new process; {@code null} → the JVM's own
 *                        ({@code user.dir}); relative → resolved against {@code user.dir}
 * @param envChanges      variables the launch sets, changes (or removes: null value) compared with the
 *                        JVM's environment; {@code null} → none
 * @param declaredTimeout a timeout the caller declared for the command (CLI {@code "timeout"}, API);
 *                        {@code null} → none
 * @param classification  the classifier's answer for this argv (its {@code commands()} are the tree)
 */
public record LaunchFacts(
        List<String> argv,
        String rawCommandLine,
        Path cwd,
        Map<String, String> envChanges,
        Optional<Duration> declaredTimeout,
        Classification classification) {

    public LaunchFacts {
        argv = List.copyOf(argv);
        if (rawCommandLine == null) {
            rawCommandLine = String.join(" ", argv);
        }
        Path base = Path.of(System.getProperty("user.dir", "/"));
        cwd = cwd == null ? base : base.resolve(cwd);
        envChanges = envChanges == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(envChanges));
        declaredTimeout = declaredTimeout == null ? Optional.empty() : declaredTimeout;
        Objects.requireNonNull(classification, "classification");
    }

    /** The usual way to build facts: the raw command line is derived from argv. */
    public static LaunchFacts of(List<String> argv, Path cwd, Map<String, String> envChanges,
            Duration declaredTimeoutOrNull, Classification classification) {
        return new LaunchFacts(argv, null, cwd, envChanges, Optional.ofNullable(declaredTimeoutOrNull), classification);
    }
}
