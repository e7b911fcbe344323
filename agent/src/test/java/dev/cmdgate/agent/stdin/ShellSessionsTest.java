package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShellSessionsTest {

    @ParameterizedTest
    @ValueSource(strings = {"bash", "sh", "/bin/bash", "/usr/bin/zsh", "bash -s", "bash -i", "bash -l", "bash --login",
        "bash --norc --noprofile", "bash -s a b", "sh -eu", "bash -o pipefail", "bash +O extglob -x", "dash", "ksh",
        "busybox sh", "zsh -f", "bash --", "bash -s -- x"})
    void scriptLessShellsAreSessions(String argv) {
        assertThat(ShellSessions.isSession(Arrays.asList(argv.split(" ")), null)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash -c ls", "sh -lc ls", "sh -ec ls", "bash script.sh", "bash -x script.sh",
        "bash --rcfile evil", "bash --init-file evil", "./bash", "/tmp/bash", "bashful", "env bash", "python3",
        "bash -- script.sh", "bash --version", "busybox ls", "sh -D"})
    void otherLaunchesAreNot(String argv) {
        assertThat(ShellSessions.isSession(Arrays.asList(argv.split(" ")), null)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"inherit", "file"})
    void aShellNotReadingFromTheApplicationsPipeIsNot(String how) {
        Redirect in = how.equals("inherit") ? Redirect.INHERIT : Redirect.from(new File("/tmp/script"));
        assertThat(ShellSessions.isSession(Arrays.asList("bash"), new Redirect[] {in, Redirect.PIPE, Redirect.PIPE})).isFalse();
        assertThat(ShellSessions.isSession(Arrays.asList("bash"),
                new Redirect[] {Redirect.PIPE, Redirect.INHERIT, Redirect.PIPE})).isTrue();
    }
}
