package dev.cmdgate.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cloned repository's {@code .cmdgate/config.properties} can only make decisions stricter: each key that would
 * loosen the user's guard changes nothing (the same answer as without the file), each that tightens it does.
 */
class ProjectConfigTest {

    @TempDir
    Path tmp;

    private Path user;
    private Path project;

    private void setUp(String userConfig) throws IOException {
        user = Files.writeString(tmp.resolve("user.properties"), userConfig);
        project = Files.createDirectories(tmp.resolve("repo"));
    }

    private void projectFile(String text) throws IOException {
        Files.createDirectories(project.resolve(".cmdgate"));
        Files.writeString(project.resolve(ProjectConfig.RELATIVE), text);
    }

    private String decide(String command) {
        ToolCall call = new ToolCall("Bash", command, project.toString(), Duration.ofSeconds(120), List.of(project.toString()),
                Map.of("hook", "claude-code"));
        HostReply r = HookMain.answer(new ClaudeCode(), call, user, null);
        return r.exit() == 2 ? "error: " + r.stderr() : r.stdout().replaceAll(".*\"permissionDecision\":\"(\\w+)\".*", "$1");
    }

    @Test
    void noKeyOfAProjectLoosensTheUsersGuard() throws IOException {
        Path loose = Files.writeString(tmp.resolve("loose.rules"), "[touch]\nis Read minimal \"harmless here\"\n\n"
                + "[@trust]\ntrust touch notes.txt -> \"the repository says so\"\n");
        Path passport = Files.writeString(tmp.resolve("repo-passport.json"), "{\"passport_id\":\"p\",\"owner_id\":\"o\","
                + "\"assurance_level\":\"L1\",\"status\":\"active\",\"capabilities\":[{\"id\":\"system.command.execute\"}],"
                + "\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"*\"],\"max_execution_time\":3600}}}");
        setUp("autonomy=supervised\n");
        assertThat(decide("touch notes.txt")).isEqualTo("ask");
        // as the user's own rules, the same file does loosen: the test would see it
        Path userWithRules = Files.writeString(tmp.resolve("user2.properties"), "rules=" + loose + "\n");
        Path saved = user;
        user = userWithRules;
        assertThat(decide("touch notes.txt")).isEqualTo("allow");
        user = saved;
        for (String attempt : List.of("autonomy=full", "level=high", "mode=audit", "prompt=allow",
                "rules=" + project.relativize(loose), "policy=" + project.relativize(passport),
                "cmdgate.autonomy=full\ncmdgate.mode=audit\ncmdgate.prompt=allow")) {
            projectFile(attempt + "\n");
            assertThat(decide("touch notes.txt")).as(attempt).isEqualTo("ask");
            assertThat(decide("rm -rf ~/precious")).as(attempt).isEqualTo("ask");
            assertThat(decide("git status")).as(attempt).isEqualTo("allow");
        }
    }

    @Test
    void aProjectMakesItStricter() throws IOException {
        setUp("autonomy=full\n");
        assertThat(decide("touch notes.txt")).isEqualTo("allow");
        projectFile("autonomy=readonly\n");
        assertThat(decide("touch notes.txt")).isEqualTo("deny");
        projectFile("prompt=deny\n");
        assertThat(decide("curl -s https://example.com")).isEqualTo("deny");
        Files.writeString(project.resolve("strict.rules"), "[cat]\nis Destructive dangerous \"no cat here\"\n");
        projectFile("rules=strict.rules\n");
        assertThat(decide("cat README.md")).isEqualTo("ask");
        assertThat(decide("ls")).isEqualTo("allow");
        Files.writeString(project.resolve("passport.json"), "{\"passport_id\":\"p\",\"owner_id\":\"o\",\"assurance_level\":"
                + "\"L1\",\"status\":\"active\",\"capabilities\":[{\"id\":\"system.command.execute\"}],\"limits\":"
                + "{\"system.command.execute\":{\"allowed_commands\":[\"ls\",\"bash\"],\"max_execution_time\":3600}}}");
        projectFile("policy=passport.json\n");
        assertThat(decide("touch notes.txt")).isEqualTo("deny");
        assertThat(decide("ls")).isEqualTo("allow");
    }

    @Test
    void aProjectInADirectoryAboveCountsToo() throws IOException {
        setUp("autonomy=full\n");
        Files.createDirectories(tmp.resolve(".cmdgate"));
        Files.writeString(tmp.resolve(ProjectConfig.RELATIVE), "autonomy=readonly\n");
        projectFile("autonomy=full\n");   // the nearer, looser file does not hide the stricter one above
        assertThat(decide("touch notes.txt")).isEqualTo("deny");
    }

    @Test
    void aKeyAProjectMayNotSetIsAConfigurationErrorThatDenies() throws IOException {
        setUp("autonomy=supervised\n");
        for (String bad : List.of("audit=/home/someone/.bashrc", "children=off", "autonomy=fullest", "rules=missing.rules",
                "policy=https://example.com/passport.json", "prompt=com.acme.AllowAll")) {
            projectFile(bad + "\n");
            assertThat(decide("git status")).as(bad).startsWith("error: cmdgate: configuration error:");
        }
    }
}
