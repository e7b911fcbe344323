package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cursor's {@code beforeShellExecution} hook (https://cursor.com/docs/agent/hooks): the command at the top level,
 * {@code cwd} (sometimes empty) and {@code workspace_roots}; no timeout. Answers
 * {@code {"permission":"allow"|"ask"|"deny"}} with the messages for the user and the agent in both spellings Cursor
 * has read ({@code user_message}, {@code userMessage} …), always with exit status 0: that is the channel every
 * version reads, so the deny that fails closed is the same JSON. Newer builds also send {@code preToolUse} for the
 * {@code Shell} tool, read the same way. Other events ({@code beforeMCPExecution}, {@code beforeReadFile} …) run no
 * shell command and get no opinion.
 */
record Cursor() implements Host {

    @Override
    public String name() {
        return "cursor";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        String event = Fields.string(input, "hook_event_name");
        Map<String, String> context = Fields.context(name(), event);
        Fields.context(context, "session_id", input.get("conversation_id"));
        Fields.context(context, "generation_id", input.get("generation_id"));
        String command;
        String tool;
        if (event == null || event.equals("beforeShellExecution")) {
            tool = "shell";
            command = Fields.required(input, "command");
        } else if (event.equals("preToolUse")) {
            tool = Fields.required(input, "tool_name");
            Map<String, Object> toolInput = Fields.object(input, "tool_input");
            Fields.context(context, "tool_call_id", input.get("tool_use_id"));
            if (!tool.equals("Shell")) {
                return Fields.notTheShell(tool, "Shell", toolInput, context);
            }
            if (toolInput == null) {
                throw new HookInputException("\"tool_input\" is missing");
            }
            command = Fields.required(toolInput, "command");
        } else if (event.startsWith("before") || event.startsWith("after") || event.startsWith("session")
                || event.equals("stop") || event.startsWith("subagent") || event.equals("preCompact")) {
            // events of tools and moments that run no shell command (an MCP server's own command is not one)
            return ToolCall.otherTool(event, context);
        } else {
            throw new HookInputException("the event is " + event + ", which cmdgate does not know");
        }
        context.put("tool", tool);
        String root = Fields.firstString(input, "workspace_roots");
        String cwd = Fields.string(input, "cwd");
        cwd = Directories.cwd(cwd == null || cwd.isEmpty() ? root : cwd);
        return new ToolCall(tool, command, cwd, null, Directories.project(cwd, root), context);
    }

    @Override
    public boolean canAsk() {
        return true;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        return switch (answer.kind()) {
            case ALLOW -> HostReply.json("{\"permission\":\"allow\"}");
            case ASK -> permission("ask", answer.reason());
            case DENY -> permission("deny", answer.reason());
            case NO_OPINION -> HostReply.json("{}");
        };
    }

    @Override
    public HostReply failClosed(String reason) {
        return permission("deny", reason);
    }

    private static HostReply permission(String permission, String reason) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("permission", permission);
        out.put("user_message", reason);
        out.put("agent_message", reason);
        out.put("userMessage", reason);
        out.put("agentMessage", reason);
        return HostReply.json(Json.write(out));
    }
}
