package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program that takes any prefix of its sub-commands ({@code sub-prefixes}): a prefix names the first of the row's
 * words it begins, in the program's own order, and no sub-command word at all names the row's default.
 */
class SubCommandPrefixesTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            [netc]
            is Destructive high "changes the network"
            parse global-options
            opt -t --terse
            sub-prefixes general device
            [netc general]
            sub-prefixes status hostname default status
            [netc general status]
            is Read minimal "shows"
            [netc device]
            sub-prefixes set status show disconnect default status
            [netc device status|netc device show]
            is Read minimal "shows"
            [netc device set]
            is Destructive high "sets"
            """, "prefixes.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "netc g => Read",
        "netc gen stat => Read",
        "netc -t g s => Read",
        "netc general => Read",
        "netc g h => Destructive",
        "netc g hostname x => Destructive",
        // the first word of the row a prefix begins wins, as in the program's table: s is set here, not status
        "netc d s => Destructive",
        "netc d st => Read",
        "netc d sh eth0 => Read",
        "netc d => Read",
        // a prefix of a sub-command without a section of its own is judged by the parent's rows
        "netc d dis eth0 => Destructive",
        // a word that begins none, and a word only known at run time, are operands
        "netc d x => Destructive",
        "netc $X => Destructive",
        "netc d $X => Destructive",
        // the default applies only when nothing follows
        "netc g x => Destructive",
    })
    void prefixes(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
