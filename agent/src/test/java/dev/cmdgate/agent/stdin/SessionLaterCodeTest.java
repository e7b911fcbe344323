package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Code the shell runs later, at moments cmdgate does not judge (a trap's action), and options that change how the shell
 * reads the input after them: after either the session takes no more commands.
 */
class SessionLaterCodeTest {

    private static RecordingGate session(String... commands) {
        return RecordingGate.session(true, commands);
    }

    private static void stops(String command) {
        assertThat(session(command).checked).containsExactly(command);
        assertThatThrownBy(() -> session(command, "ls")).isInstanceOf(SecurityException.class)
                .hasMessageContaining("the session takes no more commands");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "trap 'head -c 6 >/dev/null' CHLD",
            "trap 'read -r -N 6 _x' SIGCHLD",
            "trap 'head -c 6 >/dev/null' 17",
            "trap 'head -c 6 >/dev/null' CHLD; ls >/dev/null",
            "( trap 'head -c 6 >/dev/null' EXIT; true )",
            "( trap 'head -c 6 >/dev/null' 0 )",
            "echo \"$(trap 'head -c 6 >/dev/null' EXIT)\"",
            "trap 'rm -f /tmp/x' EXIT",
            "trap -- 'cleanup' INT TERM",
            "trap \"$ACTION\" USR1",
            "trap 'true' WINCH",
            "f() { trap 'head -c 1' RETURN; }",
            "{ trap 'cat >/dev/null' HUP; }",
            "trap -x 'x' INT",
    })
    void aTrapThatSetsAnActionStopsTheSession(String command) {
        stops(command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"trap - EXIT", "trap '' INT", "trap -p", "trap -l", "trap -p EXIT", "trap INT", "trap",
            "trap -- - CHLD"})
    void aTrapThatOnlyListsResetsOrIgnoresKeepsTheSession(String command) {
        assertThat(session(command, "ls").checked).containsExactly(command, "ls");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "shopt -u interactive_comments",
            "set +o interactive-comments",
            "set -o interactive-comments",
            "set -eo interactive-comments",
            "shopt -s -u interactive_comments",
            "shopt -u -o interactive-comments",
            "shopt -qu interactive_comments",
            "set -o posix",
            "shopt -os posix",
            "shopt -s compat42",
            "shopt -s xpg_echo",
            "shopt -s extdebug",
            "set -o \"$O\"",
            "shopt -u \"$O\"",
            "f() { shopt -u interactive_comments; }",
    })
    void anOptionThatChangesHowTheShellReadsLaterInputStopsTheSession(String command) {
        stops(command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shopt -s globstar", "shopt extglob", "shopt -p", "shopt -q extglob", "set -o",
            "set -o pipefail", "set -eu", "set -- a -o posix", "shopt -s nullglob dotglob", "shopt -s extglob"})
    void otherOptionsKeepTheSession(String command) {
        assertThat(session(command, "ls").checked).containsExactly(command, "ls");
    }

    @Test
    void trapActionsAreToldFromListingAndResetting() {
        assertThat(TrapActions.sets(List.of("x", "CHLD"))).isEqualTo("'x'");
        assertThat(TrapActions.sets(List.of("-", "CHLD"))).isNull();
        assertThat(TrapActions.sets(List.of("", "CHLD"))).isNull();
        assertThat(TrapActions.sets(List.of("CHLD"))).isNull();
        assertThat(TrapActions.sets(List.of("-lp"))).isNull();
        assertThat(TrapActions.sets(java.util.Arrays.asList(null, "CHLD"))).isNotNull();
    }

    /** The options are the rules' {@code stdin-parsing} rows: one a user's file adds counts as the built-in ones do. */
    @Test
    void theParsingOptionsAreTheRulesStdinParsingRows() {
        RuleSet rules = RuleSet.withUserText("[@settings]\nstdin-parsing shopt globstar\nstdin-parsing set pipefail\n",
                "t.rules");
        for (String option : List.of("shopt -s globstar", "set -o pipefail", "shopt -os pipefail", "shopt -u interactive_comments")) {
            SessionInput input = new SessionInput(new RecordingGate(), rules, true);
            input.check(option);
            assertThatThrownBy(() -> input.check("ls")).as(option).isInstanceOf(SecurityException.class)
                    .hasMessageContaining("the session takes no more commands");
        }
        CommandKnowledge knowledge = new CommandKnowledge(rules);
        assertThat(ShellSessions.isSession(knowledge, List.of("bash", "-O", "globstar"), null)).isFalse();
        assertThat(ShellSessions.isSession(knowledge, List.of("bash", "-o", "pipefail"), null)).isFalse();
        assertThat(ShellSessions.isSession(knowledge, List.of("bash", "-O", "nullglob"), null)).isTrue();
    }

    @Test
    void aShellStartedWithAParsingOptionIsNoSession() {
        assertThat(ShellSessions.isSession(List.of("bash", "-i", "+O", "interactive_comments"), null)).isFalse();
        assertThat(ShellSessions.isSession(List.of("bash", "-o", "posix"), null)).isFalse();
        assertThat(ShellSessions.isSession(List.of("bash", "-O", "compat42"), null)).isFalse();
        assertThat(ShellSessions.isSession(List.of("bash", "-O", "globstar"), null)).isTrue();
        assertThat(ShellSessions.isSession(List.of("bash", "-i"), null)).isTrue();
    }
}
