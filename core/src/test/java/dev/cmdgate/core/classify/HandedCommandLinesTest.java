package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program the rules do not know, given a known suite of sub-commands followed by a verb, is handed a
 * command line it may run ({@code chronic gh auth token}): that command is judged too, so a credential command
 * behind a wrapper cmdgate does not know is still a credential read. A program's name alone is any word; a suite
 * of sub-commands followed by a verb is a command line even when the verb has no section of its own.
 */
class HandedCommandLinesTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [vaultcli]
            is Network high "talks to a secrets service"
            [vaultcli token]
            is Network high "prints a secret"
            [vaultcli status]
            is Read minimal "shows the status"

            [halt]
            is Destructive dangerous "stops the machine"

            [lister]
            is Read minimal "lists"
            """, "handed.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "runner vaultcli token => Network",
        "runner -q --retries 3 vaultcli token => Network",
        "runner -- vaultcli token => Network",
        "./tool vaultcli token => Network",
        // one word holding the whole command line, as a tool hands it to system()
        "runner 'vaultcli token' => Network",
        "runner --cmd 'vaultcli token' => Network",
        // a sub-command that is not harmful leaves the unknown program's verdict
        "runner vaultcli status => Write",
        // a suite's verb that has no section of its own is judged by the suite's rows
        "runner vaultcli other => Network",
        "runner 'vaultcli other' => Network",
        // a name alone, a program that is no suite of sub-commands, or a suite followed by a word that is no
        // verb, is any word
        "runner halt => Write",
        "runner vaultcli => Write",
        "runner vaultcli ./file => Write",
        "runner vaultcli -x => Write",
        "runner lister x => Write",
        // an option's value named like a program is the tool's own setting
        "runner --client=vaultcli token => Write",
        // a word only known at run time is left to the unknown program's verdict
        "runner vaultcli $SUB => Write",
        // a program the rules know is judged by its rows only
        "lister vaultcli token => Read",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
