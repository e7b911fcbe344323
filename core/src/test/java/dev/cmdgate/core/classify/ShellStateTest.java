package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A gated session's shell state: each command is judged after the state pieces of the commands
 * allowed before it. Nothing here runs; the commands are only classified.
 */
class ShellStateTest {

    static final RulesClassifier C = RulesClassifier.of(RuleSet.builtin());

    /** Runs the session: every command but the last is allowed and recorded; returns the class of the last. */
    static CommandClass last(String... commands) {
        ShellState s = new ShellState(C.rules());
        for (int i = 0; i < commands.length - 1; i++) {
            s.ran(commands[i]);
        }
        return C.classifyShell(s.judged(commands[commands.length - 1])).commandClass();
    }

    static String prefix(String... commands) {
        ShellState s = new ShellState(C.rules());
        for (String c : commands) {
            s.ran(c);
        }
        return s.judged("");
    }

    @Test
    void stateSetInEarlierWritesCountsForLaterOnes() {
        // each of these is harmless alone
        assertThat(C.classifyShell("git status GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf ~'")
                .commandClass()).isEqualTo(CommandClass.READ);
        assertThat(C.classifyShell("ls").commandClass()).isEqualTo(CommandClass.READ);
        // in one session, after the state-changing ones
        assertThat(last("set -k", "git status GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf ~'"))
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // shopt -o names set's options
        assertThat(last("shopt -os keyword", "git status GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf ~'"))
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("shopt -s -o allexport", "FOO=bar", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("shopt -s globstar", "FOO=bar", "ls")).isEqualTo(CommandClass.READ);
        assertThat(last("shopt -o -s history")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("HISTFILE=/tmp/h")).isEqualTo(CommandClass.WRITE);
        assertThat(last("ulimit -c unlimited")).isEqualTo(CommandClass.WRITE);
        assertThat(last("export GIT_CONFIG_COUNT=1", "export GIT_CONFIG_KEY_0=core.fsmonitor",
                "export GIT_CONFIG_VALUE_0='rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("printf -v PATH '%s' /tmp/evil", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("set -a", "FOO=bar", "ls")).isEqualTo(CommandClass.WRITE);
        // a command word that is a brace expansion names the program its first word is
        assertThat(last("{,set,-a}", "FOO=bar", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("{export,GIT_CONFIG_COUNT=1}", "{,export,GIT_CONFIG_KEY_0=core.fsmonitor}",
                "export GIT_CONFIG_VALUE_0='rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("{,ls,-l}", "ls")).as("a program without state rows adds nothing").isEqualTo(CommandClass.READ);
        assertThat(last("declare -n ref=BASH_ENV", "ref='$(rm -rf ~)'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("f() { rm -rf ~; }", "f")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias ls='rm -rf ~'", "ls")).isEqualTo(CommandClass.DESTRUCTIVE);
        // an alias is judged as its text followed by the rest of a line that uses it, only known then
        assertThat(last("alias cat='eval'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias ls='ls;'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias ls='echo \\'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias x='sh -c'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("alias ll='ls -la'")).isEqualTo(CommandClass.READ);
        assertThat(last("alias ls='echo \\\\'")).isEqualTo(CommandClass.READ);
        assertThat(last("trap 'rm -rf ~' DEBUG", "ls")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("source ./env.sh", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("eval \"$(ssh-agent -s)\"", "ls")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("for PATH in /tmp/evil; do :; done", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("if true; then export LD_PRELOAD=./x.so; fi", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last("[ -d x ] && export PATH=/tmp/evil", "ls")).isEqualTo(CommandClass.WRITE);
        assertThat(last(": ${PATH:=/tmp/evil}", "ls")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void commandsThatOnlyRunSomethingLeaveNoState() {
        assertThat(last("cd src && touch x", "ls")).isEqualTo(CommandClass.READ);
        assertThat(prefix("cd src && touch x")).isEqualTo("cd src\n");
        assertThat(last("rm -rf build", "ls")).isEqualTo(CommandClass.READ);
        assertThat(prefix("rm -rf build", "git status", "echo hi > x")).isEmpty();
        // a subshell's state ends with it; the stages of a pipeline before the last run in subshells
        assertThat(prefix("(export PATH=/tmp/evil; ls)", "export PATH=/tmp/evil | cat")).isEmpty();
        // what a substitution did is done: its value is only known at run time
        assertThat(prefix("cd \"$(mktemp -d)\"")).isEqualTo("cd \"$1\"\n");
        assertThat(last("cd \"$(mktemp -d)\"", "ls")).isEqualTo(CommandClass.READ);
        assertThat(last("export VERSION=$(curl -s https://example.com/v)", "ls")).isEqualTo(CommandClass.WRITE);
        // redirections wrote what they wrote
        assertThat(prefix("export X=1 > /etc/passwd")).isEqualTo("export X=1\n");
        // plain shell variables stay harmless
        assertThat(last("name=world", "for f in *.txt; do echo $f; done", "ls")).isEqualTo(CommandClass.READ);
        assertThat(last("cd /tmp", "set -euo pipefail", "ls")).isEqualTo(CommandClass.READ);
    }

    @Test
    void aPieceNeverSwallowsWhatFollowsIt() {
        // the here-document belongs to read; the piece is `read x` alone
        assertThat(prefix("read x <<EOF\nfoo\nEOF")).isEqualTo("read x\n");
        assertThat(last("read x <<EOF\nfoo\nEOF", "rm -rf ~")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(last("f() { cat <<EOF\nx\nEOF\n}", "rm -rf ~")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(ShellState.closed("cat <<EOF")).isFalse();
        assertThat(ShellState.closed("cd x \\")).isFalse();
        assertThat(ShellState.closed("echo 'a")).isFalse();
        assertThat(ShellState.closed("cd x")).isTrue();
    }

    @Test
    void stateThatCannotBeTrackedIsJudgedAsAnUnknownScript() {
        ShellState s = new ShellState(C.rules());
        s.ran("echo 'unterminated");
        assertThat(s.untracked()).isTrue();
        assertThat(C.classifyShell(s.judged("ls")).commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(s.judged("ls")).isEqualTo(ShellState.UNTRACKED + "\nls");
        s.ran("export PATH=/tmp/evil");
        assertThat(s.judged("ls")).as("nothing more is kept").isEqualTo(ShellState.UNTRACKED + "\nls");
    }

    @Test
    void theStateIsBounded() {
        ShellState s = new ShellState(C.rules());
        for (int i = 0; i < ShellState.MAX_PIECES + 10; i++) {
            s.ran("cd d" + i);
        }
        assertThat(s.untracked()).isTrue();
        assertThat(s.pieces()).isEqualTo(ShellState.MAX_PIECES);
        assertThat(s.judged("").length()).isLessThan(ShellState.MAX_CHARS + 100);
        assertThat(C.classifyShell(s.judged("ls")).commandClass()).isEqualTo(CommandClass.WRITE);

        ShellState big = new ShellState(C.rules());
        String value = "x".repeat(10_000);
        for (int i = 0; i < 10; i++) {
            big.ran("export V" + i + "=" + value);
        }
        assertThat(big.untracked()).isTrue();
        assertThat(big.judged("").length()).isLessThan(ShellState.MAX_CHARS + 100);
    }

    @Test
    void everyStateRowOfTheRulesIsASingleCommandWordCheck() {
        // printf and wait change the state only with their -v / -p options
        assertThat(prefix("printf '%s\\n' hi", "wait")).isEmpty();
        assertThat(prefix("printf -v x '%s' hi", "wait -p pid")).isEqualTo("printf -v x '%s' hi\nwait -p pid\n");
        for (String c : List.of("export A=1", "unset A", "shopt -s extglob", "cd /", "pushd /", "popd", "umask 077",
                "ulimit -n 64", "hash -r", "shift", "set -- a b", "alias ll='ls -l'", "unalias ll", "trap - EXIT",
                "enable -n echo", "read x", "mapfile a", "getopts ab o", "let i=1", "exec 3>&-", "command -v ls",
                "builtin cd /", ": ${X:=1}", "X=1", "declare -a a", "local y", "readonly Z=1", "(( i = 2 ))", "f() { :; }")) {
            assertThat(prefix(c)).as(c).isNotEmpty();
        }
    }
}
