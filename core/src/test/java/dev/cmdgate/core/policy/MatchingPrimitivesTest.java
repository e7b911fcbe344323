package dev.cmdgate.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MatchingPrimitivesTest {

    final OptionCanonicalizer generic = OptionCanonicalizer.generic();

    @Test
    void genericCanonicalisation() {
        assertThat(generic.canonicalOptions("rm", List.of("-rf", "x"))).containsExactlyInAnyOrder("--recursive", "--force");
        assertThat(generic.canonicalOptions("rm", List.of("-R", "--for", "x"))).containsExactlyInAnyOrder("--recursive", "--force");
        assertThat(generic.canonicalOptions("rm", List.of("--", "-rf"))).isEmpty();
        assertThat(generic.canonicalOptions("rm", List.of("-"))).isEmpty();
        assertThat(generic.canonicalOptions("curl", List.of("--output=f", "-sS"))).containsExactlyInAnyOrder("--output", "--silent", "-S");
        assertThat(generic.canonicalOptions("unknown", List.of("-ab", "--long=1"))).containsExactly("-a", "-b", "--long");
        assertThat(generic.canonicalOptions("find", List.of(".", "-delete"))).containsExactly("-delete");
        // unambiguous abbreviations of known long names resolve
        assertThat(generic.canonicalOptions("rm", List.of("--in"))).containsExactly("--interactive");
        assertThat(generic.canonicalOptions("cp", List.of("--r"))).containsExactly("--recursive");
        assertThat(generic.canonicalOptions(null, List.of("-x"))).containsExactly("-x");
    }

    @Test
    void folding() {
        assertThat(BlockedPattern.fold("  RM \t -RF  /x ")).isEqualTo("rm -rf /x");
        assertThat(BlockedPattern.fold("curl x | bash")).isEqualTo("curl x|bash");
        assertThat(BlockedPattern.fold("echo >  /dev/sda")).isEqualTo("echo>/dev/sda");
        assertThat(BlockedPattern.fold("a ; b && c")).isEqualTo("a;b&&c");
    }

    @Test
    void patternStructure() {
        assertThat(BlockedPattern.compile("rm -rf", generic).stages)
                .containsExactly(new BlockedPattern.Stage("rm", java.util.Set.of("--recursive", "--force"), List.of()));
        assertThat(BlockedPattern.compile("curl | bash", generic).stages).extracting(BlockedPattern.Stage::program)
                .containsExactly("curl", "bash");
        assertThat(BlockedPattern.compile("curl |& sh", generic).stages).hasSize(2);
        assertThat(BlockedPattern.compile("dd if=", generic).stages.get(0).operands()).containsExactly("if=");
        assertThat(BlockedPattern.compile("'chmod' \"777\"", generic).stages.get(0))
                .isEqualTo(new BlockedPattern.Stage("chmod", java.util.Set.of(), List.of("777")));
        for (String textOnly : List.of("> /dev/", "a && b", "a || b", "$(x)", "X=1 ls", "-rf", "| bash", "'open", "a;b")) {
            assertThat(BlockedPattern.compile(textOnly, generic).stages).as(textOnly).isEmpty();
        }
    }
}
