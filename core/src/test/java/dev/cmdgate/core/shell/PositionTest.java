package dev.cmdgate.core.shell;

import static dev.cmdgate.core.shell.TestSupport.firstCommand;
import static dev.cmdgate.core.shell.TestSupport.parseOk;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PositionTest {

    /**
     * Every node lies inside the input, and inside its parent (a here-document body lies after its
     * command line, so its subtree is checked against its own range instead).
     */
    static void assertWellFormed(String input, Node root) {
        check(input, root, 0, input.length());
    }

    private static void check(String input, Node n, int lo, int hi) {
        assertThat(n.start()).as("start of %s in %s", n.getClass().getSimpleName(), input).isBetween(lo, hi);
        assertThat(n.end()).as("end of %s in %s", n.getClass().getSimpleName(), input).isBetween(n.start(), hi);
        java.util.ArrayDeque<Node[]> stack = new java.util.ArrayDeque<>();
        for (Node c : n.children()) {
            if (c instanceof HereDoc) {
                check(input, c, 0, input.length());
            } else {
                check(input, c, n.start(), n.end());
            }
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        "echo hello world", "a && b || c; d & e | f |& g", "x=1 y=(a b) cmd >f 2>&1 <<<w",
        "if a; then b; elif c; then d; else e; fi > f", "for x in a b; do c; done", "for ((i=0;i<2;i++)); do :; done",
        "case $x in a|b) c;; (*) d;& esac", "f() { a; } 2>/dev/null", "function g { b; }", "coproc n { c; }",
        "[[ -f $x && $y =~ ^(a|b)$ ]]", "(( a[$(b)] + 1 ))", "echo ${x:-$(rm -rf ~)} \"`id`\" $'\\x41' $\"t\"",
        "echo `a \\`b \\\\\\`c\\\\\\`\\``", "cat <<EOF\n$(a)\nEOF\necho", "cat <<-EOF\n\t$(a) `b`\n\tEOF\n",
        "echo a\\\nb \"c\\\nd\" $(e\\\nf)", "echo {a,b}* ~/x", "diff <(a) >(b)", "declare -a x=(1 $(a))",
        "time ! a | b", "x=`cat <<E\n$(y)\nE\n`",
    })
    void nodesNestInsideTheInput(String input) {
        assertWellFormed(input, parseOk(input));
    }

    @Test
    void wordAndCommandOffsets() {
        String in = "echo  hello 'wor ld'  ";
        SimpleCommand c = firstCommand(in);
        assertThat(c.words()).extracting(w -> w.text(in)).containsExactly("echo", "hello", "'wor ld'");
        assertThat(c.words()).extracting(Word::start).containsExactly(0, 6, 12);
        assertThat(c.start()).isEqualTo(0);
        assertThat(c.end()).isEqualTo(20);
    }

    @Test
    void statementAndPipelineOffsets() {
        String in = "a && b ; c | d &";
        List<Statement> st = parseOk(in).statements();
        assertThat(st).extracting(s -> s.text(in)).containsExactly("a && b", "c | d");
        assertThat(st.get(1).background()).isTrue();
        assertThat(st.get(1).pipelines().get(0).text(in)).isEqualTo("c | d");
        assertThat(st.get(1).pipelines().get(0).commands()).extracting(c -> c.text(in)).containsExactly("c", "d");
    }

    @Test
    void partsOffsets() {
        String in = "cmd a'b'\"c$x\"$(d)";
        Word w = firstCommand(in).words().get(1);
        assertThat(w.parts()).extracting(p -> p.text(in)).containsExactly("a", "'b'", "\"c$x\"", "$(d)");
        DoubleQuoted dq = (DoubleQuoted) w.parts().get(2);
        assertThat(dq.parts()).extracting(p -> p.text(in)).containsExactly("c", "$x");
    }

    @Test
    void compoundAndRedirectOffsets() {
        String in = "if a; then b; fi >out; x=1 >f cmd";
        List<Statement> st = parseOk(in).statements();
        Command ifc = st.get(0).pipelines().get(0).commands().get(0);
        assertThat(ifc.text(in)).isEqualTo("if a; then b; fi >out");
        assertThat(ifc.redirects().get(0).text(in)).isEqualTo(">out");
        SimpleCommand c = (SimpleCommand) st.get(1).pipelines().get(0).commands().get(0);
        assertThat(c.assignments().get(0).text(in)).isEqualTo("x=1");
        assertThat(c.redirects().get(0).text(in)).isEqualTo(">f");
    }

    @Test
    void backquotedOffsetsMapToTheOriginalInput() {
        String in = "echo `a \\`rm -rf x\\``";
        List<SimpleCommand> cmds = ShellWalker.simpleCommands(parseOk(in));
        SimpleCommand rm = cmds.get(2);
        assertThat(rm.commandName()).isEqualTo("rm");
        assertThat(rm.text(in)).isEqualTo("rm -rf x");
        assertThat(rm.words().get(2).text(in)).isEqualTo("x");
    }

    @Test
    void strippedHereDocOffsetsMapToTheOriginalInput() {
        String in = "cat <<-E\n\t\techo $(rm -rf ~)\n\tE\n";
        Substitution s = ShellWalker.substitutions(parseOk(in)).get(0);
        assertThat(s.text(in)).isEqualTo("$(rm -rf ~)");
    }

    @Test
    void errorOffsets() {
        assertThat(ShellParser.parse("echo 'abc").errors().get(0).offset()).isEqualTo(5);
        assertThat(ShellParser.parse("a; )").errors().get(0).offset()).isEqualTo(3);
        assertThat(ShellParser.parse("echo $(a").errors().get(0).offset()).isEqualTo(5);
    }
}
