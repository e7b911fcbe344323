package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ways to reach a gated session's input that the words of a later command do not show: another spelling of the
 * input's path, a here-document delimiter bash computes differently, code the shell runs around later commands, and
 * names that stop meaning the program the rules describe.
 */
class SessionStdinSpellingsTest {

    private static RecordingGate session(String... commands) {
        return RecordingGate.session(false, commands);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "head -c 6 < /dev/std[i]n >/dev/null",
            "head -c 6 < /dev/./stdin >/dev/null",
            "head -c 6 < //dev//stdin",
            "head -c 6 /dev/./stdin",
            "sed 'R /dev/stdin' a",
            "sed 'R /dev/./stdin' a",
            "awk 'NR==1{getline l < \"/dev/stdin\"; exit}' a",
            "cat /dev/fd/../stdin",
            "cat /dev/stdout/../stdin",
            "cat /proc/self/fd/../fd/0",
            "cat /proc/$$/fdinfo/0",
            "cat /proc/self/f[d]/0",
            "cat /dev/fd/0",
            "cat /dev/fd/3",
            "cat /dev/s*in",
            "cat /dev/std\\in",
            "cat /dev/\"std\"in",
            "dd if=/dev/./stdin of=x bs=1 count=6",
            "grep -f/dev/./stdin a",
            "perl -ne 'open F, \"/dev//stdin\"' a",
            "cat ../../../dev/stdin",
    })
    void anotherSpellingOfTheInputIsRefused(String command) {
        assertThatThrownBy(() -> session(command)).isInstanceOf(SecurityException.class)
                .hasMessageContaining("unverifiable code");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "ls > /dev/null 2>&1",
            "head -c 16 /dev/urandom | od -x",
            "echo hi > /dev/stderr",
            "echo hi >/dev/fd/2",
            "git log --oneline | head",
            "ls src/dev/main devtools",
            "cat < README.md",
            "grep -rn TODO src/ 2>/dev/null",
            "ls /dev",
            "tty < /dev/tty",
    })
    void ordinaryDevicesAndNamesPass(String command) {
        assertThat(session(command, "ls").checked).containsExactly(command, "ls");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "cat <<$'E\\x4fF'\nx\nEOF\nrm -rf victim\nE\\x4fF",
            "cat <<E$'\\x4f'F\nx\nEOF\nrm -rf victim\nE\\x4fF",
            "cat <<$'\\105OF'\nx\nEOF\nrm -rf victim\n\\105OF",
            "cat <<$\"EOF\"\nx\nEOF",
            "cat <<-$'E\\x4fF'\nx\n\tEOF",
            "cat <<'E\\F'\nx\nE\\F",
            "cat <<A - <<$'B'\na\nA\nb\nB",
    })
    void aDelimiterCmdgateCannotComputeAsBashIsRefused(String command) {
        assertThatThrownBy(() -> session(command)).isInstanceOf(SecurityException.class)
                .hasMessageContaining("here-document delimiter");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "cat <<EOF\nx\nEOF",
            "cat <<'EOF'\nx\nEOF",
            "cat <<\"E\"OF\nx\nEOF",
            "cat <<E\\OF\nx\nEOF",
            "cat <<-EOF\n\tx\n\tEOF",
            "cat <<A <<B\na\nA\nb\nB",
            "cat <<EOF\necho $'x'\nEOF",
    })
    void ordinaryDelimitersPass(String command) {
        assertThat(session(command, "ls").checked).containsExactly(command, "ls");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "trap 'head -c 6 >/dev/null' DEBUG",
            "trap 'true' ERR",
            "trap -- 'read -r x' SIGDEBUG",
            "trap \"$T\" DEBUG",
            "set -T; trap 'read -r -N 6 _x' DEBUG",
            "set -E",
            "set -o functrace",
            "set -eE",
            "shopt -s expand_aliases; alias ls='head -c 6'",
            "alias ls='head -c 6'",
            "alias gs='git status'",
            "PATH=$PWD/bin:$PATH",
            "export PATH=.:$PATH",
            "PATH=./bin git status",
            "declare -x PATH=/tmp/bin",
            "hash -p /tmp/x ls",
            "enable -f ./x.so ls",
            "ls() { head -c 6; }",
            "function git { head -c 6; }",
            "cd /dev",
            "cd /proc/self",
            "cd /",
            "cd \"$D\"",
            "cd -",
            "pushd /dev",
            "popd",
            "HOME=/dev",
            "CDPATH=/dev",
    })
    void whatChangesWhatLaterCommandsMeanStopsTheSession(String command) {
        RecordingGate gate = session(command);
        assertThat(gate.checked).containsExactly(command);
        assertThatThrownBy(() -> session(command, "ls")).isInstanceOf(SecurityException.class)
                .hasMessageContaining("the session takes no more commands");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "cd src",
            "cd /tmp/project",
            "export A=1",
            "export JAVA_HOME=$HOME/jdk",
            "B=2 ls",
            "trap - EXIT",
            "set -e",
            "set -o pipefail",
            "myhelper() { echo hi; }",
            "while IFS= read -r l; do echo \"$l\"; done < README.md",
            "git status",
            "cd src/dev",
            "cd ..",
    })
    void ordinarySessionsGoOn(String command) {
        assertThat(session(command, "ls", "git status").checked).containsExactly(command, "ls", "git status");
    }
}
