package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GitHub Copilot's {@code preToolUse} hook, CLI and cloud agent (docs.github.com, "GitHub Copilot hooks reference").
 * Input {@code toolName} and {@code toolArgs} — a JSON string in the first releases, an object later — with
 * {@code cwd}; hooks registered under the Claude-style name {@code PreToolUse} get {@code tool_name} ({@code Bash})
 * and {@code tool_input} instead. The shell tool is {@code bash}; no timeout. Answers
 * {@code {"permissionDecision":…,"permissionDecisionReason":…}}; empty output is no decision. For this event a
 * command hook is fail-closed on exit status 2 and on any other non-zero status (a timeout still lets the call run),
 * so the deny that fails closed also exits 2.
 */
record Copilot() implements Host {

    @Override
    public String name() {
        return "copilot";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        boolean claudeStyle = input.containsKey("tool_name") || input.containsKey("hook_event_name");
        String event = Fields.string(input, "hook_event_name");
        if (event != null && !event.equals("PreToolUse") && !event.equals("preToolUse")) {
            throw new HookInputException("the event is " + event + "; cmdgate answers preToolUse (register it there)");
        }
        Map<String, String> context = Fields.context(name(), claudeStyle ? "PreToolUse" : "preToolUse");
        Fields.context(context, "session_id", input.get(claudeStyle ? "session_id" : "sessionId"));
        String tool = Fields.required(input, claudeStyle ? "tool_name" : "toolName");
        context.put("tool", tool);
        Map<String, Object> args = claudeStyle ? Fields.object(input, "tool_input") : toolArgs(input);
        if (!tool.equals(claudeStyle ? "Bash" : "bash")) {
            return Fields.notTheShell(tool, "the bash tool", args, context);
        }
        if (args == null) {
            throw new HookInputException("the bash tool's arguments are missing");
        }
        String command = Fields.required(args, "command");
        String cwd = Directories.cwd(Fields.string(input, "cwd"));
        return new ToolCall(tool, command, cwd, null, Directories.project(cwd), context);
    }

    /** {@code toolArgs}: an object, or the JSON text of one. */
    private static Map<String, Object> toolArgs(Map<String, Object> input) {
        Object v = input.get("toolArgs");
        if (v instanceof String s) {
            try {
                return JsonParser.parseObject(s);
            } catch (IllegalArgumentException e) {
                throw new HookInputException("\"toolArgs\" is not the JSON text of an object: " + e.getMessage());
            }
        }
        return Fields.object(input, "toolArgs");
    }

    @Override
    public boolean canAsk() {
        return true;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        return switch (answer.kind()) {
            case ALLOW -> decision("allow", answer.reason(), 0);
            case ASK -> decision("ask", answer.reason(), 0);
            case DENY -> decision("deny", answer.reason(), 0);
            case NO_OPINION -> HostReply.SILENT;
        };
    }

    @Override
    public HostReply failClosed(String reason) {
        return decision("deny", reason, 2);
    }

    private static HostReply decision(String decision, String reason, int exit) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("permissionDecision", decision);
        out.put("permissionDecisionReason", reason);
        return new HostReply(Json.write(out), exit == 0 ? "" : reason, exit);
    }
}
