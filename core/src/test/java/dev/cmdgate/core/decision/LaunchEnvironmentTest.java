package dev.cmdgate.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchEnvironmentTest {

    @Test
    void namesEveryChangeAndShowsOnlyTheValuesOfHooks() {
        LaunchEnvironment e = LaunchEnvironment.of(Map.of("LD_PRELOAD", "./x.so", "API_TOKEN", "s3cret", "LANG", "C"),
                RuleSet.builtin());
        assertThat(e.changed()).containsExactly("API_TOKEN", "LANG", "LD_PRELOAD");
        assertThat(e.hooks()).containsExactly(Map.entry("LD_PRELOAD", "./x.so"));
        StringBuilder json = new StringBuilder();
        e.writeJson(json);
        assertThat(json.toString()).isEqualTo("{\"changed\":[\"API_TOKEN\",\"LANG\",\"LD_PRELOAD\"],\"hooks\":{\"LD_PRELOAD\":\"./x.so\"}}")
                .doesNotContain("s3cret");
    }

    @Test
    void aHookWhoseValueIsASecretIsNamedButItsValueIsNotRecorded() {
        String token = "url.https://user:s3cret@git.example.com/.insteadOf";
        LaunchEnvironment e = LaunchEnvironment.of(Map.of("GIT_CONFIG_KEY_0", token, "LD_PRELOAD", "./x.so"), RuleSet.builtin());
        assertThat(e.hooks()).containsEntry("GIT_CONFIG_KEY_0", LaunchEnvironment.SECRET_VALUE)
                .containsEntry("LD_PRELOAD", "./x.so");
        StringBuilder json = new StringBuilder();
        e.writeJson(json);
        assertThat(json.toString()).doesNotContain("s3cret");
    }

    @Test
    void noChangeIsNoRecord() {
        assertThat(LaunchEnvironment.of(Map.of(), RuleSet.builtin())).isNull();
    }
}
