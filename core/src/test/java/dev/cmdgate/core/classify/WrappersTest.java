package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which words a wrapper's {@code runs} row points at, on its own: a pure function of the built-in row and the
 * parsed arguments, before anything is judged.
 */
class WrappersTest {

    private static ParsedArgs parse(String... argv) {
        List<Arg> words = new ArrayList<>();
        for (String w : argv) {
            words.add(Arg.literal(w));
        }
        return OptionParser.parse(RuleSet.builtin().program(argv[0]), words);
    }

    private static Wrappers.Target target(String... argv) {
        ParsedArgs p = parse(argv);
        return Wrappers.target(p.section().runs(), p);
    }

    @Test
    void envHandsOnItsAssignmentsAndTheCommandAfterThem() {
        Wrappers.Target t = target("env", "A=1", "B=x=y", "ls", "-l");
        assertThat(Analysis.texts(t.assignments)).containsExactly("A=1", "B=x=y");
        assertThat(Analysis.texts(t.words)).containsExactly("ls", "-l");
        assertThat(t.input).isTrue();
    }

    @Test
    void xargsRunsItsDefaultWithArgumentsOnlyKnownAtRunTimeAndReadsTheInputItself() {
        Wrappers.Target t = target("xargs");
        assertThat(Analysis.texts(t.words)).containsExactly("echo", "$(stdin)");
        assertThat(t.words.get(1).unresolved()).isTrue();
        assertThat(t.input).isFalse();
    }

    @Test
    void aReplaceStringMakesTheWordsHoldingItUnknownInsteadOfAddingAnArgument() {
        Wrappers.Target t = target("xargs", "-I{}", "sh", "-c", "echo {}");
        assertThat(Analysis.texts(t.words)).containsExactly("sh", "-c", "echo $(stdin)");
        assertThat(t.words.get(2).unresolved()).isTrue();
        assertThat(t.words.get(0).unresolved()).isFalse();
    }

    @Test
    void theWrappersOwnOptionsAfterItsSkippedOperandAreItsOptions() {
        Wrappers.Target t = target("flock", "/tmp/lock", "-n", "-c", "rm -rf ~");
        assertThat(t.options).extracting(ParsedArgs.Use::name, ParsedArgs.Use::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("--nb", null),
                        org.assertj.core.groups.Tuple.tuple("--command", "rm -rf ~"));
        assertThat(t.words).isEmpty();
        assertThat(Analysis.texts(target("flock", "/tmp/lock", "-n", "make", "all").words)).containsExactly("make", "all");
    }

    @Test
    void anUnlessOptionMeansNothingRuns() {
        assertThat(target("command", "-v", "rm")).isNull();
        assertThat(Analysis.texts(target("command", "rm", "x").words)).containsExactly("rm", "x");
    }

    @Test
    void findRunsEachCommandBetweenAStartWordAndAnEndWord() {
        ParsedArgs p = parse("find", ".", "-name", "x", "-exec", "rm", "{}", ";", "-execdir", "cat", "{}", "+", "-exec", ";");
        List<Wrappers.Between> commands = Wrappers.between(p.section().runs(), p);
        assertThat(commands).extracting(b -> b.start().text).containsExactly("-exec", "-execdir");
        assertThat(commands).extracting(b -> Analysis.texts(b.words()))
                .containsExactly(List.of("rm", "{}"), List.of("cat", "{}"));
    }

    @Test
    void aFoundFileIsBelowEachStartingPoint() {
        ParsedArgs p = parse("find", "~/.ssh", "/etc", "-exec", "cat", "{}", "+");
        List<Arg> files = Wrappers.foundFiles(List.of(Arg.literal("cat"), Arg.literal("{}")), p.args, List.of("{}"),
                List.of("-name"));
        assertThat(Analysis.texts(files)).containsExactly("~/.ssh/$(…)", "/etc/$(…)");
        assertThat(Wrappers.foundFiles(List.of(Arg.literal("ls")), p.args, List.of("{}"), List.of("-name"))).isEmpty();
    }

    @Test
    void aNamedTestNamesTheFoundFileAtAnyDepth() {
        ParsedArgs p = parse("find", "/", "/srv/", "-name", "id_rsa", "-o", "-iname", ".NETRC",
                "-path", "*/.ssh/*", "-exec", "cp", "{}", "/tmp", ";");
        List<Arg> files = Wrappers.foundFiles(List.of(Arg.literal("cp"), Arg.literal("{}")), p.args, List.of("{}"),
                List.of("-name", "-iname"));
        // a path pattern (a value with a slash) names nothing more than any file below
        assertThat(Analysis.texts(files)).containsExactly("/$(…)", "/$(…)/id_rsa", "/$(…)/.NETRC",
                "/srv/$(…)", "/srv/$(…)/id_rsa", "/srv/$(…)/.NETRC");
        assertThat(files).allMatch(a -> a.dynamic);
    }
}
