package dev.cmdgate.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.json.JsonParser;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Each host's input read into a tool call, and each answer in the host's exact form. */
class HostsTest {

    private static ToolCall read(Host h, String json) {
        return h.read(JsonParser.parseObject(json));
    }

    @Test
    void claudeCodeReadsTheBashCallItsTimeoutAndItsSubAgent() {
        ToolCall c = read(new ClaudeCode(), "{\"session_id\":\"s\",\"cwd\":\"/srv/app\",\"hook_event_name\":\"PreToolUse\","
                + "\"agent_id\":\"a1\",\"agent_type\":\"Explore\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\","
                + "\"timeout\":90000},\"tool_use_id\":\"t\"}");
        assertThat(c.command()).isEqualTo("ls");
        assertThat(c.cwd()).isEqualTo("/srv/app");
        assertThat(c.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(c.context()).containsEntry("session_id", "s").containsEntry("tool_call_id", "t")
                .containsEntry("agent_id", "a1").containsEntry("agent_type", "Explore").containsEntry("hook", "claude-code");
        // no timeout: Claude Code's default of two minutes; above the maximum: the maximum; in the background: none
        assertThat(read(new ClaudeCode(), "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}").timeout())
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(read(new ClaudeCode(), "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\",\"timeout\":9000000}}")
                .timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(read(new ClaudeCode(), "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\","
                + "\"run_in_background\":true}}").timeout()).isNull();
    }

    @Test
    void aToolWithoutACommandHasNoOpinionAndAnUnknownOneWithACommandIsRefused() {
        assertThat(read(new ClaudeCode(), "{\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"/x\"}}").runsCommand())
                .isFalse();
        assertThatThrownBy(() -> read(new ClaudeCode(), "{\"tool_name\":\"PowerShell\",\"tool_input\":{\"command\":\"ls\"}}"))
                .isInstanceOf(HookInputException.class).hasMessageContaining("PowerShell");
        assertThatThrownBy(() -> read(new Codex(), "{\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":\"ls\"}}")).isInstanceOf(HookInputException.class);
        assertThatThrownBy(() -> read(new ClaudeCode(), "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":[\"ls\"]}}"))
                .isInstanceOf(HookInputException.class).hasMessageContaining("expected a string");
        assertThatThrownBy(() -> read(new Gemini(), "{\"tool_name\":\"mcp_x_run\",\"tool_input\":{\"cmd\":\"ls\"}}"))
                .isInstanceOf(HookInputException.class);
    }

    @Test
    void geminiRunsInDirPathFromTheProjectRoot() {
        ToolCall c = read(new Gemini(), "{\"cwd\":\"/srv/app\",\"hook_event_name\":\"BeforeTool\",\"tool_name\":"
                + "\"run_shell_command\",\"tool_input\":{\"command\":\"make\",\"dir_path\":\"sub\"}}");
        assertThat(c.cwd()).isEqualTo("/srv/app/sub");
        assertThat(c.timeout()).isNull();
    }

    @Test
    void cursorTakesTheWorkspaceRootWhenCwdIsEmpty() {
        ToolCall c = read(new Cursor(), "{\"hook_event_name\":\"beforeShellExecution\",\"conversation_id\":\"c\","
                + "\"workspace_roots\":[\"/srv/ws\"],\"command\":\"ls\",\"cwd\":\"\"}");
        assertThat(c.cwd()).isEqualTo("/srv/ws");
        assertThat(c.context()).containsEntry("session_id", "c");
        assertThat(read(new Cursor(), "{\"hook_event_name\":\"beforeMCPExecution\",\"command\":\"npx srv\"}").runsCommand())
                .isFalse();
    }

    @Test
    void copilotReadsToolArgsAsTextOrObjectAndTheClaudeStyleForm() {
        assertThat(read(new Copilot(), "{\"cwd\":\"/w\",\"toolName\":\"bash\",\"toolArgs\":\"{\\\"command\\\":\\\"ls\\\"}\"}")
                .command()).isEqualTo("ls");
        assertThat(read(new Copilot(), "{\"cwd\":\"/w\",\"toolName\":\"bash\",\"toolArgs\":{\"command\":\"ls -a\"}}")
                .command()).isEqualTo("ls -a");
        assertThat(read(new Copilot(), "{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"/w\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":\"pwd\"}}").command()).isEqualTo("pwd");
        assertThatThrownBy(() -> read(new Copilot(), "{\"toolName\":\"bash\",\"toolArgs\":\"{not json\"}"))
                .isInstanceOf(HookInputException.class);
        assertThatThrownBy(() -> read(new Copilot(), "{\"toolName\":\"powershell\",\"toolArgs\":{\"command\":\"dir\"}}"))
                .isInstanceOf(HookInputException.class);
    }

    @Test
    void piTimeoutIsInSeconds() {
        assertThat(read(new Pi(), "{\"toolName\":\"bash\",\"toolCallId\":\"t\",\"input\":{\"command\":\"ls\",\"timeout\":5},"
                + "\"cwd\":\"/w\"}").timeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void eachHostsAnswers() {
        HookAnswer allow = new HookAnswer(HookAnswer.Kind.ALLOW, "ok");
        HookAnswer ask = new HookAnswer(HookAnswer.Kind.ASK, "why");
        HookAnswer deny = new HookAnswer(HookAnswer.Kind.DENY, "no \"way\"");
        assertThat(new ClaudeCode().reply(deny)).isEqualTo(new HostReply("{\"hookSpecificOutput\":{\"hookEventName\":"
                + "\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no \\\"way\\\"\"}}", "", 0));
        assertThat(new ClaudeCode().reply(ask).stdout()).contains("\"permissionDecision\":\"ask\"");
        assertThat(new ClaudeCode().reply(HookAnswer.NO_OPINION)).isEqualTo(HostReply.SILENT);
        assertThat(new ClaudeCode().failClosed("x")).isEqualTo(new HostReply("", "x", 2));
        // Codex: an allow is no output; an ask cannot be said, so it is a deny with its reason
        assertThat(new Codex().reply(allow)).isEqualTo(HostReply.SILENT);
        assertThat(new Codex().reply(ask).stdout()).contains("\"permissionDecision\":\"deny\"", "why");
        assertThat(new Gemini().reply(allow).stdout()).isEqualTo("{\"decision\":\"allow\"}");
        assertThat(new Gemini().reply(ask).stdout()).isEqualTo("{\"decision\":\"deny\",\"reason\":\"why\"}");
        assertThat(new Gemini().reply(HookAnswer.NO_OPINION).stdout()).isEqualTo("{}");
        assertThat(new Cursor().reply(ask).stdout()).isEqualTo("{\"permission\":\"ask\",\"user_message\":\"why\","
                + "\"agent_message\":\"why\",\"userMessage\":\"why\",\"agentMessage\":\"why\"}");
        assertThat(new Cursor().failClosed("x").exit()).isZero();
        assertThat(new Cursor().failClosed("x").stdout()).contains("\"permission\":\"deny\"");
        assertThat(new Copilot().reply(deny).stdout()).isEqualTo("{\"permissionDecision\":\"deny\","
                + "\"permissionDecisionReason\":\"no \\\"way\\\"\"}");
        assertThat(new Copilot().failClosed("x").exit()).isEqualTo(2);
        assertThat(new Pi().reply(ask).stdout()).isEqualTo("{\"decision\":\"deny\",\"reason\":\"why\"}");
        for (String name : new String[] {"claude-code", "codex", "gemini", "cursor", "copilot", "pi"}) {
            assertThat(Host.named(name).name()).isEqualTo(name);
        }
        assertThat(Host.named("windsurf")).isNull();
    }
}
