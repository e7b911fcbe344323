package dev.cmdgate.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cmdgate hook install}: a merge that keeps everything else, a backup, idempotent, careful with what it cannot read. */
class HookInstallTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int install(String... args) throws IOException {
        Path launcher = tmp.resolve("cmdgate");
        if (!Files.exists(launcher)) {
            Files.writeString(launcher, "#!/bin/sh\n");
            launcher.toFile().setExecutable(true);
        }
        String[] all = new String[args.length + 3];
        all[0] = "install";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--launcher";
        all[args.length + 2] = launcher.toString();
        return HookInstall.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void mergesIntoClaudeSettingsKeepingEveryOtherHookAndSettingOnceWithABackup() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("repo"));
        Path settings = project.resolve(".claude/settings.local.json");
        Files.createDirectories(settings.getParent());
        String before = "{\"model\":\"opus\",\"permissions\":{\"deny\":[\"Bash(curl *)\"]},\"hooks\":{\"PreToolUse\":[{\"matcher\":"
                + "\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"dippy\"}]}],\"Stop\":[{\"hooks\":[{\"type\":"
                + "\"command\",\"command\":\"notify-send done\"}]}]}}";
        Files.writeString(settings, before);
        assertThat(install("claude-code", "--project", project.toString())).isZero();
        Map<String, Object> after = JsonParser.parseObject(Files.readString(settings));
        assertThat(after).containsEntry("model", "opus");
        assertThat(after.get("permissions").toString()).contains("Bash(curl *)");
        String hooks = after.get("hooks").toString();
        assertThat(hooks).contains("dippy", "notify-send done", "/bin/bash -p " + tmp.resolve("cmdgate") + " hook claude-code",
                "PATH=" + System.getProperty("java.home") + "/bin:", "timeout=30");
        assertThat(Files.readString(project.resolve(".claude/settings.local.json.cmdgate-backup"))).isEqualTo(before);

        String once = Files.readString(settings);
        assertThat(install("claude-code", "--project", project.toString())).isZero();
        assertThat(Files.readString(settings)).isEqualTo(once);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("not changed");
        assertThat(Files.exists(project.resolve(".claude/settings.local.json.cmdgate-backup.1"))).isFalse();
        // another option: the same entry updated in place, not a second one
        assertThat(install("claude-code", "--project", project.toString(), "--deadline", "5000")).isZero();
        String updated = Files.readString(settings);
        assertThat(updated).contains("hook claude-code --deadline 5000");
        assertThat(updated.split("hook claude-code", -1)).hasSize(2);
    }

    @Test
    void refusesAFileItCannotParseAndLeavesItAsItWas() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("repo"));
        Path settings = project.resolve(".gemini/settings.json");
        Files.createDirectories(settings.getParent());
        String commented = "{\n  // my settings\n  \"theme\": \"dark\"\n}\n";
        Files.writeString(settings, commented);
        assertThat(install("gemini", "--project", project.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("not changed", "--print");
        assertThat(Files.readString(settings)).isEqualTo(commented);
        try (var files = Files.list(settings.getParent())) {
            assertThat(files.toList()).containsExactly(settings);
        }
    }

    @Test
    void eachHostGetsItsOwnShapeAndPrintWritesNothing() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("repo"));
        assertThat(install("cursor", "--project", project.toString(), "--print")).isZero();
        assertThat(Files.exists(project.resolve(".cursor"))).isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(".cursor/hooks.json", "\"version\": 1",
                "\"beforeShellExecution\"", "hook cursor --deadline 4000");
        for (String host : List.of("codex", "gemini", "cursor", "copilot")) {
            assertThat(install(host, "--project", project.toString())).as(host).isZero();
        }
        assertThat(Files.readString(project.resolve(".codex/hooks.json"))).contains("\"PreToolUse\"", "\"matcher\": \"Bash\"");
        assertThat(Files.readString(project.resolve(".gemini/settings.json"))).contains("\"BeforeTool\"",
                "\"matcher\": \"run_shell_command\"", "\"timeout\": 30000");
        assertThat(Files.readString(project.resolve(".github/hooks/cmdgate.json"))).contains("\"preToolUse\"", "\"bash\":",
                "\"timeoutSec\": 30");
        assertThat(install("windsurf", "--project", project.toString())).isEqualTo(2);
    }

    @Test
    void aPathWithABlankIsQuotedForTheHostsShell() {
        assertThat(HookInstall.quote("/opt/cmdgate/cmdgate")).isEqualTo("/opt/cmdgate/cmdgate");
        assertThat(HookInstall.quote("/home/me/My Tools/cmdgate")).isEqualTo("'/home/me/My Tools/cmdgate'");
        assertThat(HookInstall.quote("/x/it's")).isEqualTo("'/x/it'\\''s'");
    }
}
