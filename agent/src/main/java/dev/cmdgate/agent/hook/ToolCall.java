package dev.cmdgate.agent.hook;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One tool call a host asks about, as cmdgate needs it.
 *
 * @param tool        the host's name for the tool ({@code Bash}, {@code run_shell_command} …)
 * @param command     the shell command line the host would run, or null when the tool runs no command (then
 *                    cmdgate has no opinion)
 * @param cwd         the directory the command would run in (absolute)
 * @param timeout     how long the host lets the command run, or null when it sets no limit (the passport's
 *                    {@code timeout})
 * @param projectDirs the directories the host names as the project (its own files there are protected)
 * @param context     what identifies the call in the audit line: host, event, session, tool call, sub-agent
 */
record ToolCall(String tool, String command, String cwd, Duration timeout, List<String> projectDirs,
                Map<String, String> context) {

    ToolCall {
        projectDirs = List.copyOf(projectDirs);
        context = Map.copyOf(context);
    }

    /** A call of a tool that runs no shell command. */
    static ToolCall otherTool(String tool, Map<String, String> context) {
        return new ToolCall(tool, null, null, null, List.of(), context);
    }

    boolean runsCommand() {
        return command != null;
    }
}
