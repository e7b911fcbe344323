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
    void chainSignaturesNeedTheAuditFileAndTheSigningKey() throws java.io.IOException {
        Path key = java.nio.file.Files.writeString(dir.resolve("key.pem"), "not read here");
        String both = "audit=" + dir.resolve("a.jsonl") + ",signing.key=" + key;
        assertThat(ConfigParser.parse(new Properties(), both).auditOptions().signEvery()).isZero();
        AgentConfig c = ConfigParser.parse(new Properties(), both + ",audit.sign.every=100");
        assertThat(c.auditOptions().signEvery()).isEqualTo(100);
        assertThat(ConfigParser.fromCheckedSettings(c.settings()).auditOptions()).isEqualTo(c.auditOptions());
        assertError(new Properties(), "audit=" + dir.resolve("a.jsonl") + ",audit.sign.every=100",
                "bad value for cmdgate.audit.sign.every: needs cmdgate.audit and cmdgate.signing.key");
        assertError(new Properties(), both + ",audit.sign.every=0", "bad value for cmdgate.audit.sign.every");
    }

    @Test
    void aRemoteDecisionPointNeedsItsUrlAndAnAgentId() {
        AgentConfig c = ConfigParser.parse(new Properties(), "decision.url=https://dp.example,decision.agent=ag-1");
        assertThat(c.decisionPoint()).isEqualTo(new AgentConfig.DecisionPoint(java.net.URI.create("https://dp.example"),
                "system.command.execute.v1", "ag-1", Duration.ofMillis(800), false, null, null));
        assertThat(ConfigParser.fromCheckedSettings(c.settings()).decisionPoint()).isEqualTo(c.decisionPoint());
        assertThat(ConfigParser.parse(new Properties(), null).decisionPoint()).isNull();
        assertError(new Properties(), "decision.url=https://dp.example", "bad value for cmdgate.decision.agent: not set");
        assertError(new Properties(), "decision.agent=ag-1", "cmdgate.decision.agent is for a remote decision point");
        assertError(new Properties(), "decision.url=http://dp.example,decision.agent=a", "plain http only to a loopback");
        assertError(new Properties(), "decision.url=https://dp.example,decision.agent=a,decision.on-error=maybe",
                "bad value for cmdgate.decision.on-error");
    }

    @Test
    void theStateDirectoryAndTheSharedSecretAreThisUsersAlone(@TempDir Path dir) throws Exception {
        String url = "policy=http://127.0.0.1:8181/p.json";
        Path state = Files.createDirectories(dir.resolve("state"));
        Files.setPosixFilePermissions(state, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        assertThat(ConfigParser.parse(new Properties(), url + ",policy.state=" + state).remote().stateDir()).isEqualTo(state);
        Files.setPosixFilePermissions(state, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwx---"));
        assertError(new Properties(), url + ",policy.state=" + state, "is writable by its group or by others");
        Files.setPosixFilePermissions(state, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        assertError(new Properties(), url + ",policy.state=" + state, "is writable by others without the sticky bit");
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Path link = Files.createSymbolicLink(dir.resolve("state-link"), state);
        assertError(new Properties(), url + ",policy.state=" + link, "is a symbolic link");

        Path secret = Files.writeString(dir.resolve("secret"), "s3cret");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        AgentConfig c = ConfigParser.parse(new Properties(), url + ",policy.secret.file=" + secret + ",policy.key.id=k1,policy.scope=write");
        assertThat(c.remote().bundleSecret()).isEqualTo(secret);
        assertThat(ConfigParser.fromCheckedSettings(c.settings()).remote()).as("handed on").isEqualTo(c.remote());
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        assertError(new Properties(), url + ",policy.secret.file=" + secret, "is readable by its group or by others");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path key = Files.writeString(dir.resolve("k.pem"), "x");
        assertError(new Properties(), url + ",policy.secret.file=" + secret + ",policy.key=" + key, "are alternatives");
        assertError(new Properties(), url + ",policy.scope=write", "bad value for cmdgate.policy.scope: it applies to bundle"
                + " signatures");
        Files.writeString(secret, "");
        assertError(new Properties(), url + ",policy.secret.file=" + secret, "is empty");
    }

    @Test
    void longPollingIsOffByDefaultAndMustEndBeforeThePolicyGoesStale() {
        String url = "policy=http://127.0.0.1:8181/p.json";
        assertThat(ConfigParser.parse(new Properties(), url).remote().longPoll()).isEqualTo(Duration.ZERO);
        AgentConfig c = ConfigParser.parse(new Properties(), url + ",policy.long-poll=60");
        assertThat(c.remote().longPoll()).isEqualTo(Duration.ofSeconds(60));
        assertThat(ConfigParser.fromCheckedSettings(c.settings()).remote().longPoll()).as("handed on")
                .isEqualTo(Duration.ofSeconds(60));
        assertError(new Properties(), url + ",policy.long-poll=295", "bad value for cmdgate.policy.long-poll");
        assertThat(ConfigParser.parse(new Properties(), url + ",policy.poll=1,policy.stale=2").remote().stale())
                .as("without long polling the check's timeout may exceed the stale limit, as before")
                .isEqualTo(Duration.ofSeconds(2));
        assertError(new Properties(), url + ",policy.long-poll=-1", "bad value for cmdgate.policy.long-poll");
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
    void auditRotationIsASizeAndANumberOfKeptFiles() {
        AgentConfig c = ConfigParser.parse(new Properties(), "audit.rotate.size=64K,audit.rotate.keep=3");
        assertThat(c.auditOptions()).isEqualTo(new AgentConfig.AuditOptions(64 * 1024, 3, 0));
        assertThat(ConfigParser.fromCheckedSettings(c.settings()).auditOptions()).isEqualTo(c.auditOptions());
        assertThat(ConfigParser.parse(props("cmdgate.audit.rotate.size", "10m"), null).auditOptions())
                .isEqualTo(new AgentConfig.AuditOptions(10 << 20, 5, 0));
        assertThat(ConfigParser.parse(new Properties(), null).auditOptions().maxBytes()).isZero();
        assertError(props("cmdgate.audit.rotate.size", "1000"), null, "bad value for cmdgate.audit.rotate.size: '1000'"
                + " (expected a size from 64K to 1024G");
        assertError(props("cmdgate.audit.rotate.size", "ten"), null, "bad value for cmdgate.audit.rotate.size");
        assertError(props("cmdgate.audit.rotate.size", "1M", "cmdgate.audit.rotate.keep", "0"), null,
                "bad value for cmdgate.audit.rotate.keep: '0' (expected a whole number from 1 to 1000)");
        assertError(props("cmdgate.audit.rotate.keep", "2"), null, "bad value for cmdgate.audit.rotate.size: not set");
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
        assertError(props("cmdgate.prompt", "1Handler"), null, "or the binary name of a class");
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
        for (String p : new String[] {"auto", "deny", "allow", "console", "com.acme.MyHandler", "MyHandler", "a.B$C"}) {
            assertThat(ConfigParser.parse(props("cmdgate.prompt", p), null).prompt()).isEqualTo(p);
        }
    }

    @Test
    void aConfigurationFileHoldsAnyKeyAndPropertiesAndArgumentsWinOverIt() throws Exception {
        Path file = Files.writeString(dir.resolve("cmdgate.properties"), """
                # the team's settings
                autonomy=readonly
                cmdgate.mode=audit
                prompt.timeout=5
                caller.skip=com.acme.exec, com.acme.shell
                """);
        ConfigParser.Parsed p = ConfigParser.read(java.util.Map.of("cmdgate.config", file.toString(),
                "cmdgate.prompt.timeout", "7"), "autonomy=full");
        assertThat(p.config().scheme()).isEqualTo(new GateScheme.ByAutonomy(Autonomy.FULL));
        assertThat(p.config().mode()).isEqualTo(AgentConfig.Mode.AUDIT);
        assertThat(p.config().promptTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(p.config().callerSkip()).containsExactly("com.acme.exec", "com.acme.shell");
        assertThat(p.notes()).doesNotContain("\n")
                .isEqualTo("cmdgate: configuration: prompt.timeout=7 (-Dcmdgate.) overrides prompt.timeout=5 (the"
                        + " configuration file); autonomy=full (an agent argument) overrides autonomy=readonly"
                        + " (-Dcmdgate. or the configuration file)");
        // the file is named by an agent argument as well
        assertThat(ConfigParser.read(java.util.Map.of(), "config=" + file).config().mode()).isEqualTo(AgentConfig.Mode.AUDIT);
        assertError(props("cmdgate.config", dir.resolve("none.properties").toString()), null, "bad value for cmdgate.config: cannot read");
        Path bad = Files.writeString(dir.resolve("bad.properties"), "autonmy=full\n");
        assertError(props("cmdgate.config", bad.toString()), null, "unknown key cmdgate.autonmy (did you mean cmdgate.autonomy?)");
        Path nested = Files.writeString(dir.resolve("nested.properties"), "config=" + file + "\n");
        assertError(props("cmdgate.config", nested.toString()), null, "cannot be set in a configuration file");
    }

    @Test
    void aRepeatedArgumentIsNotedWhenItAgreesAndAnErrorWhenItDoesNot() {
        ConfigParser.Parsed same = ConfigParser.read(java.util.Map.of(), "mode=audit,mode=audit");
        assertThat(same.notes()).isEqualTo("cmdgate: configuration: mode=audit is given twice as an agent argument");
        assertError(new Properties(), "autonomy=full,autonomy=readonly",
                "agent argument autonomy is given twice, as 'full' and as 'readonly': give it once");
        // an overridden property is said, an agreeing one is not
        assertThat(ConfigParser.read(java.util.Map.of("cmdgate.autonomy", "readonly"), "autonomy=full").notes())
                .isEqualTo("cmdgate: configuration: autonomy=full (an agent argument) overrides autonomy=readonly"
                        + " (-Dcmdgate. or the configuration file)");
        assertThat(ConfigParser.read(java.util.Map.of("cmdgate.autonomy", "full"), "autonomy=full").notes()).isNull();
    }

    @Test
    void anUnknownKeySuggestsTheNearestOne() {
        assertError(props("cmdgate.autonmy", "full"), null, "unknown key cmdgate.autonmy (did you mean cmdgate.autonomy?)");
        assertError(new Properties(), "prompt.timout=3", "did you mean cmdgate.prompt.timeout?");
        assertError(new Properties(), "colour=red", "unknown key cmdgate.colour (known: ");
    }

    @Test
    void childrenRefusalAndCallerSkipHaveDefaultsAndCheckedValues() {
        AgentConfig c = ConfigParser.parse(new Properties(), null);
        assertThat(c.children()).isEqualTo(AgentConfig.Children.GATE);
        assertThat(c.refusal()).isEqualTo(AgentConfig.Refusal.SECURITY);
        assertThat(c.callerSkip()).isEmpty();
        AgentConfig d = ConfigParser.parse(new Properties(), "children=off,refusal=io,caller.skip=com.acme.exec,com.acme.run.,autonomy=full");
        assertThat(d.children()).isEqualTo(AgentConfig.Children.OFF);
        assertThat(d.refusal()).isEqualTo(AgentConfig.Refusal.IO);
        assertThat(d.callerSkip()).containsExactly("com.acme.exec", "com.acme.run");
        assertThat(d.scheme()).isEqualTo(new GateScheme.ByAutonomy(Autonomy.FULL));
        assertError(props("cmdgate.children", "maybe"), null, "bad value for cmdgate.children: 'maybe' (expected gate or off)");
        assertError(props("cmdgate.refusal", "runtime"), null, "bad value for cmdgate.refusal");
        assertError(props("cmdgate.caller.skip", "com.acme-exec"), null, "bad value for cmdgate.caller.skip");
    }

    @Test
    void aSealedConfigurationIgnoresPropertiesAndSaysSo() {
        ConfigParser.Parsed p = ConfigParser.read(java.util.Map.of("cmdgate.autonomy", "full", "cmdgate.rules", "/tmp/x.rules"),
                "autonomy=readonly,sealed=true");
        assertThat(p.config().scheme()).isEqualTo(new GateScheme.ByAutonomy(Autonomy.READONLY));
        assertThat(p.config().rules()).isNull();
        assertThat(p.notes()).isEqualTo("cmdgate: configuration: ignored -Dcmdgate.autonomy=full -Dcmdgate.rules=/tmp/x.rules:"
                + " this JVM was started by a gated JVM and runs with the configuration it was given");
        assertError(new Properties(), "sealed=false", "bad value for cmdgate.sealed");
    }

    @Test
    void theSettingsRoundTripWithTheStartUpProperties() {
        AgentConfig c = ConfigParser.parse(java.util.Map.of("cmdgate.autonomy", "full", "user.dir", "/srv/app",
                "java.home", "/opt/jdk"), "refusal=io,caller.skip=a.b,c.d");
        assertThat(c.startProperties()).containsEntry("user.dir", "/srv/app").containsEntry("java.home", "/opt/jdk");
        AgentConfig again = ConfigParser.fromCheckedSettings(c.settings());
        assertThat(again).isEqualTo(c);
        assertThat(ChildSettings.agentArguments(c)).doesNotContain("/srv/app").endsWith(",sealed=true")
                .contains("refusal=io").contains("caller.skip=a.b,c.d");
        assertThat(ConfigParser.read(java.util.Map.of(), ChildSettings.agentArguments(c)).config().settings())
                .isEqualTo(ConfigParser.fromMap(new java.util.HashMap<>(java.util.Map.of("autonomy", "full", "refusal", "io",
                        "caller.skip", "a.b,c.d"))).settings());
    }

    @Test
    void aPathThatCannotBePassedToChildJvmsIsAnErrorUnlessChildrenAreOff() throws Exception {
        Path comma = Files.writeString(dir.resolve("a,b.rules"), "");
        assertError(props("cmdgate.rules", comma.toString()), null, "holds a comma");
        assertThat(ConfigParser.parse(props("cmdgate.rules", comma.toString(), "cmdgate.children", "off"), null).rules())
                .isEqualTo(comma);
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
