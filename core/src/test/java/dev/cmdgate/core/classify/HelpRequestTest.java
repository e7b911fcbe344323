package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A command that only asks for its usage ({@code PROG [SUB…] --help} or another spelling its {@code help} rows list) is Read,
 * over a standalone rule set; anything more on the line, an interpreter, or a word the rules did not descend through,
 * leaves the command to its rows.
 */
class HelpRequestTest {

    static final String SH = """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS
            + "verdict help -> Read minimal \"help\"\n" + SH + """
            [del]
            is Destructive dangerous "deletes"
            help --help
            opt -r

            [tool]
            is Write medium "tool"
            help -h --help
            [tool drop]
            is Destructive dangerous "drops"
            [tool drop all]
            is Destructive dangerous "drops everything"

            [plain]
            is Destructive dangerous "plain"

            [.]
            is Read minimal "runs a script in this shell"
            parse none
            code-file -> Write high "script file"

            [cd]
            is Write medium "changes the shell"
            state
            """, "test rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "del --help => Read",
        "/usr/bin/del --help => Read",
        "del \"--help\" => Read",
        "tool drop --help => Read",
        "tool drop all --help => Read",
        "tool drop -h => Read",
        "tool -h => Read",
        // -h is tool's spelling, not plain's, and plain has none: its usage is no different from any other run
        "plain -h => Destructive",
        "plain --help => Destructive",
        // an operand before the flag may be acted on first (BSD rm foo --help deletes foo)
        "del foo --help => Destructive",
        "del --help foo => Destructive",
        "del -r --help => Destructive",
        "tool drop x --help => Destructive",
        "tool drop --help --help => Destructive",
        // an abbreviation or another spelling is not the flag
        "del --hel => Destructive",
        "del -help => Destructive",
        // a word only known at run time may be anything
        "del $H => Destructive",
        "tool $SUB --help => Write",
        "del --hel* => Destructive",
        // an interpreter may read an unknown word as the name of a script
        "sh --help => Destructive",
        // a script file's runner may take the flag for the file's name; a builtin that changes the shell is no help
        ". --help => Write",
        "cd --help => Write",
        // every command of the line is judged
        "del --help; del x => Destructive",
    })
    void onlyTheUsageIsRead(String line, String expected) {
        assertThat(R.classifyShell(line).commandClass()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "del --help => Read",
        "del x => Destructive",
    })
    void withoutTheSettingTheUsageIsStillRead(String line, String expected) {
        RulesClassifier r = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + SH + """
                [del]
                is Destructive dangerous "deletes"
                help --help
                """, "test rules"));
        assertThat(r.classifyShell(line).commandClass()).isEqualTo(CommandClass.parse(expected));
    }
}
