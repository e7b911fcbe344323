package dev.cmdgate.api;

import java.util.List;
import java.util.Map;

/** What a prompt handler is asked about: one launch the gate could not allow on its own. */
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

    /** Context the application attached to this thread (session id, tool name, tool-call id, …). */
    Map<String, String> context();
}
