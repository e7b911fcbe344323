package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A function body is judged again at each call with the call's words as its positional parameters, and a script
 * given to {@code sh -c} with the words after it as {@code $0 $1 …}. Nothing here runs; the lines are only
 * classified.
 */
class FunctionCallsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // each kind of reference
            "f() { head -n1 \"$1\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 $2; }; f a ~/.aws/credentials => Destructive",
            "f() { head -n1 $*; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 \"${@}\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 \"${1:-x}\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 \"${1%.bak}\"; }; f ~/.aws/credentials.bak => Destructive",
            "f() { head -n1 \"${@:3:1}\"; }; f a b ~/.aws/credentials => Destructive",
            "f() { head -n1 \"${11}\"; }; f 1 2 3 4 5 6 7 8 9 10 ~/.aws/credentials => Destructive",
            "f() { head -n1 \"$1/credentials\"; }; f ~/.aws => Destructive",
            "f() { local p=$1; head -n1 \"$p\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 < \"$1\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 $(printf %s \"$1\"); }; f ~/.aws/credentials => Destructive",
            "f() ( head -n1 \"$1\" ); f ~/.aws/credentials => Destructive",
            // writes and commands
            "f() { : > \"$1\"; }; f /etc/hosts => Destructive",
            "f() { chmod 777 \"$1\"; }; f /etc/sudoers => Destructive",
            "f() { \"$@\"; }; f shred -u /srv/db/main.sqlite => Destructive",
            // shifts, loops, calls through another function, words only known at run time
            "f() { shift; head -n1 \"$1\"; }; f x ~/.aws/credentials => Destructive",
            "f() { shift 2; head -n1 $1; }; f x y ~/.aws/credentials => Destructive",
            "f() { while [ $# -gt 0 ]; do head -n1 \"$1\"; shift; done; }; f x ~/.aws/credentials => Destructive",
            "f() { [ -n \"$1\" ] && shift; head -n1 \"$1\"; }; f x ~/.aws/credentials => Destructive",
            "f() { for a; do head -n1 \"$a\"; done; }; f x ~/.aws/credentials => Destructive",
            "f() { for a in \"$@\"; do head -n1 \"$a\"; done; }; f x ~/.aws/credentials => Destructive",
            "f() { head -n1 \"$2\"; }; f \"$u\" ~/.aws/credentials => Destructive",
            "g() { head -n1 \"$@\"; }; f() { g \"$2\"; }; f x ~/.aws/credentials => Destructive",
            "f() { head -n1 \"$1\"; }; f x; f ~/.aws/credentials => Destructive",
            "f() { f \"$@\"; head -n1 \"$1\"; }; f ~/.aws/credentials => Destructive",
            "f() { head -n1 \"$1\"; }; f /etc/sha* => Destructive",
            "f() { head -n1 \"$2\"; }; f *.md /etc/shadow => Destructive",
            // sh -c SCRIPT NAME ARG…
            "bash -c 'chmod 777 \"$1\"' x /etc/sudoers => Destructive",
            "sh -c ': > \"$0\"' /etc/hosts => Destructive",
            "sh -c 'head -n1 \"${2}\"' x y ~/.aws/credentials => Destructive",
            // everyday calls stay as they were
            "f() { git status; }; f => Read",
            "f() { ls -la \"$1\"; }; f src => Read",
            "log() { echo \"[$1] $2\"; }; log info starting; log warn done => Read",
            "f() { git log \"$@\"; }; f --oneline -5 => Read",
            "f() { grep -rn \"$1\" src; }; f TODO => Read",
            "f() { echo \"$1\"; }; f '$(rm -rf ~)' => Read",
            "f() { head -n1 \"$3\"; }; f a b => Read",
            "sh -c 'ls \"$1\"' x src => Read",
    })
    void aBodyIsJudgedWithTheCallsWords(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a call from its own body with fewer words is followed, the last one doing the work
            "f(){ if [ $# -gt 1 ]; then f \"${@:2}\"; else head -n1 \"$1\"; fi; }; f a b ~/.aws/credentials => Destructive",
            "f(){ [ $# -gt 1 ] && f \"${@:2}\" || head -n1 \"$1\"; }; f a b ~/.aws/credentials => Destructive",
            "f(){ [ $# -le 1 ] && { head -n1 \"$1\"; return; }; shift; f \"$@\"; }; f x y z ~/.aws/credentials => Destructive",
            "f(){ case $# in 1) : > \"$1\";; *) f \"${@:2}\";; esac; }; f a b /etc/hosts => Destructive",
            "f(){ g \"${@:2}\"; }; g(){ if [ $# -eq 1 ]; then chmod 777 \"$1\"; else f \"$@\"; fi; }; "
                    + "f a b c /etc/sudoers => Destructive",
            // past the bound: every parameter may be any of the words
            "f(){ case $# in 1) head -n1 \"$1\";; *) f \"${@:2}\";; esac; }; f 1 2 3 4 5 6 7 8 9 10 11 12 "
                    + "~/.aws/credentials => Destructive",
            // a call that does not shrink is judged once with every parameter any of its words
            "f(){ if [ -z \"$2\" ]; then f x \"$@\"; else head -n1 \"$2\"; fi; }; f ~/.aws/credentials => Destructive",
            // everyday recursions stay as they were
            "f(){ if [ $# -gt 0 ]; then echo \"$1\"; shift; f \"$@\"; fi; }; f a b c => Read",
            "f(){ if [ $# -gt 1 ]; then f \"${@:2}\"; else ls \"$1\"; fi; }; f a b src => Read",
    })
    void aRecursiveCallIsFollowedWhileItsWordsShrink(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @org.junit.jupiter.api.Test
    void aRecursionThatNeverShrinksEndsWithinTheBound() {
        // each call gives the same words, or more: judged once with any word as any parameter, then not again
        String line = "f(){ f \"$@\" \"$@\"; f \"$@\"; head -n1 \"$1\"; }; f a b";
        assertThat(C.classifyShell(line).commandClass()).isEqualTo(CommandClass.READ);
        String doubling = "f(){ f \"${@:2}\"; f \"${@:2}\"; f \"${@:2}\"; }; f " + "a ".repeat(40);
        assertThat(C.classifyShell(doubling).commandClass()).isNotNull();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a body is judged again where it is called when a cd, pushd or popd came before the call
            "g() { sed -i 1d sudoers; }; cd /etc; g => Destructive",
            "f(){ head -n1 credentials; }; cd ~/.aws; f => Destructive",
            "g() { head -n1 shadow; }; pushd /etc >/dev/null; g; popd => Destructive",
            "h() { head -n1 shadow; }; g() { h; }; cd /etc && g => Destructive",
            "f(){ head -n1 config; }; cd ~/.aws; f x => Destructive",
            // the directory where the body was judged, or only before the definition: nothing new
            "g() { sed -i 1d notes.txt; }; cd /srv/app; g => Write",
            "cd /etc; g() { head -n1 shadow; }; g => Destructive",
            "g() { head -n1 shadow; }; g; cd /etc => Read",
            "f() { ls -la; wc -l README.md; }; cd docs; f => Read",
    })
    void aBodyIsJudgedAgainWhereACdLeft(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @org.junit.jupiter.api.Test
    void manyCallsAfterChangesOfDirectoryAreBounded() {
        String line = "f() { ls; }; " + "cd a; f; ".repeat(FunctionCalls.MAX_REJUDGED + 8);
        assertThat(C.classifyShell(line).findings()).extracting(dev.cmdgate.core.Finding::reason)
                .anyMatch(r -> r.contains("function calls after a change of directory"));
    }
}
