package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code verb=GLOB}: the command word of a namespaced line is the last word before the first option, so an option's
 * value that happens to be a showing word is no command; {@code ~=}: a program that takes its command words in any
 * case is matched in any case.
 */
class VerbAndAnyCaseConditionTest {

    private static final String ROWS = "[nstool]\nis Read minimal \"shows\"\nparse posix\n"
            + "opt -s --server =HOST\n"
            + "when !verb~=list !verb~=get -> Write high \"changes\"\n"
            + "when operand=users !verb=list -> Destructive high \"changes users\"\n"
            + "[casetool]\nis Write high \"manages\"\nparse none\n"
            + "when operand~=deleteAll -> Destructive high \"deletes\"\n"
            + "when operand1~=wipe* -> Destructive high \"wipes\"\n"
            + "when last~=now -> Destructive high \"now\"\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void theVerbIsTheLastWordBeforeTheFirstOption() {
        assertThat(line("nstool system users list")).isEqualTo(CommandClass.READ);
        assertThat(line("nstool system users list --format json")).isEqualTo(CommandClass.READ);
        assertThat(line("nstool -s h net ip get -i vmk0")).isEqualTo(CommandClass.READ);
        assertThat(line("nstool system users add -i list -p x")).as("list is a value").isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("nstool system name set --host get")).isEqualTo(CommandClass.WRITE);
        assertThat(line("nstool system users add list")).as("the last word is the verb").isEqualTo(CommandClass.READ);
        assertThat(line("nstool system users add")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("nstool net LIST")).as("~= compares in any case").isEqualTo(CommandClass.READ);
        assertThat(line("nstool net \"$V\" -i list")).as("a verb only known at run time").isEqualTo(CommandClass.WRITE);
        assertThat(line("nstool -- -i list")).as("no verb before the option").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aTildeConditionMatchesInAnyCase() {
        assertThat(line("casetool deleteAll x")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("casetool DELETEALL x")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("casetool -x DeleteAll")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("casetool deleteSome x")).isEqualTo(CommandClass.WRITE);
        assertThat(line("casetool WipeDisk")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("casetool x WipeDisk")).as("operand 1 only").isEqualTo(CommandClass.WRITE);
        assertThat(line("casetool x NOW")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void anExactConditionStaysExact() {
        String rows = "[t2]\nis Write high \"m\"\nparse none\nwhen operand=deleteAll -> Destructive high \"d\"\n";
        RuleSet rules = RuleSet.withUserText(rows, "u.rules");
        assertThat(RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", "t2 DELETEALL"), Map.of()).commandClass())
                .isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aTildeConditionTakesOnlyAGlob() {
        assertThatThrownBy(() -> RuleSet.withUserText("[@settings]\nlist l a\n[t3]\nis Write high \"m\"\n"
                + "when operand~=@l -> Destructive high \"d\"\n", "u.rules")).hasMessageContaining("~=");
    }
}
