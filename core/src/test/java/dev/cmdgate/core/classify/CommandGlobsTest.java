package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A command word that is a pathname pattern is judged as every program of the rules it may name (in a
 * directory that may be a standard one), on top of the word as written: the shell runs whatever it expands to.
 */
class CommandGlobsTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [del]
            is Write medium "deletes"
            opt -r --recursive
            opt -f --force
            when --recursive --force -> Destructive dangerous "rf"

            [lister]
            is Read minimal "lists"

            [fetch]
            is Network high "fetches"
            """, "globs.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "/bin/d[e]l -rf x => Destructive",
        "/???/de? -rf x => Destructive",
        "/*/*/del -rf x => Destructive",
        "/?sr/b?n/d?l -rf x => Destructive",
        "d?l -rf x => Destructive",
        "[d]el -rf x => Destructive",
        "/usr/bin/f?tch => Network",
        // the pattern names no program of the rules: the word as written (an unknown program)
        "/bin/q?q => Write",
        // not a standard directory: a program of its own, whatever its name
        "./d?l -rf x => Write",
        "/tmp/*/d?l -rf x => Write",
        // quoted pattern characters are literal: no expansion, an unknown program
        "\"d?l\" -rf x => Write",
        // a pattern that may name every program: judged as the worst of them
        "/bin/* => Network",
        // everyday words keep their class
        "lister *.txt => Read",
        "lister /bin/d?l => Read",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void aPatternNamingTooManyProgramsIsOnlyKnownAtRunTime() {
        List<String> names = CommandGlobs.programs(RuleSet.builtin(), "/usr/bin/*");
        assertThat(names).isNull();
        assertThat(CommandGlobs.programs(RuleSet.builtin(), "/usr/bin/[r]m")).containsExactly("rm");
        assertThat(CommandGlobs.programs(RuleSet.builtin(), "/opt/[r]m")).isEmpty();
        Classification c = RulesClassifier.of(RuleSet.builtin()).classifyShell("/usr/bin/* x");
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }
}
