package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;

/**
 * An unknown program given a shell whose path is not written out — a variable that holds one, a command that
 * prints one, a pattern that matches one — may run it as it would {@code /bin/sh}.
 */
class UnwrittenShellTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass cls(String line) {
        return C.classifyShell(line).commandClass();
    }

    @Test
    void aVariableThatHoldsAShell() {
        assertThat(cls("pexec /bin/sh")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("pexec \"$SHELL\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("pexec $SHELL")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("runner --login \"${BASH}\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("tool --shell=\"$CONFIG_SHELL\"")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aCommandThatPrintsAShell() {
        assertThat(cls("pexec \"$(which sh)\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("pexec \"$(command -v bash)\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("spawner `type -P zsh`")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aPatternThatMatchesAShell() {
        assertThat(cls("pexec /bin/s[h]")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("pexec /usr/bin/ba?h")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("pexec /bin/[d]ash -i")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void otherRunTimeWordsStayTheUnknownProgramsVerdict() {
        assertThat(cls("pexec \"$FILE\"")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool *.txt")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool *")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool \"$(git rev-parse HEAD)\"")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool /tmp/sh*.log")).isEqualTo(CommandClass.WRITE);
    }
}
