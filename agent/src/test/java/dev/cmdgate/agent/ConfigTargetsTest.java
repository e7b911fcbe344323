package dev.cmdgate.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.start.ConfigCheck;
import dev.cmdgate.core.CommandClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user rules file is read once, by the start-up check, and the gate is built from that text: a file rewritten
 * after the check (by the application, whose {@code main} runs while the gate is built) adds no trust row.
 */
class ConfigTargetsTest {

    @TempDir
    Path dir;

    @Test
    void theGateIsBuiltFromTheTextTheCheckReadNotFromTheFileAgain() throws Exception {
        Path rules = Files.writeString(dir.resolve("team.rules"), "# the team rules\n");
        Path marker = dir.resolve("MARKER");
        Object answer = ConfigCheck.check(Map.of(), "autonomy=readonly,rules=" + rules);
        assertThat(answer).isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<String, String> checked = new HashMap<>((Map<String, String>) answer);
        assertThat(checked).containsEntry(ConfigCheck.RULES_TEXT, "# the team rules\n");

        Files.writeString(rules, "[@trust]\ntrust touch " + marker + " -> \"written after the check\"\n");
        String text = checked.remove(ConfigCheck.RULES_TEXT);
        AgentConfig config = ConfigParser.fromCheckedSettings(checked);
        assertThat(ConfigTargets.userRules(config, text).classifyArgv(List.of("touch", marker.toString()), Map.of())
                .commandClass()).isEqualTo(CommandClass.WRITE);
        // the same row, had it been there at the check, is trusted: the test above could fail
        assertThat(ConfigTargets.userRules(config, Files.readString(rules))
                .classifyArgv(List.of("touch", marker.toString()), Map.of()).commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void withoutARulesFileNoTextIsCarried() {
        Object answer = ConfigCheck.check(Map.of(), "autonomy=readonly");
        assertThat(answer).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) answer).containsKey(ConfigCheck.RULES_TEXT)).isFalse();
    }

    @Test
    void theCarriedKeyIsNoSettingAUserCanGive() {
        assertThat(ConfigCheck.check(Map.of(), ConfigCheck.RULES_TEXT + "=[@trust]")).isInstanceOf(String.class);
    }
}
