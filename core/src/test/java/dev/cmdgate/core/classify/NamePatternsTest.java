package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** An operand that is a name pattern names the list entries it may match. Nothing here runs. */
class NamePatternsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} on {1} -> {2}")
    @CsvSource(delimiterString = " | ", value = {
            "audit* | auditd* | true",
            "[a]uditd | auditd* | true",
            "a?ditd | auditd* | true",
            "audit*.service | auditd* | true",
            "* | auditd* | true",
            "[!x]f | pf | true",
            "rsys* | rsyslog* | true",
            "myapp-* | auditd* | false",
            "nginx* | auditd* | false",
            "[b]uditd | auditd* | false",
            "p? | pflog | false",
            // brackets fnmatch reads oddly or not at all: the pattern may name anything (never an error)
            "[z-a]uditd | auditd* | true",
            "[!]x | pflog | true",
            "[a-c]uditd | auditd* | true",
            "[.-]uditd | auditd* | false",
            "[\\^&&[]uditd | auditd* | false",
    })
    void mayName(String pattern, String glob, boolean expected) {
        assertThat(NamePatterns.mayName(pattern, List.of(glob))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "systemctl stop 'audit*' => Destructive",
            "systemctl stop 'f[a]lco' => Destructive",
            "systemctl disable 'wazuh-*' => Destructive",
            "kill $(systemctl show -p MainPID --value 'osq*') => Destructive",
            "systemctl stop 'myapp-*' => Write",
            "systemctl restart 'web@*' => Write",
            "systemctl status 'audit*' => Read",
            // lists of other words (destroying verbs) are not matched as patterns: a test filter is text
            "./gradlew test --tests '*Spec' => Write",
            "./run-tests '*' => Write",
            "./tool 'del*' => Write",
    })
    void classifies(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }
}
