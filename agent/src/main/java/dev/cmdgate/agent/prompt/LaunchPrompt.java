package dev.cmdgate.agent.prompt;

import dev.cmdgate.api.PromptRequest;
import java.util.List;
import java.util.Map;

/** The request a handler sees. */
record LaunchPrompt(List<String> argv, String commandClass, String level, List<String> reasons,
                    List<String> findings, String workingDirectory, String caller, Map<String, String> context)
        implements PromptRequest {
}
