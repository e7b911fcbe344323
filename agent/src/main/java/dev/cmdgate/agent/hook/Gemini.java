package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Gemini CLI's {@code BeforeTool} hook for {@code run_shell_command} (google-gemini/gemini-cli
 * docs/hooks/reference.md, docs/tools/shell.md): {@code tool_input.command}, run in {@code tool_input.dir_path}
 * (from the project root) or {@code cwd}; no timeout. Answers {@code {"decision":"allow"}} or
 * {@code {"decision":"deny","reason":…}} with exit status 0; exit status 2 blocks with standard error as the
 * reason; any other status and a timeout let the call run. Its reference documents no ask, so an ask is a deny.
 */
record Gemini() implements Host {

    @Override
    public String name() {
        return "gemini";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        String event = Fields.string(input, "hook_event_name");
        if (event != null && !event.equals("BeforeTool")) {
            throw new HookInputException("the event is " + event + "; cmdgate answers BeforeTool (register it there)");
        }
        Map<String, String> context = Fields.context(name(), "BeforeTool");
        Fields.context(context, "session_id", input.get("session_id"));
        String tool = Fields.required(input, "tool_name");
        context.put("tool", tool);
        Map<String, Object> toolInput = Fields.object(input, "tool_input");
        if (!tool.equals("run_shell_command")) {
            return Fields.notTheShell(tool, "run_shell_command", toolInput, context);
        }
        if (toolInput == null) {
            throw new HookInputException("\"tool_input\" is missing");
        }
        String command = Fields.required(toolInput, "command");
        String root = Directories.cwd(Fields.string(input, "cwd"));
        String dir = Fields.string(toolInput, "dir_path");
        String cwd = dir == null || dir.isEmpty() ? root : Directories.cwd(java.nio.file.Path.of(root).resolve(dir).toString());
        return new ToolCall(tool, command, cwd, null, Directories.project(root, System.getenv("GEMINI_PROJECT_DIR")),
                context);
    }

    @Override
    public boolean canAsk() {
        return false;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (answer.kind()) {
            case ALLOW -> out.put("decision", "allow");
            case ASK, DENY -> {
                out.put("decision", "deny");
                out.put("reason", answer.reason());
            }
            case NO_OPINION -> {
                // {}: no decision, the CLI's own confirmation applies
            }
        }
        return HostReply.json(Json.write(out));
    }

    @Override
    public HostReply failClosed(String reason) {
        return HostReply.blockingError(reason);
    }
}
