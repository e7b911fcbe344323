package dev.cmdgate.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prompt=URL}: https anywhere, http only to this machine, no token in the URL; the transport keys
 * are the policy server's, under {@code prompt.}; {@code service} and the transport keys need a URL; the
 * whole configuration is handed to child JVMs as it was read.
 */
class RemotePromptConfigTest {

    @TempDir
    Path dir;

    private static AgentConfig parse(String args) {
        return ConfigParser.parse(new Properties(), args);
    }

    private static void assertError(String args, String fragment) {
        assertThatThrownBy(() -> parse(args)).isInstanceOf(ConfigException.class).hasMessageContaining(fragment)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void a_url_with_its_transport_and_service_is_read_and_handed_on() throws Exception {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "x");
        Path token = Files.writeString(dir.resolve("token"), "t");
        AgentConfig c = parse("prompt=https://approvals.example:8443/,prompt.ca=" + ca + ",prompt.token.file=" + token
                + ",service=orders agent");
        assertThat(c.prompt()).isEqualTo("https://approvals.example:8443/");
        assertThat(c.remotePrompt().url().getHost()).isEqualTo("approvals.example");
        assertThat(c.remotePrompt().transport().ca()).isEqualTo(ca);
        assertThat(c.remotePrompt().transport().tokenFile()).isEqualTo(token);
        assertThat(c.remotePrompt().service()).isEqualTo("orders agent");
        AgentConfig again = ConfigParser.fromCheckedSettings(c.settings());
        assertThat(again.remotePrompt()).isEqualTo(c.remotePrompt());
        assertThat(parse("prompt=http://127.0.0.1:9/").remotePrompt().url().getPort()).isEqualTo(9);
        assertThat(parse("prompt=deny").remotePrompt()).isNull();
    }

    @Test
    void bad_urls_and_keys_without_a_url_stop_the_jvm() throws Exception {
        assertError("prompt=http://approvals.example/", "plain http only to a loopback");
        assertError("prompt=https://approvals.example/?token=abc", "has a query");
        assertError("prompt=https://user:pw@approvals.example/", "without user name");
        assertError("service=x", "cmdgate.service is for an approval service");
        assertError("prompt=deny,prompt.token.env=HOME", "cmdgate.prompt.token.env is for an approval service");
        assertError("prompt=https://a.example/,prompt.ca=" + dir.resolve("missing.pem"), "bad value for cmdgate.prompt.ca");
        Path cert = Files.writeString(dir.resolve("c.pem"), "x");
        assertError("prompt=https://a.example/,prompt.client.cert=" + cert, "bad value for cmdgate.prompt.client.key: not set");
        assertError("prompt=https://a.example/,prompt.token.env=NO_SUCH_VARIABLE_HERE", "bad value for cmdgate.prompt.token.env");
        assertError("prompt=https://a.example/,service=" + "x".repeat(101), "bad value for cmdgate.service");
    }
}
