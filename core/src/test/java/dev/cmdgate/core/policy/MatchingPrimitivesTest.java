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
        assertThat(generic.canonicalOptions("cp", List.of("--recu"))).containsExactly("--recursive");
        // cp --r may abbreviate --recursive, --reflink, --remove-destination …: every one of them (over-matching)
        assertThat(generic.canonicalOptions("cp", List.of("--r"))).contains("--recursive", "--reflink");
        assertThat(generic.canonicalOptions("cp", List.of("-R"))).containsExactly("--recursive");
        // the tables are the rules' own: git's -f is --force (push, branch …), whatever the sub-command
        assertThat(generic.canonicalOptions("git", List.of("push", "-f"))).contains("--force");
        assertThat(generic.canonicalOptions("java", List.of("-jar", "x.jar"))).containsExactly("-jar");
        assertThat(generic.canonicalOptions(null, List.of("-x"))).containsExactly("-x");
    }

    @Test
    void theClassifiersCanonicalisation() {
        OptionCanonicalizer standard = OptionCanonicalizer.standard();
        assertThat(standard.canonicalOptions("rm", List.of("-Rf", "x"))).containsExactlyInAnyOrder("--recursive", "--force");
        assertThat(standard.canonicalOptions("rm", List.of("--rec", "--for"))).containsExactlyInAnyOrder("--recursive", "--force");
        assertThat(standard.canonicalOptions("git", List.of("push", "-f"))).containsExactly("--force");
        OptionCanonicalizer throwing = OptionCanonicalizer.fromArgv(argv -> {
            throw new IllegalStateException("x");
        });
        assertThat(throwing.canonicalOptions("rm", List.of("-rf"))).containsExactlyInAnyOrder("--recursive", "--force");
    }

    @Test
    void dashWordsThatAreNotOptionsMustAppearLiterally() {
        OptionCanonicalizer standard = OptionCanonicalizer.standard();
        BlockedPattern p = BlockedPattern.compile("find -delete", standard);
        assertThat(p.stages.get(0).literalOptions()).containsExactly("-delete");
        Passport passport = Passports.active("\"allowed_commands\": [\"*\"], \"max_execution_time\": 9, \"blocked_patterns\": [\"find -delete\"]");
        PassportEvaluator ev = new PassportEvaluator(standard);
        assertThat(ev.evaluate(passport, LaunchFacts.of(List.of("find", ".", "-name", "x"), null, null, null,
                Trees.tree(Trees.cmd("find", ".", "-name", "x"))))).isEmpty();
        assertThat(ev.evaluate(passport, LaunchFacts.of(List.of("find", ".", "-name", "x", "-delete"), null, null, null,
                Trees.tree(Trees.cmd("find", ".", "-name", "x", "-delete"))))).hasSize(1);
    }

    @Test
    void flagSpellingsMatchWithEitherCanonicaliser() {
        Passport passport = Passports.active("\"allowed_commands\": [\"*\"], \"max_execution_time\": 9, \"blocked_patterns\": [\"rm -fr\"]");
        for (OptionCanonicalizer canon : List.of(OptionCanonicalizer.generic(), OptionCanonicalizer.standard())) {
            PassportEvaluator ev = new PassportEvaluator(canon);
            for (List<String> argv : List.of(List.of("rm", "-rf", "x"), List.of("rm", "-r", "-f", "x"),
                    List.of("rm", "--recursive", "--force", "x"), List.of("/bin/rm", "-Rf", "x"), List.of("rm", "x", "--for", "--rec"))) {
                assertThat(ev.evaluate(passport, LaunchFacts.of(argv, null, null, null,
                        Trees.tree(Trees.cmd(argv.toArray(String[]::new)))))).as(argv.toString()).hasSize(1);
            }
            // rm -r has the same effect without a terminal on stdin (PatternEquivalences); rm -f is not recursive
            assertThat(ev.evaluate(passport, LaunchFacts.of(List.of("rm", "-r", "x"), null, null, null,
                    Trees.tree(Trees.cmd("rm", "-r", "x"))))).hasSize(1);
            assertThat(ev.evaluate(passport, LaunchFacts.of(List.of("rm", "-f", "x"), null, null, null,
                    Trees.tree(Trees.cmd("rm", "-f", "x"))))).isEmpty();
        }
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
                .containsExactly(new BlockedPattern.Stage("rm", java.util.Set.of("--recursive", "--force"), List.of(), List.of()));
        assertThat(BlockedPattern.compile("curl | bash", generic).stages).extracting(BlockedPattern.Stage::program)
                .containsExactly("curl", "bash");
        assertThat(BlockedPattern.compile("curl |& sh", generic).stages).hasSize(2);
        assertThat(BlockedPattern.compile("dd if=", generic).stages.get(0).operands()).containsExactly("if=");
        assertThat(BlockedPattern.compile("'chmod' \"777\"", generic).stages.get(0))
                .isEqualTo(new BlockedPattern.Stage("chmod", java.util.Set.of(), List.of("777"), List.of()));
        for (String textOnly : List.of("> /dev/", "a && b", "a || b", "$(x)", "X=1 ls", "-rf", "| bash", "'open", "a;b")) {
            assertThat(BlockedPattern.compile(textOnly, generic).stages).as(textOnly).isEmpty();
        }
    }
}
