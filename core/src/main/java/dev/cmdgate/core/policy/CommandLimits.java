package dev.cmdgate.core.policy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code limits["system.command.execute"]} of a passport.
 *
 * @param allowedCommands           program names (matched against the basename of a command found
 *                                  through PATH or in a system directory) or exact full paths;
 *                                  {@code "*"} allows every command
 * @param blockedPatterns           patterns matched against the raw command line and, parsed as a
 *                                  command, structurally against every command in the tree
 * @param maxExecutionTime          the longest a launched process may run
 * @param allowedWorkingDirectories absolute directories; empty when the passport does not restrict
 *                                  directories (see {@link #restrictsDirectories()})
 * @param blockedEnvVars            variable names the launch must not set or change; a trailing
 *                                  {@code *} matches a prefix ({@code LD_*})
 */
public record CommandLimits(
        List<String> allowedCommands,
        List<String> blockedPatterns,
        Duration maxExecutionTime,
        Optional<List<String>> allowedWorkingDirectories,
        List<String> blockedEnvVars) {

    public CommandLimits {
        allowedCommands = List.copyOf(allowedCommands);
        blockedPatterns = List.copyOf(blockedPatterns);
        allowedWorkingDirectories = allowedWorkingDirectories.map(List::copyOf);
        blockedEnvVars = List.copyOf(blockedEnvVars);
    }

    /** True when {@code allowed_working_directories} is present (an empty list then allows no directory). */
    public boolean restrictsDirectories() {
        return allowedWorkingDirectories.isPresent();
    }

    public boolean allowsEveryCommand() {
        return allowedCommands.contains("*");
    }
}
