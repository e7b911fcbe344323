package dev.cmdgate.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.RiskLevel;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** No agent runs in a unit-test JVM: the API must still work, in process. */
class CmdgateWithoutAgentTest {

    @Test
    void isNotActiveAndInstallingAHandlerIsANoOp() {
        assertThat(Cmdgate.isActive()).isFalse();
        assertThat(Cmdgate.installPromptHandler(r -> PromptAnswer.ALLOW)).isFalse();
    }

    @Test
    void checkClassifiesInProcessUnderSupervisedByDefault() {
        CheckResult read = Cmdgate.check(List.of("echo", "hello"));
        assertThat(read.agentActive()).isFalse();
        assertThat(read.decision()).isEqualTo(GateDecision.ALLOW);
        assertThat(read.commandClass()).isEqualTo(CommandClass.READ);
        assertThat(read.scheme()).isEqualTo("autonomy=supervised");
        assertThat(read.allowed()).isTrue();

        // touch is Write (real classifier) or Destructive (first cut): either way supervised prompts
        CheckResult touch = Cmdgate.check(List.of("touch", "x"));
        assertThat(touch.decision()).isEqualTo(GateDecision.PROMPT);
        assertThat(touch.commandClass()).isIn(CommandClass.WRITE, CommandClass.DESTRUCTIVE);
        assertThat(touch.message()).startsWith("cmdgate would ask for approval before running touch x (");
        assertThat(touch.reasons()).isNotEmpty();
    }

    @Test
    void shellLineIsJudgedAsShDashC() {
        CheckResult r = Cmdgate.check("touch x");
        assertThat(r.argv()).containsExactly("sh", "-c", "touch x");
        assertThat(r.decision()).isEqualTo(GateDecision.PROMPT);
    }

    @Test
    void workingDirectoryIsResolvedLikeTheAgentDoes() {
        assertThat(Cmdgate.check(List.of("ls")).workingDirectory()).isEqualTo(System.getProperty("user.dir"));
        assertThat(Cmdgate.check(List.of("ls"), Path.of("/tmp")).workingDirectory()).isEqualTo("/tmp");
        assertThat(Cmdgate.check(List.of("ls"), Path.of("sub")).workingDirectory())
                .isEqualTo(System.getProperty("user.dir") + "/sub");
    }

    @Test
    void aScopesDeclaredClassRaisesButNeverLowers() {
        try (LaunchScope s = Cmdgate.scope().declare(CommandClass.NETWORK).open()) {
            CheckResult r = Cmdgate.check(List.of("echo", "hi"));
            assertThat(r.commandClass()).isEqualTo(CommandClass.NETWORK);
            assertThat(r.decision()).isEqualTo(GateDecision.PROMPT);
            assertThat(r.findings()).anyMatch(f -> f.location().equals("application scope"));
        }
        try (LaunchScope s = Cmdgate.scope().declare(CommandClass.READ).open()) {
            CheckResult r = Cmdgate.check(List.of("touch", "x"));
            assertThat(r.commandClass()).isNotEqualTo(CommandClass.READ);
            assertThat(r.decision()).isEqualTo(GateDecision.PROMPT);
        }
    }

    @Test
    void schemeComesFromSystemPropertiesAndABadValueIsTheStrictestTier() {
        assertThat(InProcessGate.scheme(props())).isEqualTo(new GateScheme.ByAutonomy(Autonomy.SUPERVISED));
        assertThat(InProcessGate.scheme(props("cmdgate.autonomy", "full"))).isEqualTo(new GateScheme.ByAutonomy(Autonomy.FULL));
        assertThat(InProcessGate.scheme(props("cmdgate.level", "low"))).isEqualTo(new GateScheme.ByLevel(RiskLevel.LOW));
        assertThat(InProcessGate.scheme(props("cmdgate.autonomy", "yolo"))).isEqualTo(new GateScheme.ByAutonomy(Autonomy.READONLY));
        assertThat(InProcessGate.scheme(props("cmdgate.autonomy", "full", "cmdgate.level", "low")))
                .isEqualTo(new GateScheme.ByAutonomy(Autonomy.READONLY));
    }

    @Test
    void readonlyBlocksWhatSupervisedWouldPrompt() {
        InProcessGate gate = new InProcessGate(props("cmdgate.autonomy", "readonly"));
        CheckResult r = gate.check(dev.cmdgate.core.decision.Launch.ofArgv(List.of("touch", "x"), "/tmp"));
        assertThat(r.decision()).isEqualTo(GateDecision.BLOCK);
        assertThat(r.message()).startsWith("cmdgate would block touch x");
    }

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }
}
