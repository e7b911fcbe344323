package dev.cmdgate.agent.hook;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

/**
 * pi's {@code tool_call} event as the extension in examples/pi hands it over (badlogic/pi-mono,
 * packages/coding-agent/docs/extensions.md): {@code toolName}, {@code toolCallId}, {@code input} — for the
 * {@code bash} tool {@code {command, timeout}}, the timeout in seconds and none by default — and {@code cwd}.
 * The answer is {@code {"decision":"allow"|"deny","reason":…}}; the extension runs the call only on exit status 0
 * with {@code allow}, and blocks on anything else.
 */
record Pi() implements Host {

    @Override
    public String name() {
        return "pi";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        Map<String, String> context = Fields.context(name(), "tool_call");
        Fields.context(context, "session_id", input.get("sessionId"));
        Fields.context(context, "tool_call_id", input.get("toolCallId"));
        String tool = Fields.required(input, "toolName");
        context.put("tool", tool);
        Map<String, Object> args = Fields.object(input, "input");
        if (!tool.equals("bash")) {
            return Fields.notTheShell(tool, "the bash tool", args, context);
        }
        if (args == null) {
            throw new HookInputException("\"input\" is missing");
        }
        String command = Fields.required(args, "command");
        BigDecimal seconds = Fields.number(args, "timeout");
        Duration timeout = seconds == null || seconds.signum() <= 0 ? null
                : PreToolUseShape.millis(seconds.movePointRight(3));
        String cwd = Directories.cwd(Fields.string(input, "cwd"));
        return new ToolCall(tool, command, cwd, timeout, Directories.project(cwd), context);
    }

    @Override
    public boolean canAsk() {
        return false;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        return switch (answer.kind()) {
            case ALLOW, NO_OPINION -> HostReply.json("{\"decision\":\"allow\"}");
            case ASK, DENY -> HostReply.json("{\"decision\":\"deny\",\"reason\":"
                    + dev.cmdgate.core.json.Json.write(answer.reason()) + "}");
        };
    }

    @Override
    public HostReply failClosed(String reason) {
        return HostReply.blockingError(reason);
    }
}
