package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** bash vs POSIX sh (dash): the same text can run different commands. */
class DialectTest {

    private static List<String> names(String input, ShellParser.Dialect d) {
        ParseResult r = ShellParser.parse(input, d);
        List<String> out = new ArrayList<>();
        for (SimpleCommand c : ShellWalker.simpleCommands(r.script())) {
            String n = c.commandName();
            out.add(n == null ? "<dynamic>" : n);
        }
        return out;
    }

    static Stream<Arguments> divergent() {
        return Stream.of(
                // (( )) is arithmetic in bash but nested subshells in dash: the content runs
                arguments("((rm -rf ~))", List.of(), List.of("rm")),
                // $'...' is ANSI-C in bash; in dash it is $ then '...', so the ; separates commands
                arguments("echo $'\\';rm -rf ~;echo '\\'", List.of("echo"), List.of("echo", "rm", "echo")),
                arguments("echo $\"a\"", List.of("echo"), List.of("echo")),
                // a &>f: redirect in bash; background then an empty redirect-only command in dash
                arguments("a &>f", List.of("a"), List.of("a", "<dynamic>")),
                arguments("function f { a; }", List.of("a"), List.of("function")),
                arguments("time rm x", List.of("rm"), List.of("time")),
                arguments("coproc rm x", List.of("rm"), List.of("coproc")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("divergent")
    void sameTextDifferentCommands(String input, List<String> bash, List<String> posix) {
        assertThat(names(input, ShellParser.Dialect.BASH)).isEqualTo(bash);
        List<String> p = names(input, ShellParser.Dialect.POSIX);
        assertThat(p.subList(0, Math.min(p.size(), posix.size()))).isEqualTo(posix);
    }

    @Test
    void defaultIsBash() {
        assertThat(ShellParser.parse("((x))").script().statements().get(0).pipelines().get(0).commands().get(0))
                .isInstanceOf(ArithmeticCommand.class);
        assertThat(ShellParser.parse("((x))", ShellParser.Dialect.POSIX).script().statements().get(0).pipelines()
                .get(0).commands().get(0)).isInstanceOf(Subshell.class);
    }

    /** Bash-only syntax is an error in the POSIX dialect (dash rejects it too: see below). */
    static final String[] POSIX_ERRORS = {
        "cat <(ls)", "a |& b", "x=(1 2)", "cat <<<x", "case x in x) a;& y) b;; esac", "[[ a =~ (b) ]]",
        "diff >(a) b",
    };

    /** Valid in both dialects. */
    static final String[] POSIX_VALID = {
        "a; b && c || d | e &", "f() { a; }", "if a; then b; elif c; then d; else e; fi", "for x in a b; do c; done",
        "while a; do b; done", "case x in a|b) c;; *) d;; esac", "cat <<EOF\n$(a)\nEOF\n", "echo $((1+2)) ${x:-y}",
        "echo `a` \"$(b)\"", "((a) | b)", "echo $'a'", "echo {fd}>/dev/null", "[[ a ]]", "time a", "a &>/dev/null",
        "x=1 y=2 cmd >f 2>&1 <g 3<>h", "! a", "{ a; } > f", "(a)",
    };

    static String[] posixErrors() {
        return POSIX_ERRORS;
    }

    static String[] posixValid() {
        return POSIX_VALID;
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("posixErrors")
    void bashOnlySyntaxFailsInPosix(String input) {
        assertThat(ShellParser.parse(input, ShellParser.Dialect.POSIX).ok()).isFalse();
        assertThat(ShellParser.parse(input, ShellParser.Dialect.BASH).ok()).isTrue();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("posixValid")
    void posixValidInput(String input) {
        assertThat(ShellParser.parse(input, ShellParser.Dialect.POSIX).errors()).isEmpty();
    }

    private static String dash() {
        for (String p : List.of("/bin/dash", "/usr/bin/dash")) {
            if (new File(p).canExecute()) {
                return p;
            }
        }
        return null;
    }

    private static boolean dashAccepts(String dash, String script) throws Exception {
        Process p = new ProcessBuilder(dash, "-n", "-c", script).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return p.exitValue() == 0;
    }

    @Test
    void syntaxAcceptanceMatchesDash() throws Exception {
        String dash = dash();
        assumeTrue(dash != null, "dash not installed");
        List<String> disagreements = new ArrayList<>();
        for (String s : POSIX_ERRORS) {
            if (dashAccepts(dash, s)) {
                disagreements.add("dash accepts, we reject: " + s);
            }
        }
        for (String s : POSIX_VALID) {
            if (!dashAccepts(dash, s)) {
                disagreements.add("dash rejects, we accept: " + s);
            }
        }
        assertThat(disagreements).isEmpty();
    }

    /** What dash really runs: markers printed by commands our POSIX parse says will run. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"((echo RAN))", "echo $'\\';echo RAN;echo '\\'"})
    void dashReallyRunsWhatPosixParseShows(String script) throws Exception {
        String dash = dash();
        assumeTrue(dash != null, "dash not installed");
        Process p = new ProcessBuilder(dash, "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(out).contains("RAN");
        assertThat(names(script, ShellParser.Dialect.POSIX)).contains("echo");
        List<String> args = new ArrayList<>();
        for (SimpleCommand c : ShellWalker.simpleCommands(ShellParser.parse(script, ShellParser.Dialect.POSIX).script())) {
            args.add(c.words().stream().map(Word::literalValue).toList().toString());
        }
        assertThat(args).contains("[echo, RAN]");
    }
}
