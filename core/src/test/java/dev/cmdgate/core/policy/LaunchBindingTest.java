package dev.cmdgate.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.LaunchBinding;
import dev.cmdgate.core.decision.LaunchEnvironment;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.rules.RuleSet;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signed decision binds the audit line it sits in: its argv, directory, environment changes,
 * redirects, decision id and outcome. Rewriting any of them, or moving the signed decision onto another
 * line, fails {@code verify}; the untouched line passes.
 */
class LaunchBindingTest {

    @TempDir
    Path tmp;

    private Gatekeeper gatekeeper;
    private PublicKey publicKey;
    private DecisionSigner signer;

    @BeforeEach
    void signingGatekeeper() {
        SigningKeys.GeneratedKeys keys = SigningKeys.generate(tmp);
        publicKey = keys.keyPair().getPublic();
        signer = new DecisionSigner(keys.keyPair().getPrivate());
        OapPolicy policy = new OapPolicy(PassportSource.fixed(Passports.seed()), new PassportEvaluator(), null,
                Clock.fixed(Instant.parse("2026-02-14T22:00:00Z"), ZoneOffset.UTC));
        gatekeeper = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.FULL),
                new OapPolicyCheck(policy, signer));
    }

    /** The audit line of a decision about {@code launch}, sealed as the agent records it. */
    private String line(String id, Launch launch, Outcome outcome) {
        Verdict v = gatekeeper.judge(launch);
        Decision d = new Decision(id, Instant.parse("2026-02-14T22:00:00Z"), launch.argv(), launch.cwd(),
                v.classification(), v.gate(), outcome, v.reasons(), "autonomy=full", "enforce", "App.main(App.java:1)",
                null, v.oap(), Map.of()).about(LaunchEnvironment.of(launch.environmentChanges(), RuleSet.builtin()),
                launch.outputRedirects());
        return gatekeeper.seal(d).auditLine();
    }

    private static Launch launch(List<String> argv, Map<String, String> env, List<Launch.OutputRedirect> redirects) {
        return new Launch(argv, null, "/workspace", env, redirects, null, null);
    }

    private boolean verifies(String line) {
        return DecisionVerifier.verifyLine(line, publicKey).valid();
    }

    private static String edit(String line, String field, Object value) {
        Map<String, Object> o = new LinkedHashMap<>(JsonParser.parseObject(line));
        o.put(field, value);
        return Json.write(o);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anUntouchedLineVerifiesAndSaysWhatItBinds() {
        String line = line("id-1", launch(List.of("ls", "-l"), Map.of("LANG", "C"),
                List.of(new Launch.OutputRedirect("/workspace/out", true))), Outcome.ALLOWED);
        Map<String, Object> oap = (Map<String, Object>) JsonParser.parseObject(line).get("oap");
        assertThat(oap.keySet()).endsWith("passport_digest", LaunchBinding.FIELD, "signature", "kid");
        assertThat((String) oap.get(LaunchBinding.FIELD)).matches("sha256:[0-9a-f]{64}");
        DecisionVerifier.Result r = DecisionVerifier.verifyLine(line, publicKey);
        assertThat(r.valid()).as(r.message()).isTrue();
        assertThat(r.message()).contains("binds this line's launch", "decision_id id-1", "outcome allowed");
        assertThat(JsonParser.parseObject(line)).containsEntry("env", Map.of("changed", List.of("LANG"), "hooks", Map.of()))
                .containsEntry("redirects", List.of(Map.of("path", "/workspace/out", "append", true)));
    }

    @Test
    void aRewrittenLaunchFailsVerification() {
        String line = line("id-1", launch(List.of("ls"), Map.of("LANG", "C"),
                List.of(new Launch.OutputRedirect("/workspace/out", false))), Outcome.ALLOWED);
        assertThat(verifies(line)).isTrue();
        assertThat(verifies(edit(line, "argv", List.of("rm", "-rf", "/")))).as("argv").isFalse();
        assertThat(verifies(edit(line, "cwd", "/"))).as("cwd").isFalse();
        assertThat(verifies(edit(line, "env", Map.of("changed", List.of("LANG", "BASH_ENV"), "hooks", Map.of("BASH_ENV", "/x")))))
                .as("env").isFalse();
        assertThat(verifies(edit(line, "redirects", List.of(Map.of("path", "/workspace/out", "append", true)))))
                .as("append").isFalse();
        assertThat(verifies(edit(line, "decision_id", "id-2"))).as("decision id").isFalse();
        Map<String, Object> noEnv = new LinkedHashMap<>(JsonParser.parseObject(line));
        noEnv.remove("env");
        assertThat(verifies(Json.write(noEnv))).as("env removed").isFalse();
        assertThat(DecisionVerifier.verifyLine(edit(line, "argv", List.of("rm", "-rf", "/")), publicKey).message())
                .contains("does not match the launch its signed decision binds");
    }

    @Test
    void aChangedOutcomeOrASignatureMovedToAnotherLineFails() {
        String refused = line("id-7", launch(List.of("rm", "-rf", "/workspace/x"), Map.of(), List.of()), Outcome.BLOCKED);
        String allowed = line("id-8", launch(List.of("ls"), Map.of(), List.of()), Outcome.ALLOWED);
        assertThat(verifies(refused)).isTrue();
        assertThat(verifies(edit(refused, "outcome", "allowed"))).as("outcome").isFalse();
        // a signed "allow" moved onto the refused line, its outcome changed to match
        Object signedAllow = JsonParser.parseObject(allowed).get("oap");
        assertThat(verifies(edit(refused, "oap", signedAllow))).as("moved").isFalse();
        assertThat(verifies(edit(edit(refused, "oap", signedAllow), "outcome", "allowed"))).as("moved, outcome changed")
                .isFalse();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSignedDecisionThatBindsNoLaunchFailsOnALaunchLine() {
        String line = line("id-1", launch(List.of("ls"), Map.of(), List.of()), Outcome.ALLOWED);
        Map<String, Object> oap = new LinkedHashMap<>((Map<String, Object>) JsonParser.parseObject(line).get("oap"));
        // re-signed the old way (no launch_digest): valid as a bare object, worthless on a launch line
        OapDecision old = new OapPolicy(PassportSource.fixed(Passports.seed()), new PassportEvaluator(), null,
                Clock.systemUTC()).evaluate(LaunchFacts.of(List.of("ls"), Path.of("/workspace"), Map.of(), null,
                gatekeeper.judge(launch(List.of("ls"), Map.of(), List.of())).classification()));
        assertThat(oap).containsKey(LaunchBinding.FIELD);
        assertThat(old.toJson()).doesNotContainKey(LaunchBinding.FIELD);
        assertThat(DecisionVerifier.verify(signer.sign(old).toJson(), publicKey).valid()).as("its signature").isTrue();
        DecisionVerifier.Result r = DecisionVerifier.verifyLine(edit(line, "oap", signer.sign(old).toJson()), publicKey);
        assertThat(r.valid()).isFalse();
        assertThat(r.message()).startsWith("the signed decision does not bind this line's launch (no launch_digest)");
        assertThat(DecisionVerifier.verifyLine(edit(line, "oap", old.toJson()), publicKey).valid()).as("unsigned").isFalse();
        // a bare signed object is checked for its signature only, and says it binds no launch it can see
        DecisionVerifier.Result bare = DecisionVerifier.verifyLine(Json.write(oap), publicKey);
        assertThat(bare.valid()).isTrue();
        assertThat(bare.message()).contains("was not checked");
    }

    @Test
    void theValuesOfHookVariablesAreBoundAndOtherValuesAreNeverWritten() {
        String line = line("id-3", launch(List.of("ls"), Map.of("BASH_ENV", "/workspace/hook.sh", "API_TOKEN", "s3cret"),
                List.of()), Outcome.ALLOWED);
        assertThat(line).doesNotContain("s3cret");
        assertThat(JsonParser.parseObject(line).get("env")).isEqualTo(Map.of("changed", List.of("API_TOKEN", "BASH_ENV"),
                "hooks", Map.of("BASH_ENV", "/workspace/hook.sh")));
        assertThat(verifies(line)).isTrue();
        assertThat(verifies(line.replace("/workspace/hook.sh", "/workspace/other.sh"))).as("a hook's value").isFalse();
    }

    @Test
    void theDigestOfALoneSurrogateIsTheOneTheWrittenLineGives() {
        String line = line("id-1", launch(List.of("echo", "a\ud800b"), Map.of("BASH_ENV", "\udc00"), List.of()), Outcome.ALLOWED);
        assertThat(line).doesNotContain("\\ud800").contains("a\uFFFDb");
        assertThat(verifies(line)).isTrue();
    }
}
