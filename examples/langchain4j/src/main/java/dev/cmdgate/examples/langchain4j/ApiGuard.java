package dev.cmdgate.examples.langchain4j;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.api.LaunchScope;

/**
 * The shell tool cooperating with cmdgate through its application API: it asks before running, so
 * the model hears "this would be blocked because …" without a launch being attempted, and it tags
 * every launch of a tool call with that call's id, which then appears in the audit line.
 */
final class ApiGuard implements CommandGuard {

    @Override
    public String refusalBeforeRun(String command) {
        CheckResult r = Cmdgate.check(command);
        return r.blocked() ? r.message() : null;
    }

    @Override
    public AutoCloseable open(String toolCallId) {
        LaunchScope.Builder scope = Cmdgate.scope().tool("run_shell_command");
        return (toolCallId == null ? scope : scope.toolCall(toolCallId)).open();
    }
}
