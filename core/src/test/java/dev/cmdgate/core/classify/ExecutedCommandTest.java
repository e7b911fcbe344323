package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program that starts a command execs a file: a name the script defines as a function is the program of that
 * name there (unknown to the rules: at least Write), never the function. Nothing here runs.
 */
class ExecutedCommandTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "release() { :; }; env release => Write",
            "release() { :; }; nohup release => Write",
            "release() { :; }; xargs release => Write",
            "release() { :; }; find . -exec release {} + => Write",
            "release() { :; }; find . -execdir release {} ';' => Write",
            "release() { :; }; timeout 5 release => Write",
            "release() { :; }; nice -n 5 release => Write",
            "release() { :; }; stdbuf -oL release => Write",
            "release() { :; }; command release => Write",
            "release() { ls; }; release => Read",
            "release() { ls; }; time release => Read",
    })
    void anExecdNameIsAProgram(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
