package dev.cmdgate.agent.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.lang.ProcessBuilder.Redirect;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ApiGateTest {

    static final LaunchGate NO_LAUNCHES = new LaunchGate() {
        @Override
        public void checkStart(String[] c, Map<String, String> e, String d, Redirect[] r, boolean m) {
        }

        @Override
        public void checkPipeline(List<ProcessBuilder> b) {
        }

        @Override
        public void checkConstruct(byte[] p, byte[] a, int n, byte[] d) {
        }

        @Override
        public Process started(Process process) {
            return process;
        }
    };

    static ApiGate gate(Autonomy autonomy, PromptGateway prompts, boolean audit) {
        Gatekeeper g = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(autonomy), null);
        return new ApiGate(NO_LAUNCHES, () -> g, prompts, audit);
    }

    static Launch touch(String cwd) {
        return Launch.ofArgv(List.of("touch", "f"), cwd);
    }

    @Test
    void readIsAllowedAndAPromptStaysAPromptWhenAHandlerMustBeAsked() {
        PromptGateway prompts = new PromptGateway("auto", Duration.ofSeconds(5));
        prompts.install(r -> PromptAnswer.ALLOW);
        ApiGate g = gate(Autonomy.SUPERVISED, prompts, false);
        CheckResult echo = g.check(Launch.ofArgv(List.of("echo", "x"), "/tmp"));
        assertThat(echo.decision()).isEqualTo(GateDecision.ALLOW);
        assertThat(echo.agentActive()).isTrue();
        CheckResult touch = g.check(touch("/tmp"));
        assertThat(touch.decision()).isEqualTo(GateDecision.PROMPT);
        assertThat(touch.gate()).isEqualTo(GateDecision.PROMPT);
    }

    @Test
    void certainHandlersAndRememberedAnswersDecide() {
        assertThat(gate(Autonomy.SUPERVISED, new PromptGateway("deny", Duration.ofSeconds(5)), false)
                .check(touch("/tmp")).decision()).isEqualTo(GateDecision.BLOCK);
        assertThat(gate(Autonomy.SUPERVISED, new PromptGateway("allow", Duration.ofSeconds(5)), false)
                .check(touch("/tmp")).decision()).isEqualTo(GateDecision.ALLOW);

        PromptGateway prompts = new PromptGateway("auto", Duration.ofSeconds(5));
        prompts.install(r -> PromptAnswer.ALLOW_ALWAYS);
        ApiGate g = gate(Autonomy.SUPERVISED, prompts, false);
        prompts.ask(List.of("touch", "f"), "/tmp", PromptGatewayTest.verdict(), null, Map.of());
        CheckResult again = g.check(touch("/tmp"));
        assertThat(again.decision()).isEqualTo(GateDecision.ALLOW);
        assertThat(again.reasons().get(0).code()).isEqualTo("prompt.remembered");
        assertThat(g.check(touch("/elsewhere")).decision()).isEqualTo(GateDecision.PROMPT);
    }

    @Test
    void readonlyBlocksAndAuditModeBlocksNothing() {
        PromptGateway prompts = new PromptGateway("deny", Duration.ofSeconds(5));
        assertThat(gate(Autonomy.READONLY, prompts, false).check(touch("/tmp")).decision()).isEqualTo(GateDecision.BLOCK);
        CheckResult audit = gate(Autonomy.READONLY, prompts, true).check(touch("/tmp"));
        assertThat(audit.decision()).isEqualTo(GateDecision.ALLOW);
        assertThat(audit.gate()).isEqualTo(GateDecision.BLOCK);
        assertThat(audit.reasons().get(0).code()).isEqualTo("mode.audit");
    }

    @Test
    void aDeclaredClassRaises() {
        PromptGateway prompts = new PromptGateway("deny", Duration.ofSeconds(5));
        Launch echo = new Launch(List.of("echo", "x"), null, "/tmp", Map.of(), List.of(), null, CommandClass.NETWORK);
        CheckResult r = gate(Autonomy.FULL, prompts, false).check(echo);
        assertThat(r.commandClass()).isEqualTo(CommandClass.NETWORK);
        assertThat(r.decision()).isEqualTo(GateDecision.BLOCK);
    }
}
