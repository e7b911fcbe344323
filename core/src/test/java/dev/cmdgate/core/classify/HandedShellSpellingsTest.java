package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A shell handed to a program the rules do not know, spelled through a value the line gives a variable, an
 * expansion of a shell variable with an operator, {@code $0}, the running shell's binary, a short option's glued
 * value or an address type. Nothing here runs; the lines are only classified.
 */
class HandedShellSpellingsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a value the line itself gives a variable
            "x=sh; pexec \"$x\" -c 'rm -rf /x' => Destructive",
            "x=/bin/dash; runit-tool $x => Destructive",
            "s=zsh; nohup-ish \"$s\" => Destructive",
            "d=usr/bin; pexec /$d/bash => Destructive",
            "x=rm; pexec $x => Write",
            "f=build; pexec \"$f\" => Write",
            // expansions of shell variables and $0
            "pexec \"${SHELL%%x}\" => Destructive",
            "pexec \"${CONFIG_SHELL:-}\" => Destructive",
            "pexec \"$0\" => Destructive",
            "pexec \"$SHELLCHECK_OPTS\" => Write",
            // the running shell's binary
            "pexec /proc/$$/exe -c 'rm -rf /x'; true => Destructive",
            // glued to a short option or after an address type
            "pexec -Sdash => Destructive",
            "pexec -ezsh => Destructive",
            "pexec exec:bash => Destructive",
            "pexec 'SYSTEM:sh -i' => Destructive",
            "pexec -publish => Write",
            "pexec -refresh => Write",
            "pexec -Wshadow => Write",
            "pexec host:8080 => Write",
            // shells the list did not name
            "pexec /bin/sh.distrib => Destructive",
            "pexec lksh => Destructive",
            "pexec nu => Destructive",
            "pexec /usr/bin/xonsh => Destructive",
            "pexec osh => Destructive",
            "pexec --shell=python3 => Write",
    })
    void classifies(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }
}
