package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parser tells input that only ends too early (more input could finish it: a shell reading commands
 * would wait for the next line) from input that is wrong as it stands, with a typed answer
 * ({@link ParseError.Kind}) rather than a message a caller would have to match.
 */
class IncompleteInputTest {

    @ParameterizedTest
    @ValueSource(strings = {"echo 'a", "echo \"a", "echo $'a", "echo $(ls", "echo `ls", "echo ${x", "echo ${a[1",
            "cat <(ls", "echo $[1+", "if true; then", "if true; then :; else", "for i in 1; do", "while :; do :",
            "case x in", "case x in a) :;;", "{ ls", "( ls", "[[ -f x", "ls &&", "ls ||", "ls |", "a=(1 2",
            "f() {", "echo \"$(ls", "echo \"`ls"})
    void inputEndingInsideAConstructIsIncomplete(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.ok()).as(input).isFalse();
        assertThat(r.incomplete()).as("%s: %s", input, r.errors()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo )", "a; )", "fi", "done", "ls && && ls", "echo `if true`", "echo $(if true) x",
            "echo `case x`; ls", "ls | | x", "then"})
    void inputThatMoreTextCannotFixIsASyntaxError(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.ok()).as(input).isFalse();
        assertThat(r.incomplete()).as("%s: %s", input, r.errors()).isFalse();
        assertThat(r.errors()).allMatch(e -> e.kind() == ParseError.Kind.SYNTAX);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ls", "echo 'a'", "if true; then :; fi", "cat <<EOF\nx\nEOF\n"})
    void completeInputHasNoError(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.errors()).as(input).isEmpty();
        assertThat(r.incomplete()).isFalse();
    }
}
