package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A quoted pattern operand names what a list holds only when the rules say the list holds services
 * ({@code service-list}): the list's own name decides nothing. Nothing here runs; the lines are only classified.
 */
class ServiceListsTest {

    static final String ROWS = MechanismTest.SETTINGS + """
            service-list watchers auditd* osqueryd
            list watchers falco*
            list build-services compile* test*

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [svc]
            is Read minimal "manages"
            when operand=@watchers -> Destructive high "stops a watcher"
            when operand=@build-services -> Write medium "runs a build step"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(ROWS, "service-lists.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "svc auditd => Destructive",
        "svc 'audit*' => Destructive",
        "svc '[o]squeryd' => Destructive",
        "svc 'fal?o' => Destructive",      // a list row adds to a service list, which stays one
        "svc 'cron*' => Read",
        "svc compile => Write",
        "svc 'osq*' => Destructive",
        "svc 'comp?le' => Read",          // a list named -services is no service list unless the rules say so
        "svc 'test*' => Write",           // (a glob of any list matches a word's text: test* is such a word)
    })
    void aPatternNamesWhatOnlyAServiceListHolds(String line, String expected) {
        assertThat(R.classifyShell(line).commandClass()).as(line + " " + R.classifyShell(line).findings()).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void theBuiltInListsOfServicesSayTheyAre() {
        RuleSet builtin = RuleSet.builtin();
        assertThat(builtin.listsServices("security-services")).isTrue();
        assertThat(builtin.listsServices("remote-access-services")).isTrue();
        assertThat(builtin.listsServices("hypervisor-agents")).isTrue();
        assertThat(builtin.listsServices("protected-dirs")).isFalse();
    }
}
