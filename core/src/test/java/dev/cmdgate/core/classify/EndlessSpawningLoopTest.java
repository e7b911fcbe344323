package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.ShellParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A loop that never ends by its condition and starts a background process each round without pacing is a fork
 * bomb; a loop that ends, waits, sleeps, reads or may leave is not.
 */
class EndlessSpawningLoopTest {

    private static final RulesClassifier BUILTIN = RulesClassifier.of(RuleSet.builtin());

    private static boolean endless(String line) {
        Command c = ShellParser.parse(line).script().statements().get(0).pipelines().get(0).commands().get(0);
        return EndlessSpawningLoop.of(c);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "while true; do yes > /dev/null & done",
        "while :; do sh -c 'sleep 1000' & done",
        "until false; do x & done",
        "while /bin/true; do { a; b; } & done",
        "for ((;;)); do yes & done",
        "for (( ; ; )); do yes & done",
        "while ! false; do x & done",
        "while true; do if [ -x f ]; then f & fi; done",
        // what runs in the background paces nothing: a backgrounded sleep is one more process
        "while true; do sleep 1 & done",
        "while :; do (sleep 9; exit) & done",
        "while [ 1 ]; do yes > /dev/null & done",
        "while test x; do sh & done",
    })
    void aLoopWithNoEndThatStartsBackgroundProcessesIsOne(String line) {
        assertThat(endless(line)).isTrue();
        assertThat(BUILTIN.classifyShell(line).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "while true; do ./server & wait; done",
        "while true; do poll & sleep 60; done",
        "while true; do read -r l || break; x \"$l\" & done",
        "while true; do x & [ -f stop ] && exit; done",
        "while true; do x; done",
        "while [ -f lock ]; do x & done",
        "while ! true; do x & done",
        "for i in 1 2 3; do x & done",
        "for ((i=0;i<4;i++)); do x & done",
        "while true; do f() { g & }; done",
        "while [ -n \"$x\" ]; do x & done",
        "while [ \"$x\" ]; do x & done",
    })
    void aLoopThatEndsPacesOrRunsInTheForegroundIsNot(String line) {
        assertThat(endless(line)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"while true; do date; sleep 5; done", "for f in a.c b.c; do cc -c \"$f\" & done; wait"})
    void everydayLoopsKeepTheirClass(String line) {
        assertThat(BUILTIN.classifyShell(line).commandClass()).isNotEqualTo(CommandClass.DESTRUCTIVE);
    }

    /** A function that runs itself beside itself, however the call is wrapped, is a fork bomb too. */
    @ParameterizedTest
    @ValueSource(strings = {":(){ :|:& };:", "f(){ (f) & (f); }; f", "b(){ { b; } | b & }; b", "x(){ (x &) ; x & }; x"})
    void aFunctionThatStartsCopiesOfItselfIsOne(String line) {
        assertThat(BUILTIN.classifyShell(line).commandClass()).as(line).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"f(){ echo x; }; f & f", "retry(){ make || (sleep 1; retry); }; retry",
            "f(){ sleep 1 & }; f"})
    void aFunctionThatRunsItselfInTurnOrDefinesACallerIsNot(String line) {
        assertThat(BUILTIN.classifyShell(line).commandClass()).as(line).isNotEqualTo(CommandClass.DESTRUCTIVE);
    }
}
