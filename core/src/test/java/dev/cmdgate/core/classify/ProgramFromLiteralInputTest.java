package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;

/**
 * A program file option naming standard input ({@code sed -f /dev/stdin}) fed a literal here-string or
 * here-document: the text is the program's own code, judged exactly as the same text given inline; input cmdgate
 * cannot read is unverifiable code.
 */
class ProgramFromLiteralInputTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass cls(String line) {
        return C.classifyShell(line).commandClass();
    }

    @Test
    void aSedScriptInAHereStringIsReadAsSed() {
        for (String opt : new String[] {"-f /dev/stdin", "-nf /dev/stdin", "--file=/dev/stdin", "--file /dev/stdin",
                "-E -f /dev/stdin", "-f /dev/fd/0", "-f /proc/self/fd/0", "-f -"}) {
            assertThat(cls("sed " + opt + " x <<< '1e rm -rf ~'")).as(opt).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        assertThat(cls("sed -f /dev/stdin x <<< 'w /root/.ssh/authorized_keys'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sed -f /dev/stdin x <<< 's/a/b/w /root/.bashrc'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sed -f /dev/stdin x <<'E'\n1e rm -rf ~\nE\n")).isEqualTo(CommandClass.DESTRUCTIVE);
        // a harmless script is what it is inline, plus the script-file option's own verdict
        assertThat(cls("sed -f /dev/stdin notes.txt <<< 's/a/b/'")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void otherProgramsReadTheirOwnLanguage() {
        assertThat(cls("awk -f /dev/stdin <<< 'BEGIN{system(\"rm -rf ~\")}'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("gawk -F: --file=/dev/stdin <<< 'BEGIN{system(\"rm -rf ~\")}'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("make -f /dev/stdin <<< 'all:; rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("vim -s /dev/stdin x <<< ':!rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("gdb -batch -x /dev/stdin <<< 'shell rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("awk -f /dev/stdin data <<< '{print $1}'")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("make -f /dev/stdin <<< 'all:; echo hi'")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void inputThatCannotBeReadIsUnverifiable() {
        assertThat(cls("sed -f /dev/stdin x < /tmp/fifo")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sed -f /dev/stdin x < script.sed")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("awk -f /dev/stdin < /tmp/x.awk")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sed -f /dev/stdin x <<< \"1e $cmd\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sed -f /dev/stdin x < /dev/tty")).isEqualTo(CommandClass.DESTRUCTIVE);
    }
}
