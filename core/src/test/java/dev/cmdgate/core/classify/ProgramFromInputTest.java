package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;

/**
 * A program file option given standard input or a descriptor ({@code awk -f -}, {@code awk -f /dev/stdin}): the
 * program is the input, judged as an interpreter's code from standard input is.
 */
class ProgramFromInputTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass cls(String line) {
        return C.classifyShell(line).commandClass();
    }

    @Test
    void aProgramFilePipedInIsUnverifiableCode() {
        assertThat(cls("echo 'BEGIN{system(\"id\")}' | awk -f -")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("echo 'BEGIN{system(\"id\")}' | gawk --file=- data")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("echo 'BEGIN{system(\"id\")}' | mawk -f /dev/fd/0")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("printf '%s' \"$P\" | nawk -f /proc/self/fd/0 x")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("cat prog | gawk -E /dev/stdin")).isEqualTo(CommandClass.DESTRUCTIVE);
        // the same text piped to python3 was already judged so
        assertThat(cls("echo 'import os' | python3")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aProgramFileOnDiskStaysAProgramFile() {
        assertThat(cls("awk -f prog.awk data")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("awk '{print $1}' data.txt")).isEqualTo(CommandClass.READ);
        // redirected from a file the program is not read (a FIFO cannot be told from a file): unverifiable
        assertThat(cls("awk -f - < prog.awk")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void perlsPosixExecFamilyRunsItsProgram() {
        assertThat(cls("perl -MPOSIX -e 'execvp(\"rm\", [\"rm\",\"-rf\",\"/home\"])'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("perl -MPOSIX -e 'POSIX::execvp(\"sh\",[\"sh\",\"-c\",\"rm -rf ~\"])'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("perl -MPOSIX -e 'POSIX::execv(\"/bin/rm\", [\"rm\", \"-rf\", \"/srv\"])'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("perl -e 'use POSIX; execl(\"/bin/sh\", \"sh\", \"-c\", \"rm -rf ~\")'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("perl -e 'CORE::system(\"rm -rf ~\")'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("perl -MPOSIX -e 'POSIX::execvp(\"ls\", [\"ls\", \"-l\"])'")).isEqualTo(CommandClass.WRITE);
    }
}
