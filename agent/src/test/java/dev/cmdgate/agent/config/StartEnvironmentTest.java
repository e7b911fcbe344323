package dev.cmdgate.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StartEnvironmentTest {

    private static byte[] block(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void finds_a_variable_by_its_whole_name() {
        byte[] env = block("HOMEX=no\0HOME=/home/a\0TOKEN=t=1\0EMPTY=\0");

        assertThat(StartEnvironment.lookup(env, "HOME")).isEqualTo("/home/a");
        assertThat(StartEnvironment.lookup(env, "TOKEN")).as("only the first = splits").isEqualTo("t=1");
        assertThat(StartEnvironment.lookup(env, "EMPTY")).isEmpty();
        assertThat(StartEnvironment.lookup(env, "OME")).as("no match inside a name").isNull();
        assertThat(StartEnvironment.lookup(env, "MISSING")).isNull();
    }

    @Test
    void reads_a_value_that_is_not_ascii_and_a_block_without_a_final_nul() {
        assertThat(StartEnvironment.lookup(block("A=x\0NAME=zürich"), "NAME")).isEqualTo("zürich");
        assertThat(StartEnvironment.lookup(new byte[0], "A")).isNull();
    }

    @Test
    void answers_as_the_jvm_s_environment_does() {
        for (String name : new String[] {"PATH", "HOME", "CMDGATE_SURELY_NOT_SET_42"}) {
            assertThat(StartEnvironment.get(name)).as(name).isEqualTo(System.getenv(name));
        }
    }
}
