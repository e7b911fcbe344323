package dev.cmdgate.agent.stdin;

import static dev.cmdgate.agent.stdin.RecordingGate.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** A gated session's shell keeps reading its commands from the gated pipe: what would point it elsewhere is refused. */
class SessionInputTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "exec < /tmp/cmds",
            "exec 0< /tmp/cmds",
            "exec <<< 'touch /tmp/x'",
            "exec 0<<EOF\ntouch /tmp/x\nEOF",
            "exec 0<&3",
            "exec <> /tmp/cmds",
            "exec 0</dev/tcp/127.0.0.1/9",
            "exec -l < /tmp/cmds",
            "command exec < /tmp/cmds",
            "builtin exec < /tmp/cmds",
            "ls; exec < /tmp/cmds",
            "if true; then exec < /tmp/cmds; fi",
            "{ exec < /tmp/cmds; }",
            "f() { exec < /tmp/cmds; }",
            "eval 'exec < /tmp/cmds'",
            "eval exec '<' /tmp/cmds",
            "alias go='exec < /tmp/cmds'",
            "alias e=exec",
            "alias e='command exec '",
            "trap 'exec < /tmp/cmds' DEBUG",
            "PROMPT_COMMAND='exec < /tmp/cmds'",
            "mapfile -C 'exec < /tmp/cmds' -c 1 arr < /dev/null",
            "source /dev/stdin",
            ". /dev/fd/0",
            "source /proc/self/fd/0",
            "fc -s",
            "fc -e - touch",
    })
    void whatMakesTheShellReadItsCommandsElsewhereIsRefused(String command) {
        assertThatThrownBy(() -> session(false, command)).isInstanceOf(SecurityException.class)
                .hasMessageContaining("unverifiable code");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "exec > /tmp/log 2>&1",
            "exec 3< /tmp/data",
            "exec {fd}< /tmp/data",
            "exec ls < /tmp/data",
            "cat < /tmp/data",
            "while read l; do echo \"$l\"; done < /tmp/data",
            "bash -c 'exec < /tmp/cmds'",
            "echo 'exec < /tmp/cmds'",
            "fc -l",
            "alias ll='ls -l'",
            "echo hi!",
            "[ ! -f x ] && echo 'a!b'",
    })
    void everythingElseGoesToTheGate(String command) {
        assertThat(session(false, command).checked).containsExactly(command);
    }

    @Test
    void historyExpansionInAShellThatExpandsIsRefused() {
        assertThatThrownBy(() -> session(true, "!!")).isInstanceOf(SecurityException.class).hasMessageContaining("history");
        assertThatThrownBy(() -> session(true, "echo \"!rm\"")).isInstanceOf(SecurityException.class);
        assertThat(session(true, "echo 'ok!now'", "[ ! -d x ]", "echo \"hi!\"").checked).hasSize(3);
        // not interactive: ! is a plain character, until set -H turns expansion on
        assertThat(session(false, "!!").checked).containsExactly("!!");
        assertThatThrownBy(() -> session(false, "set -H", "!!")).isInstanceOf(SecurityException.class);
        // shopt -o names set's options: shopt -os histexpand is set -H
        assertThatThrownBy(() -> session(false, "shopt -os histexpand", "echo !!:1")).isInstanceOf(SecurityException.class);
        assertThatThrownBy(() -> session(false, "shopt -o -s histexpand", "!!")).isInstanceOf(SecurityException.class);
        assertThatThrownBy(() -> session(false, "shopt -s -o $OPT", "!!")).isInstanceOf(SecurityException.class);
        assertThat(session(false, "shopt -s extglob", "echo !!").checked).hasSize(2);
        assertThat(session(false, "shopt -os histexpand").checked).hasSize(1);
        assertThat(SessionInput.interactive(List.of("bash", "-il"))).isTrue();
        assertThat(SessionInput.interactive(List.of("bash", "--norc", "-s"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "head -c 6 >/dev/null",
            "read -r -n 6 _junk",
            "read -r -N 2 _junk",
            "read -r _junk",
            "dd bs=1 count=6 of=/dev/null status=none",
            "dd bs=10 count=1 of=/dev/null status=none",
            "cat",
            "python3 tool.py",
            "ls; head -c 1 | wc -c",
    })
    void afterACommandThatMayReadTheSessionsInputNothingMoreIsPassed(String reader) {
        RecordingGate gate = new RecordingGate();
        SessionInput input = new SessionInput(gate, RuleSet.builtin(), false);
        input.check(reader);
        for (String next : List.of("echo '\nrm -rf victim\n'", "ls", "cat <<'EOF'\nrm -rf victim\nEOF")) {
            assertThatThrownBy(() -> input.check(next)).isInstanceOf(SecurityException.class)
                    .hasMessageContaining("unverifiable: an earlier command").hasMessageContaining("standard input");
        }
        assertThat(gate.checked).containsExactly(reader);
    }

    @Test
    void aRefusedReaderLeavesTheSessionOpen() {
        List<String> checked = new ArrayList<>();
        SessionInput input = new SessionInput(new StdinGate() {
            @Override
            public void check(String command) {
                if (command.startsWith("cat")) {
                    throw new SecurityException("cmdgate: blocked " + command);
                }
                checked.add(command);
            }

            @Override
            public void refuse(String text, String why) {
                throw new SecurityException("cmdgate: blocked " + text + ": " + why);
            }
        }, RuleSet.builtin(), false);
        assertThatThrownBy(() -> input.check("cat")).isInstanceOf(SecurityException.class);
        input.check("ls");
        assertThat(checked).containsExactly("ls");
    }

    @Test
    void anOrdinarySessionRunsOn() {
        List<String> session = List.of("ls", "git status", "cd sub", "export A=1", "A=2", "cat < notes.txt",
                "head -c 6 </dev/null", "python3 tool.py </dev/null", "git log --oneline | head -n 3", "grep -rn foo src",
                "read -r x <<< 'a b'", "echo \"@@done:$?\"", "mkdir -p out", "cat README.md", "pwd");
        assertThat(session(false, session.toArray(new String[0])).checked).containsExactlyElementsOf(session);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "echo 'touch marker' > /dev/stdin",
            "printf 'touch marker\\n' >> /proc/self/fd/0",
            "echo x | tee /dev/fd/0",
            "dd if=cmds of=/dev/stdin",
            "cat /dev/stdin",
            "echo x > /dev/fd/5",
    })
    void aCommandThatOpensTheSessionsInputByAPathIsRefused(String command) {
        assertThatThrownBy(() -> session(false, command)).isInstanceOf(SecurityException.class)
                .hasMessageContaining("unverifiable code").hasMessageContaining("pipe the shell reads its commands from");
    }

    @Test
    void theProcesssOwnOutputByAPathIsOrdinary() {
        assertThat(session(false, "echo err > /dev/fd/2", "ls").checked).hasSize(2);
    }

    @Test
    void inAuditModeACommandAfterAReaderPasses() {
        RecordingGate gate = new RecordingGate();
        SessionInput input = new SessionInput(gate, RuleSet.builtin(), false).auditOnly(true);
        input.check("head -c 6 >/dev/null");
        input.check("ls");
        assertThat(gate.checked).containsExactly("head -c 6 >/dev/null", "ls");
        assertThat(gate.refused).isEmpty();
    }
}
