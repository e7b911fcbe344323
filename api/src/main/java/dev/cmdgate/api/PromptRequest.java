package dev.cmdgate.api;

import dev.cmdgate.core.decision.CommandText;
import java.util.List;
import java.util.Map;

/**
 * What a prompt handler is asked about: one launch the gate could not allow on its own. Nothing has
 * been started, opened or created for it yet.
 */
public interface PromptRequest {

    /** The argv exactly as the process would receive it. */
    List<String> argv();

    /** Read, Write, Network, Install or Destructive. */
    String commandClass();

    /** minimal, low, medium, high or dangerous. */
    String level();

    /** Why the gate asks, one message per reason. */
    List<String> reasons();

    /** What the classifier found where, in words a user understands. */
    List<String> findings();

    /** The working directory the process would start in. */
    String workingDirectory();

    /** The application frame that launched it, e.g. {@code com.acme.Tool.run(Tool.java:42)}. */
    String caller();

    /**
     * Context the application attached to the launching thread with a {@link LaunchScope} (session id,
     * tool name, tool-call id, …); empty when none.
     */
    Map<String, String> context();

    /**
     * The environment variables the launch sets or changes compared with this JVM's own environment
     * (name to value, e.g. {@code BASH_ENV}); empty when it inherits the environment unchanged. Part of
     * what runs: an "allow always" answer covers these exact values only.
     */
    default Map<String, String> environment() {
        return Map.of();
    }

    /**
     * The files the JDK itself opens for the process's output, as a shell writes them: {@code > PATH}
     * (truncate) or {@code >> PATH} (append); empty when none.
     */
    default List<String> outputRedirects() {
        return List.of();
    }

    /**
     * The argv as a user would type it, quoting words that need it (a line longer than a few hundred
     * characters is shortened to its head and tail, saying how much was left out: show {@link #argv()}
     * itself to a person who must approve it). It may contain control and invisible characters:
     * escape them before showing it on a terminal.
     */
    default String commandLine() {
        return CommandText.render(argv());
    }
}
