package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user's {@code reset} row drops every row of a built-in section, its {@code parse} row too: the user's rows
 * after it are read as the user's file shows them, not through a built-in way of splitting the arguments that
 * the file does not show and that would keep the user's option conditions from ever holding.
 */
class ResetRowTest {

    private static CommandClass classify(RuleSet rules, String... argv) {
        return RulesClassifier.of(rules).classifyArgv(List.of(argv), Map.of()).commandClass();
    }

    @Test
    void theUsersOptionRowsHoldInAResetSectionTheBuiltInRulesReadWithoutOptions() {
        // built in, [find] is `parse none`: every argument is an operand
        assertThat(RuleSet.builtin().program("find").mode()).isEqualTo(Section.ParseMode.NONE);
        RuleSet user = RuleSet.withUserText("[find]\nreset\nis Read minimal \"lists files\"\nopt -delete\n"
                + "when -delete -> Destructive high \"deletes what it finds\"\n", "u.rules");

        assertThat(user.program("find").mode()).isEqualTo(Section.ParseMode.GNU);
        assertThat(classify(user, "find", ".", "-delete")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(classify(user, "find", ".", "-name", "x")).isEqualTo(CommandClass.READ);
    }

    @Test
    void aResetSectionReadsItsFirstWordAsABundleOnlyWhenTheUsersFileSaysSo() {
        assertThat(RuleSet.builtin().program("tar").firstBundle()).isTrue();
        String rows = "[tar]\nreset\nis Read minimal \"lists an archive\"\nopt -c -> Write medium \"creates an archive\"\n";

        RuleSet plain = RuleSet.withUserText(rows, "u.rules");
        assertThat(plain.program("tar").firstBundle()).isFalse();
        assertThat(classify(plain, "tar", "c")).as("c is an operand").isEqualTo(CommandClass.READ);
        assertThat(classify(plain, "tar", "-c")).isEqualTo(CommandClass.WRITE);

        RuleSet bundled = RuleSet.withUserText(rows + "parse first-bundle\n", "u.rules");
        assertThat(classify(bundled, "tar", "c")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aResetSectionWithSubCommandsStillEndsItsOptionsAtTheSubCommand() {
        // the built-in settings read GIT_CONFIG_PARAMETERS as git's -c values: a reset [git] declares -c again
        RuleSet user = RuleSet.withUserText("[git]\nreset\nis Read minimal \"git\"\nopt -c =NAME=VALUE\n", "u.rules");

        assertThat(user.program("git").mode()).isEqualTo(Section.ParseMode.POSIX);
        assertThat(user.program("git").sub("push")).as("sub-command sections stay").isNotNull();
        assertThat(classify(user, "git", "push", "--force", "origin", "main"))
                .isEqualTo(classify(RuleSet.builtin(), "git", "push", "--force", "origin", "main"));
    }
}
