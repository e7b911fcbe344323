package dev.cmdgate.agent.hook;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code PreToolUse} shape Claude Code introduced and Codex adopted: {@code tool_name} and {@code tool_input}
 * in, {@code hookSpecificOutput.permissionDecision} out.
 */
final class PreToolUseShape {

    private PreToolUseShape() {
    }

    /** The common members of the event, checked, as the audit line's context. */
    static Map<String, String> context(String host, Map<String, Object> input) {
        String event = Fields.string(input, "hook_event_name");
        if (event != null && !event.equals("PreToolUse")) {
            throw new HookInputException("the event is " + event + "; cmdgate answers PreToolUse (register it there)");
        }
        Map<String, String> c = Fields.context(host, "PreToolUse");
        Fields.context(c, "session_id", input.get("session_id"));
        Fields.context(c, "turn_id", input.get("turn_id"));
        Fields.context(c, "tool_call_id", input.get("tool_use_id"));
        Fields.context(c, "agent_id", input.get("agent_id"));
        Fields.context(c, "agent_type", input.get("agent_type"));
        return c;
    }

    /**
     * The call: a shell tool's command, no command for a tool that carries none, a refusal for any other tool
     * that carries one.
     */
    static ToolCall call(Map<String, Object> input, String shellTool, Map<String, String> context, Duration timeout,
                         List<String> projectDirs) {
        String tool = Fields.required(input, "tool_name");
        Map<String, Object> toolInput = Fields.object(input, "tool_input");
        context.put("tool", tool);
        if (!tool.equals(shellTool)) {
            return Fields.notTheShell(tool, shellTool, toolInput, context);
        }
        if (toolInput == null) {
            throw new HookInputException("\"tool_input\" is missing");
        }
        String command = Fields.required(toolInput, "command");
        return new ToolCall(tool, command, Directories.cwd(Fields.string(input, "cwd")), timeout, projectDirs, context);
    }

    /** {@code {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":…,"permissionDecisionReason":…}}}. */
    static HostReply decision(String decision, String reason) {
        Map<String, Object> specific = new LinkedHashMap<>();
        specific.put("hookEventName", "PreToolUse");
        specific.put("permissionDecision", decision);
        specific.put("permissionDecisionReason", reason);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("hookSpecificOutput", specific);
        return HostReply.json(dev.cmdgate.core.json.Json.write(out));
    }

    /** Milliseconds as a duration; null for none. */
    static Duration millis(BigDecimal ms) {
        return ms == null ? null : Duration.ofMillis(ms.max(BigDecimal.ZERO).min(BigDecimal.valueOf(31_536_000_000L)).longValue());
    }
}
