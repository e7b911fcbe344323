package dev.cmdgate.agent.hook;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

/**
 * Claude Code's {@code PreToolUse} hook for the {@code Bash} tool (https://code.claude.com/docs/en/hooks). Input:
 * {@code tool_input.command}, {@code cwd}, {@code tool_input.timeout} in milliseconds; sub-agents add
 * {@code agent_id}. Answers: {@code hookSpecificOutput.permissionDecision} allow, ask or deny with exit status 0;
 * no output is no decision. Exit status 2 with the reason on standard error blocks in every version; any other
 * status, a timeout or a hook that cannot start lets the call run.
 */
record ClaudeCode() implements Host {

    /** The Bash tool's limits when the call names none, and their variables (Claude Code's tools reference). */
    private static final long DEFAULT_TIMEOUT_MS = 120_000;
    private static final long MAX_TIMEOUT_MS = 600_000;

    @Override
    public String name() {
        return "claude-code";
    }

    @Override
    public ToolCall read(Map<String, Object> input) {
        Map<String, String> context = PreToolUseShape.context(name(), input);
        Map<String, Object> toolInput = Fields.object(input, "tool_input");
        Duration timeout = toolInput == null ? null : timeout(toolInput);
        String cwd = Directories.cwd(Fields.string(input, "cwd"));
        return PreToolUseShape.call(input, "Bash", context, timeout,
                Directories.project(cwd, System.getenv("CLAUDE_PROJECT_DIR")));
    }

    /**
     * How long Claude Code lets the command run: the call's {@code timeout} (milliseconds), else its default,
     * never above its maximum; none for a command it runs in the background, which no timeout stops.
     */
    static Duration timeout(Map<String, Object> toolInput) {
        if (Fields.flag(toolInput, "run_in_background")) {
            return null;
        }
        long max = envMillis("BASH_MAX_TIMEOUT_MS", MAX_TIMEOUT_MS);
        BigDecimal given = Fields.number(toolInput, "timeout");
        long ms = given != null ? given.longValue() : envMillis("BASH_DEFAULT_TIMEOUT_MS", DEFAULT_TIMEOUT_MS);
        return PreToolUseShape.millis(BigDecimal.valueOf(Math.min(ms, Math.max(max, 1))));
    }

    private static long envMillis(String name, long otherwise) {
        String v = System.getenv(name);
        try {
            long n = v == null ? otherwise : Long.parseLong(v.trim());
            return n > 0 ? n : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    @Override
    public boolean canAsk() {
        return true;
    }

    @Override
    public HostReply reply(HookAnswer answer) {
        return switch (answer.kind()) {
            case ALLOW -> PreToolUseShape.decision("allow", answer.reason());
            case ASK -> PreToolUseShape.decision("ask", answer.reason());
            case DENY -> PreToolUseShape.decision("deny", answer.reason());
            case NO_OPINION -> HostReply.SILENT;
        };
    }

    @Override
    public HostReply failClosed(String reason) {
        return HostReply.blockingError(reason);
    }
}
