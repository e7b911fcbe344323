package dev.cmdgate.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PatternEquivalencesTest {

    @Test
    void theBuiltInDataLoadsAndSaysWhyForEachRow() {
        List<PatternEquivalences.Rule> rules = PatternEquivalences.builtin().rules();
        assertThat(rules).extracting(PatternEquivalences.Rule::program).containsExactly("rm", "mv");
        assertThat(rules).allSatisfy(r -> assertThat(r.why()).contains("standard input is a terminal"));
    }

    @Test
    void alternativesApplyEachRowToTheRequiredOptions() {
        for (OptionCanonicalizer c : List.of(OptionCanonicalizer.generic(), OptionCanonicalizer.standard())) {
            List<PatternEquivalences.Alternative> a = PatternEquivalences.builtin()
                    .alternatives("rm", Set.of("--recursive", "--force"), c);
            assertThat(a).extracting(PatternEquivalences.Alternative::options)
                    .containsExactly(Set.of("--recursive", "--force"), Set.of("--recursive"));
            assertThat(a.get(0).rule()).isNull();
            assertThat(a.get(1).rule().program()).isEqualTo("rm");
            assertThat(PatternEquivalences.builtin().alternatives("rm", Set.of("--recursive"), c)).hasSize(1);
            assertThat(PatternEquivalences.builtin().alternatives("cp", Set.of("--recursive", "--force"), c)).hasSize(1);
        }
    }

    @Test
    void rowsApplyRepeatedlyAndReplaceOptions() {
        PatternEquivalences e = PatternEquivalences.parse("""
                [stdin-not-a-terminal]
                tool: -a = -b  "a is b here"
                tool: -b =  "b changes nothing"
                """);
        assertThat(e.alternatives("tool", Set.of("-a", "-c"), OptionCanonicalizer.generic()))
                .extracting(PatternEquivalences.Alternative::options)
                .containsExactly(Set.of("-a", "-c"), Set.of("-b", "-c"), Set.of("-c"));
    }

    @Test
    void anythingItDoesNotUnderstandIsRefused() {
        assertThatThrownBy(() -> PatternEquivalences.parse("[stdin-is-a-terminal]\nrm: -f = \"x\"\n"))
                .hasMessageContaining("line 1: unknown condition");
        assertThatThrownBy(() -> PatternEquivalences.parse("rm: -f = \"x\"\n")).hasMessageContaining("before any [condition]");
        assertThatThrownBy(() -> PatternEquivalences.parse("[stdin-not-a-terminal]\nrm -f\n"))
                .hasMessageContaining("line 2: expected PROGRAM");
        assertThatThrownBy(() -> PatternEquivalences.parse("[stdin-not-a-terminal]\nrm: = -f \"x\"\n"))
                .hasMessageContaining("at least one option on the left");
        assertThatThrownBy(() -> PatternEquivalences.parse("[stdin-not-a-terminal]\nrm: -f = x \"why\"\n"))
                .hasMessageContaining("options only");
        assertThatThrownBy(() -> PatternEquivalences.parse("[stdin-not-a-terminal]\nrm: -f = \"\"\n"))
                .hasMessageContaining("and a reason");
    }
}
