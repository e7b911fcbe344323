package dev.cmdgate.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.start.ConfigCheck;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoConfigurationTest {

    private static Map<String, String> startProperties() {
        Map<String, String> m = new HashMap<>();
        m.put("java.home", "/opt/jdk");
        m.put("user.dir", "/work");
        return m;
    }

    @Test
    void the_marker_is_the_one_the_module_reads() {
        assertThat(NoConfiguration.UNCHECKED).isEqualTo(ConfigCheck.UNCHECKED);
    }

    @Test
    void only_no_arguments_and_no_cmdgate_property_is_no_configuration() {
        assertThat(NoConfiguration.in(startProperties(), null)).isTrue();
        assertThat(NoConfiguration.in(startProperties(), "")).isTrue();
        assertThat(NoConfiguration.in(startProperties(), "  ")).isTrue();
        assertThat(NoConfiguration.in(Map.of(), null)).isTrue();

        assertThat(NoConfiguration.in(startProperties(), "autonomy=readonly")).isFalse();
        assertThat(NoConfiguration.in(startProperties(), "bogus")).isFalse();
        Map<String, String> withProperty = startProperties();
        withProperty.put("cmdgate.config", "/etc/cmdgate.properties");
        assertThat(NoConfiguration.in(withProperty, null)).isFalse();
        Map<String, String> unknown = startProperties();
        unknown.put("cmdgate.bogus", "1");
        assertThat(NoConfiguration.in(unknown, null)).isFalse();
    }

    @Test
    void what_is_handed_over_is_checked_in_the_module_into_the_same_settings_as_premain_s_check() {
        Map<String, String> handed = NoConfiguration.handOver(startProperties());
        assertThat(handed).containsKey(ConfigCheck.UNCHECKED);

        Map<String, String> inModule = ConfigCheck.settings(handed);

        assertThat(inModule).isEqualTo(ConfigCheck.check(startProperties(), null)).doesNotContainKey(ConfigCheck.UNCHECKED);
    }

    @Test
    @SuppressWarnings("unchecked")
    void settings_premain_checked_are_taken_as_they_are() {
        Object checked = ConfigCheck.check(Map.of("cmdgate.autonomy", "readonly"), null);

        assertThat(ConfigCheck.settings((Map<String, String>) checked)).isSameAs(checked);
    }

    @Test
    void a_check_that_fails_in_the_module_is_an_error_there_too() {
        // not what NoConfiguration hands over, but the module checks whatever is marked, and fails closed
        Map<String, String> handed = new HashMap<>(startProperties());
        handed.put(ConfigCheck.UNCHECKED, "");
        handed.put("cmdgate.autonomy", "yolo");

        assertThatThrownBy(() -> ConfigCheck.settings(handed)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("autonomy");
    }
}
