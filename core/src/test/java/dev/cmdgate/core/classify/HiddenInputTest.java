package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Code read from a place whose content cmdgate cannot know — a terminal, a device, a descriptor,
 * /proc, a FIFO the script made, a wrapper's inherited terminal — is unverifiable code, not "a
 * script read from a file". Nothing is executed.
 */
class HiddenInputTest {

    static final String RULES = MechanismTest.SETTINGS + """
            verdict hidden-input -> Destructive dangerous "hidden input"
            ordinary-files /dev/shm/*

            [sh]
            is Read minimal "shell"
            opt -c
            opt -i
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code interactive -i -> Destructive dangerous "interactive"

            [py]
            is Write high "python"
            opt -c =CODE
            code python opt -c
            code-file -> Write high "python script"
            stdin-code -> Destructive dangerous "interactive python"

            [find]
            parse none
            runs between -exec end ;

            [mkfifo]
            is Write medium "makes a fifo"
            fifo operands

            [mknod]
            is Write medium "makes a node"
            fifo operand 1 if operand2=p

            [conf]
            is Read minimal "reads a config"
            opt --rc =FILE
            code file opt --rc

            [show]
            is Read minimal "shows"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "hidden.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "sh < /dev/tty => Destructive",
        "sh 0< /dev/tty => Destructive",
        "sh < /dev/fd/3 => Destructive",
        "sh < /proc/self/fd/0 => Destructive",
        "sh < /dev/sda => Destructive",
        "sh < \"$F\" => Destructive",
        "py < /dev/tty => Destructive",
        "sh < script => Write",
        "sh < /dev/shm/script => Write",
        "sh < /dev/null => Read",
        "py < script.py => Write",
        // -i reads even a file as typed input
        "sh -i < script => Destructive",
        // a FIFO made earlier in the same script
        "mkfifo f; sh < f => Destructive",
        "mkfifo ./f; sh < f => Destructive",
        "mkfifo /tmp/f; sh < /tmp//f => Destructive",
        "mknod /tmp/p p; sh < /tmp/p => Destructive",
        "mknod /tmp/p c 1 3; sh < /tmp/p => Write",
        "mkfifo f; sh < g => Write",
        // find -exec sh: the shell reads find's input, the terminal
        "find . -exec sh \\; => Destructive",
        "find . -exec sh -c show \\; => Read",
        "find . -exec show \\; => Read",
        // a code file on a device
        "conf --rc /dev/stdin => Destructive",
        "conf --rc /dev/null => Read",
        "conf --rc x.rc => Read",
    })
    void hidden(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void ruleSetsWithoutTheHiddenInputVerdictFallBackToPipedCode() {
        RulesClassifier old = RulesClassifier.of(RuleSet.parse(MechanismTest.RULES, "old.rules"));
        Classification c = old.classifyShell("sh < /dev/tty");
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).startsWith("piped code"));
    }
}
