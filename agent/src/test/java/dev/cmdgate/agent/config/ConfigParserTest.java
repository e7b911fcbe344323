package dev.cmdgate.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigParserTest {

    @TempDir
    Path dir;

    @Test
    void defaultsMatchTheContract() {
        AgentConfig c = ConfigParser.parse(new Properties(), null);
        assertThat(c.scheme()).isEqualTo(new GateScheme.ByAutonomy(Autonomy.SUPERVISED));
        assertThat(c.mode()).isEqualTo(AgentConfig.Mode.ENFORCE);
        assertThat(c.prompt()).isEqualTo("auto");
        assertThat(c.promptTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(c.audit()).isNull();
        assertThat(c.stdin()).isEqualTo(AgentConfig.StdinMode.OFF);
        assertThat(c.auditFailure()).as("an unwritable audit file refuses launches unless told otherwise")
                .isEqualTo(AgentConfig.AuditFailure.BLOCK);
    }

    @Test
    void auditFailureCanBeSetToContinue() {
        assertThat(ConfigParser.parse(new Properties(), "audit.failure=continue").auditFailure())
                .isEqualTo(AgentConfig.AuditFailure.CONTINUE);
        assertThat(ConfigParser.parse(props("cmdgate.audit.failure", "block"), null).auditFailure())
                .isEqualTo(AgentConfig.AuditFailure.BLOCK);
        assertError(props("cmdgate.audit.failure", "ignore"), null, "bad value for cmdgate.audit.failure");
    }

    @Test
    void secretsPassByDefaultAndCanBeScrubbed() {
        assertThat(ConfigParser.parse(new Properties(), null).secrets()).as("no existing application breaks")
                .isEqualTo(AgentConfig.SecretsMode.PASS);
        AgentConfig scrub = ConfigParser.parse(new Properties(), "secrets=scrub");
        assertThat(scrub.secrets()).isEqualTo(AgentConfig.SecretsMode.SCRUB);
        assertThat(ConfigParser.fromCheckedSettings(scrub.settings()).secrets()).as("handed on from the start-up check")
                .isEqualTo(AgentConfig.SecretsMode.SCRUB);
        assertThat(ConfigParser.parse(props("cmdgate.secrets", "PASS"), null).secrets()).isEqualTo(AgentConfig.SecretsMode.PASS);
        assertError(props("cmdgate.secrets", "hide"), null, "bad value for cmdgate.secrets: 'hide' (expected pass or scrub)");
    }

    @Test
    void agentArgumentsWinOverSystemProperties() {
        Properties p = props("cmdgate.autonomy", "readonly", "cmdgate.mode", "audit");
        AgentConfig c = ConfigParser.parse(p, "autonomy=full");
        assertThat(c.scheme()).isEqualTo(new GateScheme.ByAutonomy(Autonomy.FULL));
        assertThat(c.mode()).isEqualTo(AgentConfig.Mode.AUDIT);
    }

    @Test
    void levelSelectsTheLevelScheme() {
        assertThat(ConfigParser.parse(props("cmdgate.level", "medium"), null).scheme())
                .isEqualTo(new GateScheme.ByLevel(RiskLevel.MEDIUM));
        assertThatThrownBy(() -> ConfigParser.parse(props("cmdgate.level", "low", "cmdgate.autonomy", "full"), null))
                .isInstanceOf(ConfigException.class).hasMessageContaining("alternatives");
    }

    @Test
    void unknownKeysAndBadValuesAreOneLineErrors() {
        assertError(props("cmdgate.autonmy", "full"), null, "unknown key cmdgate.autonmy");
        assertError(new Properties(), "colour=red", "unknown key cmdgate.colour");
        assertError(new Properties(), "autonomy", "not key=value");
        assertError(props("cmdgate.autonomy", "yolo"), null, "bad value for cmdgate.autonomy");
        assertError(props("cmdgate.mode", "permissive"), null, "bad value for cmdgate.mode");
        assertError(props("cmdgate.prompt.timeout", "0"), null, "bad value for cmdgate.prompt.timeout");
        assertError(props("cmdgate.prompt.timeout", "ten"), null, "bad value for cmdgate.prompt.timeout");
        assertError(props("cmdgate.prompt", "not a class"), null, "bad value for cmdgate.prompt");
        assertError(props("cmdgate.level", "dangerous"), null, "bad value for cmdgate.level");
        assertError(props("cmdgate.policy", dir.resolve("missing.json").toString()), null, "is not a readable file");
        assertError(props("cmdgate.audit", dir.resolve("no/such/dir/a.jsonl").toString()), null, "existing directory");
        assertError(props("cmdgate.stdin", "maybe"), null, "bad value for cmdgate.stdin");
    }

    @Test
    void filesAreResolvedAndChecked() throws Exception {
        Path rules = Files.writeString(dir.resolve("rules.txt"), "");
        AgentConfig c = ConfigParser.parse(props("cmdgate.rules", rules.toString(),
                "cmdgate.audit", dir.resolve("audit.jsonl").toString()), null);
        assertThat(c.rules()).isEqualTo(rules.toAbsolutePath());
        assertThat(c.audit()).isEqualTo(dir.resolve("audit.jsonl").toAbsolutePath());
    }

    @Test
    void promptAcceptsBuiltInsAndClassNames() {
        for (String p : new String[] {"auto", "deny", "allow", "console", "com.acme.MyHandler"}) {
            assertThat(ConfigParser.parse(props("cmdgate.prompt", p), null).prompt()).isEqualTo(p);
        }
    }

    private static void assertError(Properties p, String args, String fragment) {
        assertThatThrownBy(() -> ConfigParser.parse(p, args))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(fragment)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static Properties props(String... kv) {
        Properties p = new Properties();
        p.setProperty("unrelated.key", "ignored");
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }
}
