package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which commands of a gated session may read the shell's own standard input (the pipe of its commands). */
class StdinReadersTest {

    private static final StdinReaders READERS = new StdinReaders(RuleSet.builtin());

    @ParameterizedTest
    @ValueSource(strings = {
            // the red team's counting readers
            "head -c 6 >/dev/null",
            "head -c6",
            "head --bytes=6 >/dev/null",
            "read -r -n 6 _junk",
            "read -r -N 2 _junk",
            "read -r _junk",
            "read",
            "dd bs=1 count=6 of=/dev/null status=none",
            "dd bs=10 count=1 of=/dev/null status=none",
            // greedy readers and builtins
            "cat",
            "cat -",
            "cat - file",
            "head -n 1 >/dev/null",
            "mapfile arr",
            "readarray -t arr",
            "select x in a b; do break; done",
            "grep foo",
            "grep -e foo file",
            "grep -f - file",
            "sed -n p",
            "sed -f /dev/stdin file",
            "wc -l",
            "tr a b",
            "xargs echo",
            // a pipeline's first stage, a list, compound commands, substitutions
            "head -c 6 | wc -c",
            "ls && head -c 6",
            "ls; read x",
            "{ head -c 6; } > /dev/null",
            "( read -n 3 x )",
            "if true; then read x; fi",
            "while read x; do echo $x; done",
            "for f in a; do cat; done",
            "echo $(head -c 6)",
            "echo `read x`",
            "diff <(head -c 6) file",
            "x=$(cat)",
            "cat < $F",
            "cat < /dev/stdin",
            // a program the rules do not know, one known only at run time, a path, a function, a wrapper
            "python3 script.py",
            "mvn -q test",
            "./build.sh",
            "/bin/ls",
            "$CMD",
            "myfunc",
            "command cat",
            "env ls",
            "sudo ls",
            "timeout 5 cat",
            "bash",
            // an option the row names, an option the rules do not know with a filter
            "rm -i file",
            "rm -rfi dir",
            "git log --stdin",
            "git diff --no-index a b",
            "git add -p",
            "git commit -m msg",
            "find . -exec cat {} ;",
            "cp -i a b",
            "unknownprog --opt file",
            // an operand only known at run time or naming the input
            "cat \"$F\"",
            "cat /dev/fd/3",
            "cp /dev/stdin out",
            // a copy of the input to another descriptor, or a descriptor that may be one
            "exec 3<&0",
            "read -u 3 x 3<&0 < /dev/null",
            "ls /dev/stdin",
            "cat <&3",
            "cat 0<&3",
            "head -qc 6",
            "read -u 3 x",
    })
    void mayRead(String command) {
        assertThat(READERS.reader(command)).as(command).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "ls",
            "ls -la src",
            "ls 3<&0",
            "git status",
            "git status --short",
            "git -C sub status",
            "git log --oneline -n 5",
            "git diff HEAD~1",
            "git log | head",
            "git log --oneline | head -n 3",
            "cd x",
            "cd /tmp && ls",
            "export A=1",
            "A=1",
            "A=1 B=2",
            "pwd",
            "echo hello",
            "echo \"@@done:$?\"",
            "printf '%s\\n' a b",
            "mkdir -p out/dir",
            "rm -rf build",
            "touch a b",
            "cat file",
            "cat a b > c",
            "head -c 6 file",
            "head -n 20 README.md",
            "tail -n 5 log.txt",
            "grep -rn foo src",
            "grep foo file",
            "sed -n 1,10p file",
            "wc -l a b",
            "sort file | uniq -c",
            "cp a b",
            "mv a b",
            // the input redirected
            "head -c 6 < file",
            "head -c 6 </dev/null",
            "read -r x < file",
            "read -r x <<< 'a b'",
            "read -r x <<EOF\nline\nEOF",
            "mapfile arr < file",
            "python3 script.py < /dev/null",
            "mvn -q test </dev/null",
            "dd bs=1 count=6 < /dev/zero > /dev/null",
            "cat <&-",
            "{ head -c 6; read x; } < /dev/null",
            "while read l; do echo \"$l\"; done < file",
            "if true; then cat; fi < file",
            // in a pipeline after the first stage, a coprocess, an output substitution
            "echo a | head -c 6",
            "echo a | read x",
            "printf x | { cat; read y; }",
            "git log | python3 -c 'import sys; print(len(sys.stdin.read()))'",
            "coproc cat",
            "echo a > >(cat)",
            "ls 2>&1 | cat",
            "ls > /dev/null 2>&1",
            "echo err >&2",
    })
    void leavesItAlone(String command) {
        assertThat(READERS.reader(command)).as(command).isNull();
    }

    @Test
    void namesTheCommandThatMayRead() {
        assertThat(READERS.reader("ls; head -c 6 >/dev/null; pwd")).isEqualTo("head -c 6 >/dev/null");
        assertThat(READERS.reader("echo ok | cat; read -n 2 x")).isEqualTo("read -n 2 x");
    }

    @Test
    void unparsableCodeMayRead() {
        assertThat(READERS.reader("echo 'unterminated")).isNotNull();
    }
    /** An option's value is not a file operand, a program that needs two files reads its input with one, `-` is the input. */
    @ParameterizedTest
    @ValueSource(strings = {
            "od -N 6 >/dev/null",
            "od --read-bytes 6",
            "od --skip-bytes 0 --read-bytes 6",
            "od -j 0 -N6",
            "od -N6 -",
            "od -t x1 -w8",
            "cmp a >/dev/null",
            "cmp -n 6 a",
            "cmp -i 0 a",
            "cmp a -",
            "jq -n --arg a b input",
            "jq -n input --args x",
            "jq -n --jsonargs input 1 2",
            "jq -n --argjson a 1 --rawfile b f inputs",
            "date -f -",
            "date --file=-",
            "date -f-",
            "du --files0-from=-",
            "nl -v 1",
            "nl -w 3 -s :",
            "uniq -f 1",
            "uniq -s 2 -w 3",
            "wc --files0-from=-",
            "sort --files0-from=/dev/stdin",
            "head -n1 -",
            "cut -d, -f1",
    })
    void optionValuesAndMissingOperandsLeaveTheInputToTheProgram(String command) {
        assertThat(READERS.reader(command)).isEqualTo(command);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "od -N 6 -c notes.txt",
            "od --read-bytes 6 notes.txt",
            "cmp a b",
            "cmp -n 6 a b",
            "jq -n --arg a b input data.json",
            "jq . data.json",
            "date -f dates.txt",
            "date +%s",
            "du -sh src",
            "du --files0-from=list0",
            "nl -v 1 notes.txt",
            "uniq -f 1 notes.txt",
            "cut -d, -f1 data.csv",
    })
    void theSameProgramsGivenFilesLeaveTheInputAlone(String command) {
        assertThat(READERS.reader(command)).isNull();
    }
}
