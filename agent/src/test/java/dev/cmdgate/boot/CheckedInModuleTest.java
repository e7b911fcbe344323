package dev.cmdgate.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.config.ChildSettings;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.start.ConfigCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckedInModuleTest {

    @TempDir
    Path tmp;

    private static Map<String, String> startProperties() {
        Map<String, String> m = new HashMap<>();
        m.put("java.home", "/opt/jdk");
        m.put("user.dir", "/work");
        return m;
    }

    /** What a gated parent with {@code args} hands its children. */
    private static String childArguments(String args) {
        return ChildSettings.agentArguments(ConfigParser.parse(startProperties(), args));
    }

    @Test
    void the_markers_are_the_ones_the_module_reads() {
        assertThat(CheckedInModule.UNCHECKED).isEqualTo(ConfigCheck.UNCHECKED);
        assertThat(CheckedInModule.ARGS).isEqualTo(ConfigCheck.ARGS);
    }

    @Test
    void no_configuration_is_left_to_the_module() {
        assertThat(CheckedInModule.suffices(startProperties(), null)).isTrue();
        assertThat(CheckedInModule.suffices(startProperties(), "")).isTrue();
        assertThat(CheckedInModule.suffices(startProperties(), "  ")).isTrue();
        assertThat(CheckedInModule.suffices(Map.of(), null)).isTrue();
    }

    @Test
    void what_a_gated_parent_hands_its_children_is_checked_in_premain() {
        // the child's own main could rewrite the rules file before a later check read it
        assertThat(CheckedInModule.suffices(startProperties(), childArguments(null))).isFalse();
        assertThat(CheckedInModule.suffices(startProperties(), childArguments("autonomy=readonly,caller.skip=a.b,c.d"))).isFalse();
        assertThat(CheckedInModule.suffices(startProperties(), "sealed=true")).isFalse();
        assertThat(CheckedInModule.suffices(Map.of(), "autonomy=readonly,sealed=true")).isFalse();
    }

    @Test
    void a_user_s_configuration_is_checked_in_premain() {
        assertThat(CheckedInModule.suffices(startProperties(), "autonomy=readonly")).isFalse();
        assertThat(CheckedInModule.suffices(startProperties(), "bogus")).isFalse();
        assertThat(CheckedInModule.suffices(startProperties(), "sealed=true,autonomy=full")).as("not as a parent writes it")
                .isFalse();
        assertThat(CheckedInModule.suffices(startProperties(), "mode=audit,notsealed=true")).isFalse();
        Map<String, String> withProperty = startProperties();
        withProperty.put("cmdgate.config", "/etc/cmdgate.properties");
        assertThat(CheckedInModule.suffices(withProperty, null)).isFalse();
        Map<String, String> unknown = startProperties();
        unknown.put("cmdgate.bogus", "1");
        assertThat(CheckedInModule.suffices(unknown, null)).isFalse();
        // a child given properties it will ignore: premain says so before main
        assertThat(CheckedInModule.suffices(unknown, childArguments(null))).isFalse();
    }

    @Test
    void what_is_handed_over_is_checked_in_the_module_into_the_same_settings_as_premain_s_check() {
        for (String args : new String[] {null, childArguments(null), childArguments("autonomy=readonly,prompt=deny")}) {
            Map<String, String> handed = CheckedInModule.handOver(startProperties(), args);
            assertThat(handed).containsKey(ConfigCheck.UNCHECKED);

            Map<String, String> inModule = ConfigCheck.settings(handed);

            assertThat(inModule).as(args).isEqualTo(ConfigCheck.check(startProperties(), args))
                    .doesNotContainKeys(ConfigCheck.UNCHECKED, ConfigCheck.ARGS);
        }
    }

    @Test
    void the_module_reads_the_rules_file_of_a_sealed_configuration() throws Exception {
        Path rules = tmp.resolve("rules");
        Files.writeString(rules, "");
        Map<String, String> inModule = ConfigCheck.settings(CheckedInModule.handOver(startProperties(),
                childArguments("rules=" + rules)));

        assertThat(inModule).containsEntry("rules", rules.toString()).containsEntry(ConfigCheck.RULES_TEXT, "");
    }

    @Test
    @SuppressWarnings("unchecked")
    void settings_premain_checked_are_taken_as_they_are() {
        Object checked = ConfigCheck.check(Map.of("cmdgate.autonomy", "readonly"), null);

        assertThat(ConfigCheck.settings((Map<String, String>) checked)).isSameAs(checked);
    }

    @Test
    void a_sealed_configuration_that_has_gone_bad_fails_its_check_in_the_module() throws Exception {
        Path rules = tmp.resolve("rules");
        Files.writeString(rules, "");
        String args = childArguments("rules=" + rules);
        Files.delete(rules);

        assertThatThrownBy(() -> ConfigCheck.settings(CheckedInModule.handOver(startProperties(), args)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rules");
        assertThatThrownBy(() -> ConfigCheck.settings(CheckedInModule.handOver(startProperties(), "autonomy=yolo,sealed=true")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("autonomy");
    }

    @Test
    void no_configuration_at_all_cannot_fail_its_check_whatever_the_start_up_properties_hold() {
        // the only other input of the deferred check: the properties trust rows may name (no rows without a rules file)
        for (String odd : new String[] {"", " ", "a,b=c", "relative/dir", "/x/\u00e9 y", "=,,="}) {
            Map<String, String> properties = new java.util.HashMap<>();
            for (String name : new String[] {"java.home", "java.io.tmpdir", "user.dir", "user.home"}) {
                properties.put(name, odd);
            }
            assertThat(ConfigCheck.settings(CheckedInModule.handOver(properties, null))).as(odd).isNotNull();
        }
        assertThat(ConfigCheck.settings(CheckedInModule.handOver(Map.of(), null))).isNotNull();
    }
}
