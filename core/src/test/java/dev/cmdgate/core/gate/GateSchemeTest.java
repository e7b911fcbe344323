package dev.cmdgate.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GateSchemeTest {

    // the autonomy matrix, row by row.
    @ParameterizedTest(name = "{0} × {1} → {2}")
    @CsvSource({
            "readonly, Read, ALLOW", "readonly, Write, BLOCK", "readonly, Network, BLOCK", "readonly, Install, BLOCK", "readonly, Destructive, BLOCK",
            "supervised, Read, ALLOW", "supervised, Write, PROMPT", "supervised, Network, PROMPT", "supervised, Install, PROMPT", "supervised, Destructive, PROMPT",
            "full, Read, ALLOW", "full, Write, ALLOW", "full, Network, PROMPT", "full, Install, PROMPT", "full, Destructive, PROMPT"})
    void autonomyMatrix(String tier, String cls, GateDecision expected) {
        GateScheme scheme = new GateScheme.ByAutonomy(Autonomy.parse(tier));
        assertThat(scheme.decide(classification(CommandClass.parse(cls), RiskLevel.MEDIUM))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "threshold {0}, level {1} → {2}")
    @CsvSource({
            "minimal, minimal, ALLOW", "minimal, low, PROMPT", "low, low, ALLOW", "low, medium, PROMPT",
            "medium, medium, ALLOW", "medium, high, PROMPT", "high, high, ALLOW", "high, dangerous, PROMPT"})
    void levelThreshold(String threshold, String level, GateDecision expected) {
        GateScheme scheme = new GateScheme.ByLevel(RiskLevel.parse(threshold));
        assertThat(scheme.decide(classification(CommandClass.WRITE, RiskLevel.parse(level)))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"minimal", "high"})
    void destructiveAlwaysPromptsUnderLevelGating(String threshold) {
        GateScheme scheme = new GateScheme.ByLevel(RiskLevel.parse(threshold));
        assertThat(scheme.decide(classification(CommandClass.DESTRUCTIVE, RiskLevel.LOW))).isEqualTo(GateDecision.PROMPT);
    }

    @org.junit.jupiter.api.Test
    void dangerousIsNotAThreshold() {
        assertThatThrownBy(() -> new GateScheme.ByLevel(RiskLevel.DANGEROUS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Autonomy.parse("yolo")).hasMessageContaining("readonly, supervised or full");
    }

    private static Classification classification(CommandClass c, RiskLevel l) {
        return new Classification(c, l, List.of(), List.of());
    }
}
