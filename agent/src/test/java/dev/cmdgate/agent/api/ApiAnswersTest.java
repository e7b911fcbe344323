package dev.cmdgate.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.bridge.ThreadScopes;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ApiAnswersTest {

    /** Pre-checks recorded by the gate under test: the argv and what the API answered. */
    final List<String> recorded = new ArrayList<>();
    final ThreadScopes scopes = new ThreadScopes();

    ApiAnswers gate(Autonomy autonomy, PromptResolver prompts, boolean audit) {
        Gatekeeper g = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(autonomy), null);
        return new ApiAnswers(() -> g, prompts, audit, scopes,
                (Launch l, dev.cmdgate.core.decision.Verdict v, GateDecision answer, List<Reason> why) ->
                        recorded.add(String.join(" ", l.argv()) + " -> " + answer.label()));
    }

    /** What the gate says of {@code launch} under supervised: a prompt, for the handler to answer "always". */
    private static dev.cmdgate.core.decision.Verdict judged(Launch launch) {
        return new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null).judge(launch);
    }

    static Map<String, Object> touch(ApiAnswers g, String cwd) {
        return g.check(List.of("touch", "f"), null, cwd, Map.of());
    }

    @Test
    void readIsAllowedAndAPromptStaysAPromptWhenAHandlerMustBeAsked() {
        PromptResolver prompts = new PromptResolver("auto", Duration.ofSeconds(5));
        prompts.install(r -> "ALLOW", "test handler");
        ApiAnswers g = gate(Autonomy.SUPERVISED, prompts, false);
        Map<String, Object> echo = g.check(List.of("echo", "x"), null, "/tmp", Map.of());
        assertThat(echo).containsEntry("decision", "allow").containsEntry("class", "Read");
        Map<String, Object> touch = touch(g, "/tmp");
        assertThat(touch).containsEntry("decision", "prompt").containsEntry("gate", "prompt");
        assertThat(recorded).as("only refusals are recorded as pre-checks").isEmpty();
    }

    @Test
    void certainHandlersAndRememberedAnswersDecide() {
        Map<String, Object> denied = touch(gate(Autonomy.SUPERVISED, new PromptResolver("deny", Duration.ofSeconds(5)), false), "/tmp");
        assertThat(denied).containsEntry("decision", "block");
        assertThat(((List<?>) denied.get("reasons")).get(0)).as("the reason the launch would record")
                .isEqualTo(List.of("prompt.denied", "the prompt was answered deny (cmdgate.prompt=deny)"));
        assertThat(touch(gate(Autonomy.SUPERVISED, new PromptResolver("allow", Duration.ofSeconds(5)), false), "/tmp"))
                .containsEntry("decision", "allow");

        PromptResolver prompts = new PromptResolver("auto", Duration.ofSeconds(5));
        prompts.install(r -> "ALLOW_ALWAYS", "test handler");
        ApiAnswers g = gate(Autonomy.SUPERVISED, prompts, false);
        Launch touch = Launch.ofArgv(List.of("touch", "f"), "/tmp");
        prompts.ask(touch, judged(touch), null, Map.of());
        Map<String, Object> again = touch(g, "/tmp");
        assertThat(again).containsEntry("decision", "allow");
        assertThat(((List<?>) again.get("reasons")).get(0)).isEqualTo(List.of("prompt.remembered",
                "answered 'always' earlier for this exact launch, classified no higher then"));
        assertThat(touch(g, "/elsewhere")).containsEntry("decision", "prompt");
        assertThat(g.check(List.of("touch", "f"), null, "/tmp", Map.of("BASH_ENV", "/tmp/hook")))
                .as("the same argv with an environment change is another launch").containsEntry("decision", "prompt");
    }

    @Test
    void aShellLineCheckIsTheLaunchOfShDashC() {
        PromptResolver prompts = new PromptResolver("auto", Duration.ofSeconds(5));
        prompts.install(r -> "ALLOW_ALWAYS", "test handler");
        ApiAnswers g = gate(Autonomy.SUPERVISED, prompts, false);
        Launch started = Launch.ofArgv(List.of("sh", "-c", "touch f"), "/tmp");
        prompts.ask(started, judged(started), null, Map.of());
        assertThat(g.check(List.of("sh", "-c", "touch f"), "touch f", "/tmp", Map.of())).containsEntry("decision", "allow");
        assertThat(g.check(List.of("sh", "-c", "touch g"), "touch g", "/tmp", Map.of())).containsEntry("decision", "prompt");
    }

    @Test
    void readonlyBlocksAndAuditModeBlocksNothing() {
        PromptResolver prompts = new PromptResolver("deny", Duration.ofSeconds(5));
        assertThat(touch(gate(Autonomy.READONLY, prompts, false), "/tmp")).containsEntry("decision", "block");
        assertThat(recorded).containsExactly("touch f -> block");
        Map<String, Object> audit = touch(gate(Autonomy.READONLY, prompts, true), "/tmp");
        assertThat(audit).containsEntry("decision", "allow").containsEntry("gate", "block");
        assertThat(((List<?>) audit.get("reasons")).get(0)).as("the reason the launch would record")
                .isEqualTo(List.of("mode.audit", "audit mode: recorded, not enforced (would have been block)"));
    }

    @Test
    void theThreadsDeclaredClassRaises() {
        PromptResolver prompts = new PromptResolver("deny", Duration.ofSeconds(5));
        scopes.set(Map.of("tool", "t"), "Network");
        Map<String, Object> r = gate(Autonomy.FULL, prompts, false).check(List.of("echo", "x"), null, "/tmp", Map.of());
        assertThat(r).containsEntry("class", "Network").containsEntry("decision", "block");
        scopes.set(null, null);
        assertThat(gate(Autonomy.FULL, prompts, false).check(List.of("echo", "x"), null, "/tmp", Map.of()))
                .containsEntry("class", "Read");
    }
}
