package dev.cmdgate.agent.prompt;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a prompt asks about: one launch the gate could not allow on its own. */
record LaunchPrompt(List<String> argv, String commandClass, String level, List<String> reasons,
                    List<String> findings, String workingDirectory, String caller, Map<String, String> context) {

    /** The request as an application handler receives it through the API (JDK types only). */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("argv", argv);
        m.put("class", commandClass);
        m.put("level", level);
        m.put("reasons", reasons);
        m.put("findings", findings);
        m.put("cwd", workingDirectory);
        m.put("caller", caller);
        m.put("context", context);
        return m;
    }
}
