package dev.cmdgate.agent.hook;

import java.util.Map;

/**
 * Codex's {@code PreToolUse} hook (https://developers.openai.com/codex/hooks; codex-rs/hooks): the shell tool is
 * {@code Bash} with {@code tool_input.command} and no timeout; {@code apply_patch} and MCP tools also fire it. Codex
 * honours only a deny ({@code permissionDecision} deny with a non-empty reason, or exit status 2 with a non-empty
 * standard error); {@code ask}, a bare {@code allow}, malformed output, any other status and a timeout all count as
 * a failed hook, and the call runs. So an allow is no output (Codex's own approval then applies) and an ask is a
 * deny.
 */
record Codex() implements Host {

    @Override
    public String name() {
        return "codex";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        Map<String, String> context = PreToolUseShape.context(name(), input);
        String cwd = Directories.cwd(Fields.string(input, "cwd"));
        // Codex sends no timeout: a command under unified exec can outlive the call
        return PreToolUseShape.call(input, "Bash", context, null, Directories.project(cwd));
    }

    @Override
    public boolean canAsk() {
        return false;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        return switch (answer.kind()) {
            case ALLOW, NO_OPINION -> HostReply.SILENT;
            case ASK, DENY -> PreToolUseShape.decision("deny", answer.reason());
        };
    }

    @Override
    public HostReply failClosed(String reason) {
        return HostReply.blockingError(reason);
    }
}
