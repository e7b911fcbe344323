package dev.cmdgate.core.classify;

import static dev.cmdgate.core.classify.ShellStateTest.last;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic holes of {@link ArithmeticNamesTest} written across several commands of one gated shell session:
 * each command is judged after the state the earlier ones left. Nothing here runs. {@code f} stands for a file
 * holding {@code a[$(touch PWN)]}.
 */
class SessionArithmeticTest {

    @Test
    void valuesBashSetsInAnEarlierCommandAreOnlyKnownAtRunTime() {
        assertThat(last("read < f", "echo $((REPLY))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last(": \"$(cat f)\"", "echo $((_))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("mapfile < f", "(( MAPFILE[0] ))")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aKnownValueLeadsToOneReadLater() {
        assertThat(last("x=y", "read -r y < f", "(( x > 0 )) || echo small")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("x=y", "read -r y < f", "echo $((x + 1))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("x=y", "y=3", "echo $((x + 1))")).isEqualTo(CommandClass.READ);
    }

    @Test
    void runTimeValuesGivenToIntegerVariablesAndNamerefsAcrossCommands() {
        assertThat(last("read -r x < f", "OPTIND=$x")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("read -r x < f", "declare -n r=$x", "echo $r")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("read -r g < f", "n=$(wc -l g); echo $((n))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("cd src", "n=$(wc -l < f); echo $((n + 1))")).isEqualTo(CommandClass.READ);
        // a bash -i session expands aliases: one named like a producer, from an earlier write, is not the producer
        assertThat(last("alias wc='cat f'", "n=$(wc -l < f); echo $((n + 1))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias \"$(cat g)\"", "n=$(nproc); echo $((n + 1))")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias ll='ls -la'", "n=$(wc -l < f); echo $((n + 1))")).isEqualTo(CommandClass.READ);
    }
}
