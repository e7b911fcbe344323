package dev.cmdgate.agent.hook;

import java.util.Map;

/**
 * One coding agent's hook protocol: what it sends on standard input, and the answer it accepts. The facts
 * for each host, with the host's own documentation, are in docs/coding-agents.md.
 */
sealed interface Host permits ClaudeCode, Codex, Gemini, Cursor, Copilot, Pi {

    /** The name on the command line: {@code cmdgate hook NAME}. */
    String name();

    /**
     * The tool call in this host's JSON.
     *
     * @throws HookInputException for input this host does not send for a tool call cmdgate can judge: an
     *                            event cmdgate does not answer, a missing or mistyped member, an unknown tool
     *                            that carries a command
     */
    ToolCall read(Map<String, Object> input);

    /** Whether an answer can hand the decision to the user (otherwise cmdgate's ask becomes a deny). */
    boolean canAsk();

    /** The answer in this host's words. */
    HostReply reply(HookAnswer answer);

    /**
     * The deny this host honours when nothing else can be trusted: the input could not be read, the
     * configuration is broken, cmdgate failed or ran out of time.
     */
    HostReply failClosed(String reason);

    /** The host of that name, or null. */
    static Host named(String name) {
        return switch (name) {
            case "claude-code", "claude" -> new ClaudeCode();
            case "codex" -> new Codex();
            case "gemini" -> new Gemini();
            case "cursor" -> new Cursor();
            case "copilot" -> new Copilot();
            case "pi" -> new Pi();
            default -> null;
        };
    }
}
