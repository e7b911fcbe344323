package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compares our argv (quote removal + brace expansion of static words) with what bash really
 * passes: {@code bash -c 'printf "%s\0" WORDS'}, run in an empty directory so that globs match
 * nothing and stay as written. Skipped when bash is not installed.
 */
class WordExpansionBashDifferentialTest {

    private static String bash;

    @TempDir
    static Path emptyDir;

    @BeforeAll
    static void findBash() {
        for (String p : List.of("/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash")) {
            if (new File(p).canExecute()) {
                bash = p;
                return;
            }
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        "'r'm r\\m \"rm\" $'\\x72m' $'\\162m' r\"\"m \"r\"'m' \\r\\m $\"rm\" r''m",
        "\"\\r\"m a\\ b \"a\\\"b\" 'a'\\''b' $'a\\'b' \"$\" \\$x '$x' \"\\\\\" a\\\\b -r\\f",
        "$'\\u0041' $'\\cA' $'\\e[0m' $'a\\0b' $'\\t\\v' $'\\x41\\x42' $'\\101' $'\\1234' $'\\q' $'\\x' $'\\xZ'",
        "\"\\$\" \"\\`\" \"\\a\" '\\a' \"a\\\nb\" a\\\nb \"\" '' $''",
        "-{delete,print} {a..e} {e..a} {1..10..3} {10..1..4} {05..1} {-3..3..2} {z..a..5} a{b,c{d,e}f}g",
        "{x{a,b}} {a,b {a} {} x{,}y {a,b}{1,2} {a..1} {1..} \"{a,b}\" \\{a,b} '{a,b}' {a\\,b,c} {a,\"b c\"}d",
        "rm{,} --{rec,for} {r,f}{f,r} {a,b}{c,d}{e,f} {{a,b},c} {a,{b,{c,d}}} {a..c}{1..2}",
        "*.nomatch 'x*' \\* \"[a]\" [ab]x ? [ x]",
        "a#b \\# =a a= a=b 'a=b' -- - -- -n",
        "x{y,z}\\ w \"{a,b}\"{c,d} $'{a,b}' {'a',b}",
        "{,a,b} x{,y} {,} {'',a} {a,} -{,r}f {,{,c}} {,\"\"}b",
    })
    void argvMatchesBash(String words) throws Exception {
        assumeTrue(bash != null, "bash not installed");
        String script = "printf '%s\\0' " + words;
        List<String> expected = runBash(script);

        ParseResult r = ShellParser.parse(script);
        assertThat(r.errors()).isEmpty();
        SimpleCommand c = ShellWalker.simpleCommands(r.script()).get(0);
        List<String> ours = new ArrayList<>();
        for (Word w : c.words().subList(2, c.words().size())) {
            BraceExpansion b = w.expandBraces();
            assertThat(b.overCap()).isFalse();
            for (Word x : b.words()) {
                ours.add(x.literalValue());
            }
        }
        assertThat(ours).isEqualTo(expected);
    }

    private static List<String> runBash(String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(bash, "--norc", "--noprofile", "-c", script)
                .directory(emptyDir.toFile()).redirectErrorStream(false);
        pb.environment().put("LC_ALL", "C.UTF-8");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        String s = new String(out, StandardCharsets.UTF_8);
        if (s.isEmpty()) {
            return List.of();
        }
        // every element is followed by a NUL
        return new ArrayList<>(Arrays.asList(s.substring(0, s.length() - 1).split("\0", -1)));
    }

    /**
     * Syntax acceptance agrees with {@code bash -n}: what we reject bash rejects, what we accept
     * bash accepts, except for the listed, deliberate divergences.
     */
    @Test
    void syntaxAcceptanceMatchesBash() throws Exception {
        assumeTrue(bash != null, "bash not installed");
        List<String> disagreements = new ArrayList<>();
        for (String s : ShellGrammarTest.SYNTAX_ERRORS) {
            if (s.indexOf('\0') < 0 && bashAccepts(s)) {
                disagreements.add("bash accepts, we reject: " + s);
            }
        }
        for (String s : ShellGrammarTest.VALID) {
            if (s.indexOf('\0') >= 0) {
                continue; // an argv cannot carry NUL
            }
            if (!bashAccepts(s)) {
                disagreements.add("bash rejects, we accept: " + s);
            }
        }
        // ${} is a run-time "bad substitution" in bash; we reject it when parsing (fail closed)
        disagreements.remove("bash accepts, we reject: echo ${}");
        assertThat(disagreements).isEmpty();
    }

    /**
     * No fail-open: every {@code echo Mn >&2} that bash really runs, wherever it hides, is a simple
     * command in our tree.
     */
    @Test
    void everyCommandBashRunsIsInTheTree() throws Exception {
        assumeTrue(bash != null, "bash not installed");
        String script = String.join("\n",
                "x=; y=set; a=(1 2)",
                "echo \"${x:-'$(echo M1 >&2)'}\"",
                "echo ${x:-$(echo M2 >&2)}",
                "echo \"$(echo M3 >&2)\" `echo M4 >&2`",
                "echo $(( $(echo M5 >&2; echo 1) + a[$(echo M6 >&2; echo 0)] ))",
                "cat <<EOF",
                "$(echo M7 >&2) ${x:-`echo M8 >&2`}",
                "EOF",
                "[[ -n <(echo M9 >&2) ]]; z=<(echo M10 >&2)",
                ": ${x:=$(echo M11 >&2)}; x=",
                "case $(echo M12 >&2) in *) echo M13 >&2;; esac",
                "for i in $(echo M14 >&2); do :; done",
                "echo > >(echo M15 >&2)",
                "f() { echo M16 >&2; }; f",
                "((q = $(echo M17 >&2; echo 1)))",
                "echo \"${x:-\"$(echo M18 >&2)\"}\" \"${x:-${x:-'$(echo M19 >&2)'}}\"",
                "declare -a d=($(echo M20 >&2)); echo ${a[$(echo M21 >&2; echo 0)]}",
                "read -r r <<< \"$(echo M22 >&2)\"",
                "{ echo M23 >&2; }; ( echo M24 >&2 ); ! echo M25 >&2; time echo M26 >&2",
                "true && echo M27 >&2 || echo NOT >&2",
                "while echo M28 >&2; false; do :; done; if echo M29 >&2; then :; fi",
                "echo ${y:+$(echo M30 >&2)} \"${y+'$(echo M31 >&2)'}\"",
                "for ((k=$(echo M32 >&2; echo 0); k<1; k++)); do echo M33 >&2; done",
                "echo `echo \\`echo M34 >&2\\``",
                "echo \"`echo \\\"$(echo M35 >&2)\\\"`\"",
                "coproc { echo M36 >&2; }; wait",
                "echo $[ $(echo M37 >&2; echo 1) ]",
                "echo \"$(cat <<EOF",
                "$(echo M44 >&2)",
                ")",
                "EOF",
                ")\"",
                "echo $((echo M45 >&2) ); x=$((echo M46 >&2) | cat); ((echo M47 >&2) )",
                "echo $(case a in a) echo M48 >&2;; esac) $(echo ')' ; echo M49 >&2)",
                "echo $(echo M50 >&2 # )",
                ")",
                ": <<'Q'",
                "$(echo NOT >&2)",
                "Q",
                "echo $(( (1) + $(echo M51 >&2; echo 2) ))");
        assertBashRunsOnlyWhatWeShow(script, 45);
        // arithmetic errors end a bash script, so these run one by one
        assertBashRunsOnlyWhatWeShow("x=; echo \"$(( '$(echo M38 >&2; echo 1)' ))\"", 1);
        assertBashRunsOnlyWhatWeShow("echo $(( '$(echo M39 >&2; echo 1)' ))", 1);
        assertBashRunsOnlyWhatWeShow("(( '$(echo M40 >&2; echo 1)' ))", 1);
        assertBashRunsOnlyWhatWeShow("a=(1); echo ${a['$(echo M41 >&2; echo 0)']}", 1);
        assertBashRunsOnlyWhatWeShow("a=(1); echo \"${a['$(echo M42 >&2)']}\"", 1);
        assertBashRunsOnlyWhatWeShow("a['$(echo M43 >&2; echo 1)']=2", 1);
    }

    /** Runs the script in bash; each 'Mn' printed to stderr must be an 'echo Mn' command in our tree. */
    private static void assertBashRunsOnlyWhatWeShow(String script, int minMarkers) throws Exception {

        Process p = new ProcessBuilder(bash, "--norc", "--noprofile", "-c", script).directory(emptyDir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        java.util.Set<String> ran = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bM[0-9]+\\b").matcher(err);
        while (m.find()) {
            ran.add(m.group());
        }
        assertThat(ran).as("bash stderr: %s", err).hasSizeGreaterThanOrEqualTo(minMarkers);

        ParseResult r = ShellParser.parse(script);
        assertThat(r.errors()).isEmpty();
        java.util.Set<String> seen = new java.util.TreeSet<>();
        for (SimpleCommand c : ShellWalker.simpleCommands(r.script())) {
            if ("echo".equals(c.commandName()) && c.words().size() > 1) {
                String v = c.words().get(1).literalValue();
                if (v != null && v.matches("M[0-9]+")) {
                    seen.add(v);
                }
            }
        }
        assertThat(seen).containsAll(ran);
    }

    private static boolean bashAccepts(String script) throws Exception {
        Process p = new ProcessBuilder(bash, "--norc", "--noprofile", "-n", "-c", script)
                .directory(emptyDir.toFile()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return p.exitValue() == 0;
    }
}
