package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A read path that is a shell pattern may name a credential store: it is one when the pattern matches a path a
 * {@code credential-paths} glob names, or (with some literal character) a name a {@code credential-names} glob names.
 */
class PathPatternsTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            credential-paths /etc/shadow ~/.ssh/* /proc/*/environ
            credential-names .netrc id_rsa
            credential-exceptions *.pub

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [show]
            is Read minimal "shows"
            """, "patterns.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "show /etc/sha*w => Network",
        "show /e?c/[s]hadow => Network",
        "show ~/.s?h/* => Network",
        "show ~/.ssh/id_rs? => Network",
        "show ./keys/id_r?a => Network",
        "show .n?trc => Network",
        // wildcards only in the last component: which file is not said (and * skips dot files)
        "show * => Read",
        "show src/* => Read",
        "show ~/.ssh/*.pub => Read",
        "show /etc/host? => Read",
        // a value only known at run time stands for any name beside the pattern's own wildcards
        "show /proc/$P/env* => Network",
        "show /proc/${P}/enviro? => Network",
        "show /proc/\"$P\"/[e]nviron => Network",
        "show /proc/$(pgrep java)/e*n => Network",
        "show /proc/$P/* => Network",
        "show /proc/$P/st* => Read",
        "show $DIR/*.txt => Read",
        // quoted: no pattern
        "show '/etc/sha*w' => Read",
        "show \"/proc/$P/env*\" => Read",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
