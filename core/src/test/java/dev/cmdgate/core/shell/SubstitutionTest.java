package dev.cmdgate.core.shell;

import static dev.cmdgate.core.shell.TestSupport.commandNames;
import static dev.cmdgate.core.shell.TestSupport.firstCommand;
import static dev.cmdgate.core.shell.TestSupport.parseOk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every nested script must be in the tree, wherever it hides. */
class SubstitutionTest {

    static Stream<Arguments> nested() {
        return Stream.of(
                arguments("echo ${x:-$(rm -rf ~)}", List.of("echo", "rm")),
                arguments("echo ${x:=`rm -rf ~`}", List.of("echo", "rm")),
                arguments("echo \"${x:-\"$(rm -rf ~)\"}\"", List.of("echo", "rm")),
                arguments("echo ${x/$(a)/$(b)}", List.of("echo", "a", "b")),
                arguments("echo ${a[$(rm)]}", List.of("echo", "rm")),
                arguments("echo ${x:$(a):$(b)}", List.of("echo", "a", "b")),
                arguments("echo \"a `rm -rf ~` b\"", List.of("echo", "rm")),
                arguments("echo `a \\`b \\\\\\`c\\\\\\`\\``", List.of("echo", "a", "b", "c")),
                arguments("echo \"`echo \\\"$(rm)\\\"`\"", List.of("echo", "echo", "rm")),
                arguments("echo $(a $(b $(c)))", List.of("echo", "a", "b", "c")),
                arguments("echo \"$(echo \"$(rm -rf ~)\")\"", List.of("echo", "echo", "rm")),
                arguments("echo $(( a[$(rm -rf ~)] + 1 ))", List.of("echo", "rm")),
                arguments("echo $(( $(a) + `b` + ${c:-$(d)} ))", List.of("echo", "a", "b", "d")),
                arguments("(( a[$(rm -rf ~)] ))", List.of("rm")),
                arguments("(( x = $(id) ))", List.of("id")),
                arguments("echo $[ $(a) ]", List.of("echo", "a")),
                arguments("for ((i=$(a); i<$(b); i++)); do c; done", List.of("a", "b", "c")),
                arguments("x=$(a) y=`b` cmd", List.of("cmd", "a", "b")),
                arguments("x[$(a)]=1", List.of("<none>", "a")),
                arguments("a=(1 $(rm) 3)", List.of("<none>", "rm")),
                arguments("declare -a a=(1 $(rm) 3)", List.of("declare", "rm")),
                arguments("diff <(a) >(b)", List.of("diff", "a", "b")),
                arguments("cat < <(a)", List.of("cat", "a")),
                arguments("echo > $(a)", List.of("echo", "a")),
                arguments("cat <<< $(a)", List.of("cat", "a")),
                arguments("cat <<EOF\n$(rm -rf ~)\n`b`\n${x:-$(c)}\nEOF", List.of("cat", "rm", "b", "c")),
                arguments("cat <<'EOF'\n$(rm -rf ~)\nEOF", List.of("cat")),
                arguments("cat <<\\EOF\n$(rm -rf ~)\nEOF", List.of("cat")),
                arguments("for x in $(a); do b; done", List.of("a", "b")),
                arguments("case $(a) in $(b)) c;; esac", List.of("a", "b", "c")),
                arguments("[[ $(a) == `b` ]]", List.of("a", "b")),
                arguments("f() { a; }; f", List.of("a", "f")),
                arguments("coproc { a; }", List.of("a")),
                arguments("time a | b", List.of("a", "b")),
                arguments("if $(a); then b; elif c; then d; else e; fi", List.of("<dynamic>", "a", "b", "c", "d", "e")),
                arguments("while a; do b; done < <(c)", List.of("a", "b", "c")),
                arguments("{ a; } > $(b)", List.of("a", "b")),
                arguments("$(rm -rf ~)", List.of("<dynamic>", "rm")),
                arguments("echo $'$(not)' '$(not)' \\$\\(not\\)", List.of("echo")),
                // inside double quotes, ' is literal in the operand of :- - := = :+ + :? ? (the $(…) runs)
                arguments("echo \"${x:-'$(rm -rf ~)'}\"", List.of("echo", "rm")),
                arguments("echo \"${x-'$(a)'}\" \"${x:='$(b)'}\" \"${x+'$(c)'}\" \"${x:?'$(d)'}\"",
                        List.of("echo", "a", "b", "c", "d")),
                arguments("echo \"${x:-${y:-'$(rm)'}}\"", List.of("echo", "rm")),
                // ...but quotes in pattern operands, and outside double quotes
                arguments("echo \"${x#'$(not)'}\" \"${x/'$(not)'/b}\" ${x:-'$(not)'}", List.of("echo")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("nested")
    void exposesNestedScripts(String input, List<String> expected) {
        assertThat(commandNames(input)).isEqualTo(expected);
    }

    @Test
    void deepNestingIsExposed() {
        String in = "echo " + "$(a ".repeat(60) + "$(rm -rf ~)" + ")".repeat(60);
        List<String> names = commandNames(in);
        assertThat(names).hasSize(62);
        assertThat(names.get(61)).isEqualTo("rm");
        String bq = "echo \"$(echo \"${x:-$(( a[$(echo `rm -rf ~`)] ))}\")\"";
        assertThat(commandNames(bq)).containsExactly("echo", "echo", "echo", "rm");
    }

    @Test
    void wordSubstitutionsAreDirectOnesInSourceOrder() {
        Word w = firstCommand("cmd \"a$(b)${x:-$(c $(d))}\"`e`<(f)").words().get(1);
        List<Substitution> subs = w.substitutions();
        assertThat(subs).hasSize(4);
        assertThat(subs).extracting(s -> ShellWalker.simpleCommands(s.script()).get(0).commandName())
                .containsExactly("b", "c", "e", "f");
        assertThat(subs.get(2)).isInstanceOf(CommandSubstitution.class);
        assertThat(((CommandSubstitution) subs.get(2)).backquoted()).isTrue();
        assertThat(subs.get(3)).isInstanceOf(ProcessSubstitution.class);
        assertThat(ShellWalker.substitutions(w)).hasSize(5);
    }

    @Test
    void substitutionPositionsPointIntoTheInput() {
        String in = "echo ${x:-$(rm -rf ~)} \"`id`\"";
        Script s = parseOk(in);
        List<Substitution> subs = ShellWalker.substitutions(s);
        assertThat(subs).hasSize(2);
        assertThat(subs.get(0).text(in)).isEqualTo("$(rm -rf ~)");
        assertThat(subs.get(1).text(in)).isEqualTo("`id`");
        SimpleCommand rm = ShellWalker.simpleCommands(subs.get(0).script()).get(0);
        assertThat(rm.text(in)).isEqualTo("rm -rf ~");
        SimpleCommand id = ShellWalker.simpleCommands(subs.get(1).script()).get(0);
        assertThat(id.text(in)).isEqualTo("id");
    }

    @Test
    void walkerCanSkipSubtrees() {
        Script s = parseOk("a $(b); c");
        int[] count = {0};
        ShellWalker.walk(s, n -> {
            if (n instanceof SimpleCommand) {
                count[0]++;
            }
            return !(n instanceof Substitution);
        });
        assertThat(count[0]).isEqualTo(2);
    }
}
