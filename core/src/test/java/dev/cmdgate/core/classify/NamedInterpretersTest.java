package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program the rules do not know, given an interpreter among its arguments or as an option's value, may run
 * it: the interpreter and the words after it are judged as a command it runs.
 */
class NamedInterpretersTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [lua]
            is Write high "runs Lua code"
            opt -e =CODE stop
            code lua opt -e
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive lua"

            [source]
            is Read minimal "sources"
            code-file sh -> Write high "sources a file"
            stdin-code -> Destructive dangerous "sources stdin"
            state

            [del]
            is Write medium "deletes"
            opt -r --recursive
            opt -f --force
            when --recursive --force -> Destructive dangerous "rf"

            [lister]
            is Read minimal "lists"
            """, "interpreters.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "runner sh -c 'del -rf x' => Destructive",
        "runner -- /bin/sh -c 'del -rf x' => Destructive",
        "runner record /usr/bin/sh -c 'del -rf x' => Destructive",
        "runner --shell=/bin/sh -c 'del -rf x' => Destructive",
        "./tool sh -c 'del -rf x' => Destructive",
        "runner sh -c 'lister' => Write",
        "runner lua -e 'x()' => Write",
        // the interpreter named with nothing to run reads what the program hands it: its own input (the
        // terminal, a pipe) or data only the run knows, a shell cmdgate cannot see into
        "runner sh => Destructive",
        "runner /bin/sh < /dev/null => Destructive",
        "runner -e /usr/bin/sh => Destructive",
        "runner --shell=/bin/sh => Destructive",
        // a language interpreter as an option's value is the one the tool runs its own scripts with
        "runner --lua=/usr/bin/lua => Write",
        "runner --lua lua => Write",
        "runner --sh sh => Destructive",
        "runner --with=/bin/sh x => Write",
        "runner sh <<< lister => Write",
        "runner sh < script.txt => Write",
        // a command line starting with an interpreter is the shell line the program may hand to system()
        "runner -I '/bin/sh >&2' => Destructive",
        "runner call '/bin/sh;false' x => Destructive",
        "runner --filter='sh -c \"del -rf x\"' => Destructive",
        "runner --filter='sh -c lister' => Write",
        "runner -m 'lister sh' => Write",
        // the rest of a command line that only names a script is the script's verdict
        "runner --hook='sh build.sh' => Write",
        // a builtin that changes the shell (source) is no program another program can run
        "runner source x => Write",
        // a program the rules know is judged by its rows only
        "lister sh -c 'del -rf x' => Read",
        // a word only known at run time is left to the unknown program's verdict
        "runner $X -c 'del -rf x' => Write",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
