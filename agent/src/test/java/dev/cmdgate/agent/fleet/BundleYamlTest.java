package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.policy.PassportException;
import org.junit.jupiter.api.Test;

/** The YAML data files of a bundle, read for their digest: the block-style YAML go-yaml reads without doubt, nothing else. */
class BundleYamlTest {

    private static String canonical(String yaml) {
        return BundleHash.canonical(BundleYaml.parse(yaml, "t"));
    }

    @Test
    void blockMappingsAndSequencesBecomeCanonicalJson() {
        assertThat(canonical("foo: 1")).isEqualTo("{\"foo\":1}");
        assertThat(canonical("---\nb:\n  - x\n  - 'it''s'\n  - k: -3\n    j: \"a\\tb\"\na: yes # YAML 1.1\nc: ~\nd:\n- on\n- No\n"))
                .isEqualTo("{\"a\":true,\"b\":[\"x\",\"it's\",{\"j\":\"a\\tb\",\"k\":-3}],\"c\":null,\"d\":[true,false]}");
        assertThat(canonical("1")).isEqualTo("1");
        assertThat(canonical("")).isEqualTo("null");
    }

    @Test
    void whatGoYamlMightReadOtherwiseIsRefusedNamingIt() {
        for (String yaml : new String[] {"a: 1.5", "a: 0x1F", "a: 010", "a: 2024-05-01", "a: {b: 1}", "a: [1]", "a: &x 1",
                "a: !!str 1", "a: |\n  text", "1: a", "a: 1\na: 2", "a: b: c", "a:\n\t- x", "- ".repeat(5000) + "x"}) {
            assertThatThrownBy(() -> BundleYaml.parse(yaml, "t")).as(yaml).isInstanceOf(PassportException.class)
                    .hasMessageContaining("which cmdgate does not read");
        }
    }
}
