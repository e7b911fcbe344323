package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * bash evaluates a variable named in arithmetic as an expression in turn: a value that is a name is looked up again,
 * and a subscript in a value ({@code a[$(cmd)]}) runs its command. What a name in arithmetic may reach — values
 * bash sets itself, values reached through known values, namerefs, assignments bash evaluates, a producer shadowed by
 * a function, the names a numeric producer prints — decides whether the line runs code cmdgate never saw. Nothing here
 * runs; the lines are only classified. {@code f} stands for a file holding {@code a[$(touch PWN)]}.
 */
class ArithmeticNamesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    static void check(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "read < f; echo $((REPLY)) => Destructive",
            "getopts a: o -a \"$(cat f)\"; echo $((OPTARG)) => Destructive",
            ": \"$(cat f)\"; echo $((_)) => Destructive",
            "echo $((_)) => Destructive",
            "[[ $(cat f) =~ (.*) ]]; echo $((BASH_REMATCH[1])) => Destructive",
            "mapfile < f; echo $((MAPFILE)) => Destructive",
            // unseen: other spellings and places
            "readarray < f; (( MAPFILE[0] > 1 )) => Destructive",
            "IFS=: read -r a b < f; echo $(( REPLY )) => Destructive",
            "echo $(( ${OPTARG:-0} )) => Destructive",
            "cd \"$(cat f)\"; echo $(( ${PWD##*/} )) => Destructive",
            "REPLY=5; read < f; let y=REPLY => Destructive",
            "echo ${a[REPLY]} => Destructive",
    })
    void aValueBashSetsItselfIsOnlyKnownAtRunTime(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            ": 'a[$(touch PWN)]' $(( ${BASH_COMMAND:3:15} )) => Destructive",
            "echo 'a[$(rm -rf ~/x)]' >/dev/null; echo $(( ${BASH_EXECUTION_STRING:6:16} )) => Destructive",
            "x=BASH_COMMAND; echo $(( ${!x} )) => Destructive",
            "echo ${s:${#BASH_COMMAND}} => Read",
            "echo \"$BASH_COMMAND\" => Read",
    })
    void theLinesOwnTextIsOnlyKnownAtRunTime(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "x=y; read -r y < f; echo $((x)) => Destructive",
            "x='a[y]'; read -r y < f; echo $((x)) => Destructive",
            "x='a[$(cat f)]'; echo $((x)) => Destructive",
            "x=y; read -r y < f; let z=x => Destructive",
            "x=y; read -r y < f; [[ x -eq 1 ]] => Destructive",
            "x=y; read -r y < f; echo ${a[x]} => Destructive",
            "x=y; read -r y < f; echo ${s:x} => Destructive",
            "x=y; read -r y < f; declare -i n=x => Destructive",
            "x=y; read -r y < f; echo $(( $x )) => Destructive",
            "x=REPLY; read < f; echo $((x)) => Destructive",
            // the environment's values are not known here: a name this line does not set may name one it reads
            "read -r root < f; echo $(( ${HOME##*/} )) => Destructive",
            "read -r C < f; echo $((LANG)) => Destructive",
            "read -r hBs < f; echo $(( $- )) => Destructive",
            // past the depth followed: unknown
            "x=y; y=z; z=w; w=v; v=u; u=t; t=1; echo $((x)) => Destructive",
            // more values than are remembered, one of them a name read at run time
            "for v in 1 2 3 4 5 6 7 8 y; do read -r y < f; echo $((v)); done => Destructive",
            // everyday: known values all the way down, or numbers
            "x=y; y=z; z=1; echo $((x + 1)) => Read",
            "for i in 1 2 3; do echo $((i*2)); done => Read",
            "for v in 1 2 3 4 5 6 7 8 9 10; do echo $((v * 2)); done => Read",
            "n=$(wc -l < f); echo $((n+1)) => Read",
            "echo $((RANDOM % 6)) => Read",
            "echo $(( $(date +%s) - 5 )) => Read",
            "echo $(( count + 1 )) => Read",
            "x=5; y=x; echo $((y+1)) => Read",
            "while getopts ab o; do :; done; shift $((OPTIND-1)) => Read",
    })
    void aKnownValueIsJudgedAsArithmeticToo(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "while :; do echo $((x)); read -r x < f; done => Destructive",
            "until false; do (( x > 1 )) && break; x=$(cat f); done => Destructive",
            "for i in 1 2; do echo $((y)); y=z; read -r z < f; done => Destructive",
            "for ((i=0; i<n; i++)); do read -r n < f; done => Destructive",
            "while true; do for j in 1 2; do echo $((k)); done; read -r k < f; done => Destructive",
            "while :; do echo $((LANG)); read -r C < f; done => Destructive",
            // everyday loops keep their class
            "i=0; while [ $i -lt 3 ]; do i=$((i+1)); done => Read",
            "count=0; for f in *.txt; do count=$((count+1)); done; echo $count => Read",
            "n=0; while read -r line; do n=$((n+1)); done < f; echo $n => Read",
    })
    void aLoopsNextRoundSeesWhatItsBodySetLater(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "read -r x < f; declare -n r=$x; echo $r => Destructive",
            "read -r x < f; declare -gn r=$x; echo $r => Destructive",
            "read -r x < f; declare -rn r=$x; echo ${r} => Destructive",
            "read -r x < f; readonly -n r=$x; echo $r => Destructive",
            "read -r x < f; local -n r=$x; echo $r => Destructive",
            "read -r x < f; typeset -n r=$x; echo \"$r\" => Destructive",
            "read -r x < f; declare -n \"r=$x\"; echo $r => Destructive",
            "read -r x < f; declare -n r=$x; echo $((r)) => Destructive",
            "declare -n r=REPLY; read < f; echo $((r)) => Destructive",
            "declare -n r=foo; echo $r => Read",
            "declare -n r=HOME; echo \"$r\" => Read",
    })
    void readingANamerefToARunTimeNameIsUnverifiable(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "read -r x < f; OPTIND=$x => Destructive",
            "RANDOM=$(cat f) => Destructive",
            "read -r HISTCMD < f => Destructive",
            "read -r OPTIND < f => Destructive",
            "read -r x < f; printf -v OPTIND %s \"$x\" => Destructive",
            "f(){ local OPTIND=$(cat f); }; f => Destructive",
            "export OPTIND=$(cat f) => Destructive",
            "read -r y < f; OPTIND=y => Destructive",
            "OPTIND=1 => Read",
            "OPTIND=$((OPTIND+1)) => Read",
            "OPTIND=$(wc -l < f) => Read",
            "RANDOM=42; echo $RANDOM => Read",
            "OPTIND=y; read -r y < f => Read",
    })
    void aValueAssignedToAnIntegerVariableIsArithmetic(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "wc(){ cat f; }; n=$(wc -l < f); echo $((n)) => Destructive",
            "date(){ cat f; }; [[ $(date +%s) -gt 0 ]] => Destructive",
            "function nproc { cat f; }; for ((i=0;i<$(nproc);i++)); do :; done => Destructive",
            "if true; then nproc(){ cat f; }; fi; echo $(( $(nproc) + 1 )) => Destructive",
            "eval 'wc(){ cat f; }'; n=$(wc -l < f); echo $((n)) => Destructive",
            "{ grep(){ cat f; }; }; n=$(grep -c x f); echo $((n)) => Destructive",
            "ls(){ command ls -la \"$@\"; }; n=$(wc -l < f); echo $((n+1)) => Read",
    })
    void aFunctionNamedLikeANumericProducerIsNotTheProducer(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "read -r g < f; n=$(wc -l g); echo $((n)) => Destructive",
            "read -r dir < f; n=$(du -s dir); echo $((n)) => Destructive",
            "read -r inf < f; (ulimit -t 1; n=$(seq inf inf); echo $((n))) => Destructive",
            "n=$(seq 1 nan); echo $((n)) => Destructive",
            "n=$(wc -l notes.txt); echo $((n)) => Destructive",   // "1 notes.txt" reads notes: no name is printed
            "x=$(cat f); for ((i=0;i<3;i++)); do echo \"i=$i\"; done => Read",
            "x=$(cat f); for ((i=0;i<x;i++)); do echo $i; done => Destructive",
            "n=$(grep -c TODO notes.txt); (( n > 0 )) => Read",
    })
    void aNameANumericProducerPrintsIsEvaluatedToo(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "PS1='\\044(rm -rf /tmp/zz)> ' => Destructive",
            "PS0='\\044(rm -rf /tmp/zz)' => Destructive",
            "PS2='\\140rm -rf /tmp/zz\\140' => Destructive",
            "PS4='\\44(rm -rf /tmp/zz) '; set -x; ls => Destructive",
            "PS1='\\\\044(rm -rf /tmp/zz)' => Read",
            "PS1='\\u@\\h:\\w\\$ ' => Read",
            "PS1='\\[\\e[32m\\]\\u@\\h\\[\\e[0m\\]:\\w\\$ ' => Read",
            "PS1='\\D{%H:%M} \\w> ' => Read",
            "MAILPATH='/abs/box?$(rm -rf /tmp/zz)' => Destructive",
            "MAILPATH='/var/mail/me:/tmp/box?`rm -rf /tmp/zz`' => Destructive",
            "read -r x < f; MAILPATH=\"/tmp/mb?$x\" => Destructive",
            "MAILPATH='/var/mail/me?You have mail' => Read",
    })
    void promptsAndMailMessagesAreJudgedAsBashExpandsThem(String line, String expected) {
        check(line, expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "'\\044(x)' => '$(x)'",
            "'\\140x\\140' => '`x`'",
            "'\\44(x)' => '$(x)'",
            "'\\0044' => '\u00044'",
            "'\\\\044' => '\\044'",
            "'\\u@\\h \\$ ' => 'x@x x '",
            "'\\D{%s}>' => 'x>'",
            "'a\\qb' => 'a\\qb'",
            "'plain' => 'plain'",
    })
    void promptEscapesDecodeAsBashDecodesThem(String prompt, String decoded) {
        assertThat(PromptEscapes.decode(prompt)).isEqualTo(decoded);
    }
}
