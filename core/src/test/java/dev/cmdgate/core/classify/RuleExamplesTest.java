package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleExample;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The rules test themselves: every {@code example} row of the built-in rules gets exactly its class. */
class RuleExamplesTest {

    @Test
    void everyBuiltInExampleGetsItsClass() {
        List<RuleExamples.Failure> failures = RuleExamples.check(RuleSet.builtin(), null);
        assertThat(failures).extracting(RuleExamples.Failure::describe).isEmpty();
        assertThat(RuleExamples.count(RuleSet.builtin(), null)).isGreaterThanOrEqualTo(150);
    }

    @Test
    void theMainSectionsCarryRiskyAndEverydayExamples() {
        Set<String> sections = RuleSet.builtin().examples().stream().map(RuleExample::section).collect(Collectors.toSet());
        assertThat(sections).contains("@settings", "rm", "find", "sed", "awk", "chmod", "tar", "cp", "sh", "env", "sudo",
                "python", "git", "git push", "curl", "wget", "ssh", "rsync", "npm", "pip", "docker", "kubectl",
                "terraform", "aws", "systemctl", "crontab", "kill", "psql", "security", "pass");
        for (String s : List.of("rm", "git push", "curl", "tar", "chmod", "docker")) {
            Set<CommandClass> classes = RuleSet.builtin().examples().stream().filter(e -> e.section().equals(s))
                    .map(RuleExample::expected).collect(Collectors.toSet());
            assertThat(classes).as("[%s] has an everyday and a risky example", s).hasSizeGreaterThan(1);
        }
    }

    @Test
    void aFailingExampleIsReportedWithFileLineAndWhatMatched() {
        RuleSet rules = RuleSet.withUserText("""
                [git push]
                example "git push --force" -> Destructive
                example "git push" -> Read
                [@settings]
                example "rm -rf ~" -> Write
                """, "team.rules");
        List<RuleExamples.Failure> failures = RuleExamples.check(rules, "team.rules");
        assertThat(failures).extracting(RuleExamples.Failure::describe).containsExactly(
                "team.rules line 3: [git push] example \"git push\" is Network, expected Read — sends commits to a remote",
                "team.rules line 5: [@settings] example \"rm -rf ~\" is Destructive, expected Write — recursive forced delete (rm -rf): --recursive --force");
        assertThat(RuleExamples.count(rules, "team.rules")).isEqualTo(3);
        // the user's examples only: the built-in ones are not counted against the user's file
        assertThat(RuleExamples.count(rules, null)).isGreaterThan(3);
    }

    @Test
    void anExampleRowIsCheckedWhenTheRulesAreRead() {
        assertThatThrownBy(() -> RuleSet.withUserText("[git]\nexample \"git x\" Write\n", "u"))
                .hasMessageContaining("u line 2").hasMessageContaining("example \"LINE\" -> CLASS");
        assertThatThrownBy(() -> RuleSet.withUserText("[git]\nexample \"git x\" -> Loud\n", "u"))
                .hasMessageContaining("u line 2");
        assertThatThrownBy(() -> RuleSet.withUserText("example \"ls\" -> Read\n", "u"))
                .hasMessageContaining("outside a [section]");
    }
}
