package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A command substitution whose output is a pure function of literals (every stage of its one pipeline has a
 * {@code prints} row that holds, its input literal) is evaluated, and the command judged again with the word it
 * makes; a decoder over input cmdgate cannot follow makes the command at least an unknown program's verdict.
 */
class SubstitutionOutputTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [echo]
            is Read minimal "prints"
            parse none
            prints echo

            [printf]
            is Read minimal "prints"
            parse none
            prints printf

            [dec]
            is Read minimal "decodes"
            opt -d --decode
            prints base64-decode if --decode

            [unhex]
            is Read minimal "decodes"
            opt -r
            opt -p
            prints hex-decode if -r -p

            [rev]
            is Read minimal "reverses"
            prints reverse

            [tr]
            is Read minimal "translates"
            opt -d
            prints translate

            [show]
            is Read minimal "shows"
            when operand=/etc/shadow -> Network high "the shadow file"

            [del]
            is Write medium "deletes"
            opt -r
            opt -f
            when -r -f -> Destructive dangerous "rf"
            """, "substitutions.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '§', value = {
        "show $(printf '/%s/%s' etc shadow) => Network",
        "show \"$(printf '\\x2fetc\\x2fshadow')\" => Network",
        "show $(echo -e '\\x2fetc\\x2fshadow') => Network",
        "show $(echo L2V0Yy9zaGFkb3c= | dec -d) => Network",
        "show $(dec --decode <<< L2V0Yy9zaGFkb3c=) => Network",
        "show $(unhex -r -p <<< 2f6574632f736861646f77) => Network",
        "show $(rev <<< wodahs/cte/) => Network",
        "show $(echo . | tr '!-0' '\"-1')etc$(echo . | tr '!-0' '\"-1')shadow => Network",
        "$(echo ZGVsIC1yZg== | dec -d) x => Destructive",
        "del $(printf '%s' -rf) x => Destructive",
        // a brace list in the substitution's words is expanded first; a quoted brace is itself
        "show $(printf '%s' /etc/{shadow}) => Read",
        "show $(printf '%s ' /etc/{sha,}dow) => Network",
        "show $(printf '%s ' '/etc/{sha,}dow') => Read",
        // the decoder's condition does not hold: base64 encoding is not followed
        "show $(echo x | dec) => Read",
        // input only known at run time through a decoder: a word built to hide what it is
        "show $(echo $X | dec -d) => Write",
        "show $(rev < notes) => Write",
        // any other substitution is as before: a value only known at run time
        "show $(echo $X) => Read",
        "show $(printf '%d' 5) => Read",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    /**
     * <code>${NAME:OFF:LEN}</code> of a value cmdgate knows — the launch's directory as PWD, a literal the script
     * gave — is evaluated the same way: the command is judged again with the word it makes.
     */
    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '§', value = {
        "show ${PWD:0:1}etc${PWD:0:1}shadow => Network",
        "show \"${PWD::1}etc${PWD: -2:1}shadow\" => Network",
        "X=/etc/shadow; show ${X:0:5}${X:5} => Network",
        "X=/etc/shadow; show ${X: -7} => Read",
        "show ${PWD:1} => Read",
        // a value only known at run time: as before
        "X=$Y; show ${X:0:1}etc${X:0:1}shadow => Read",
        // after a cd, PWD is no longer the launch's directory (cd is an unknown program in these rules: Write)
        "cd /tmp; show ${PWD:0:1}etc${PWD:0:1}shadow => Write",
    })
    void substrings(String line, String expected) {
        Classification c = R.classifyArgv(java.util.List.of("sh", "-c", line), java.util.Map.of(),
                dev.cmdgate.core.LaunchSite.of("/home/u", dev.cmdgate.core.LaunchSite.NoFrames.NO_FRAMES));
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
