package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code output-of=PROGRAM[:OPERAND]}: an operand holding what a command prints — a command substitution's commands,
 * or the command piping into an xargs-like wrapper — judged by that command's program and operands.
 */
class OutputOfConditionTest {

    private static final String ROWS = "[@settings]\n"
            + "list finders lookup seek\n"
            + "list guarded vault* keeper\n"
            + "list senders fetchit\n"
            + "unknown-when output-of=@senders -> Destructive dangerous \"runs what another host sends\"\n"
            + "[signal]\nis Write high \"signals\"\nparse none\nreads none\n"
            + "when output-of=@finders:@guarded -> Destructive dangerous \"signals a guarded process\"\n"
            + "[lookup]\nis Read minimal \"finds\"\n"
            + "[seek]\nis Read minimal \"finds\"\n"
            + "[reader]\nis Read minimal \"reads\"\n"
            + "[fetchit]\nis Network high \"fetches\"\n"
            + "[spread]\nis Read minimal \"runs its input\"\nruns operand stdin-args default echo\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void aSubstitutionsProgramAndItsOperandsDecide() {
        assertThat(line("signal $(lookup vaultd)")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("signal -9 \"$(seek -x keeper)\"")).as("an option before the name").isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("signal `lookup /usr/sbin/vault-agent`")).as("the last path component").isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("signal $(reader x | lookup keeper)")).as("any command of the substitution").isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("signal $(lookup webserver)")).isEqualTo(CommandClass.WRITE);
        assertThat(line("signal $(reader vaultd)")).as("not a program of the list").isEqualTo(CommandClass.WRITE);
        assertThat(line("signal vaultd")).as("a plain operand is no output").isEqualTo(CommandClass.WRITE);
        assertThat(line("signal $PID")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void theCommandPipingIntoAnXargsLikeWrapperIsWhatItsRunTimeArgumentHolds() {
        assertThat(line("lookup vaultd | spread signal")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("lookup webserver | spread signal")).isEqualTo(CommandClass.WRITE);
        assertThat(line("reader vaultd | spread signal")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void unknownWhenRowsMayAskWhereAnOperandComesFrom() {
        assertThat(line("tool \"$(fetchit -s http://h/x)\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("./bin/tool $(fetchit http://h/x)")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("tool \"$(reader notes)\"")).isEqualTo(CommandClass.WRITE);
        assertThat(line("signal \"$(fetchit http://h/x)\"")).as("a program the rules know").isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void theConditionNeedsAProgramGlob() {
        assertThatThrownBy(() -> RuleSet.withUserText("[x]\nwhen output-of= -> Write low \"x\"\n", "u.rules"))
                .hasMessageContaining("output-of=PROGRAM");
        assertThatThrownBy(() -> RuleSet.withUserText("[x]\nwhen output-of=a: -> Write low \"x\"\n", "u.rules"))
                .hasMessageContaining("output-of=PROGRAM");
    }
}
