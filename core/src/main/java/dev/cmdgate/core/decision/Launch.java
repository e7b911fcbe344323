package dev.cmdgate.core.decision;

import dev.cmdgate.core.CommandClass;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One launch as cmdgate sees it, whether it comes from the JDK or from the CLI.
 *
 * @param argv            the argv exactly as the process would receive it
 * @param shellLine       the command line the user typed, when the input was a shell line (CLI
 *                        {@code --shell}, jsonl {@code command}); null for a plain argv
 * @param cwd             the working directory the process starts in
 * @param environmentChanges variables set or changed compared with the JVM's own environment
 * @param outputRedirects files the JDK itself will write for the process (ProcessBuilder redirects)
 * @param declaredTimeout a timeout the caller declared, or null
 * @param declaredClass   a class the application declared for this launch (may raise, never lower), or null
 * @param inputRedirect   a file the JDK opens for the process's standard input (ProcessBuilder redirect), or null
 */
public record Launch(
        List<String> argv,
        String shellLine,
        String cwd,
        Map<String, String> environmentChanges,
        List<OutputRedirect> outputRedirects,
        Duration declaredTimeout,
        CommandClass declaredClass,
        String inputRedirect) {

    public Launch {
        argv = List.copyOf(argv);
        environmentChanges = Map.copyOf(environmentChanges);
        outputRedirects = List.copyOf(outputRedirects);
    }

    /** A launch without a file for its standard input. */
    public Launch(List<String> argv, String shellLine, String cwd, Map<String, String> environmentChanges,
                  List<OutputRedirect> outputRedirects, Duration declaredTimeout, CommandClass declaredClass) {
        this(argv, shellLine, cwd, environmentChanges, outputRedirects, declaredTimeout, declaredClass, null);
    }

    public static Launch ofArgv(List<String> argv, String cwd) {
        return new Launch(argv, null, cwd, Map.of(), List.of(), null, null);
    }

    /** A file the JDK opens for writing on the process's behalf. */
    public record OutputRedirect(String path, boolean append) {
    }
}
