package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.classify.CodeLexer.Kind;
import dev.cmdgate.core.classify.CodeLexer.Tok;
import dev.cmdgate.core.testing.Work;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-liner lexer per language family: string literals, escapes, interpolation, comments. */
class CodeLexerTest {

    private static List<Tok> strings(String code, CodeLexer.Syntax s) {
        return CodeLexer.lex(code, s).stream().filter(t -> t.kind() == Kind.STRING || t.kind() == Kind.COMMAND).toList();
    }

    private static Tok only(String code, CodeLexer.Syntax s) {
        List<Tok> t = strings(code, s);
        assertThat(t).as(code).hasSize(1);
        return t.get(0);
    }

    @Test
    void pythonStringsPrefixesTriplesAndFStrings() {
        assertThat(only("x = 'a\\x72m'", CodeLexer.PYTHON).text()).isEqualTo("arm");
        assertThat(only("x = r'a\\x72'", CodeLexer.PYTHON).text()).isEqualTo("a\\x72");
        assertThat(only("x = \"\"\"a'b\"c\"\"\"", CodeLexer.PYTHON).text()).isEqualTo("a'b\"c");
        assertThat(only("x = f'{{x}}'", CodeLexer.PYTHON).dynamic()).isFalse();
        assertThat(only("x = f'{y}'", CodeLexer.PYTHON).dynamic()).isTrue();
        assertThat(only("x = rb'\\n'", CodeLexer.PYTHON).text()).isEqualTo("\\n");
        assertThat(only("x = 'unterminated", CodeLexer.PYTHON).dynamic()).isTrue();
        // a comment is not code
        assertThat(strings("# os.system('x')\nprint(1)", CodeLexer.PYTHON)).isEmpty();
        assertThat(CodeLexer.lex("os.system('x')", CodeLexer.PYTHON).get(0)).isEqualTo(new Tok(Kind.IDENT, "os.system", false));
    }

    @Test
    void aNumberKeepsItsTextAndStillEndsAValue() {
        assertThat(CodeLexer.lex("os.kill(-1, 9)", CodeLexer.PYTHON)).contains(new Tok(Kind.OP, "-", false),
                new Tok(Kind.NUMBER, "1", false), new Tok(Kind.NUMBER, "9", false));
        assertThat(CodeLexer.lex("x = 0x1f + 2.5", CodeLexer.PYTHON)).contains(new Tok(Kind.NUMBER, "0x1f", false),
                new Tok(Kind.NUMBER, "2.5", false));
        // after a number, / divides (no regex starts) in JavaScript
        assertThat(strings("var a = 4 / 2; var b = 'x' / 1", CodeLexer.JAVASCRIPT)).extracting(Tok::text).containsExactly("x");
    }

    @Test
    void powershellParenthesisedArgumentsAreExpressionsWhereACommandStartsAgain() {
        // iex (gc x): gc is a command inside the parentheses, not a bare word given to iex
        List<Tok> t = CodeLexer.lex("iex (gc x)", CodeLexer.POWERSHELL);
        assertThat(t).containsExactly(new Tok(Kind.IDENT, "iex", false), new Tok(Kind.OPEN, "(", false),
                new Tok(Kind.IDENT, "gc", false), new Tok(Kind.STRING, "x", false), new Tok(Kind.CLOSE, ")", false));
        // after the parenthesis closes the outer command reads on in command mode
        List<Tok> u = CodeLexer.lex("Out-File (Join-Path a b) /etc/x", CodeLexer.POWERSHELL);
        assertThat(u.subList(u.size() - 2, u.size())).containsExactly(new Tok(Kind.COMMA, " ", false),
                new Tok(Kind.STRING, "/etc/x", false));
        // an expression's parentheses change nothing
        assertThat(strings("$a = (1 + 2) * 3", CodeLexer.POWERSHELL)).isEmpty();
    }

    @Test
    void powershellCommandModeTakesBareWordsAsLiterals() {
        List<Tok> t = CodeLexer.lex("\"D\" | Out-File /etc/x -Encoding:utf8 $p", CodeLexer.POWERSHELL);
        assertThat(t).containsSubsequence(new Tok(Kind.IDENT, "Out-File", false), new Tok(Kind.STRING, "/etc/x", false),
                new Tok(Kind.COMMA, " ", false), new Tok(Kind.OP, "-Encoding", false), new Tok(Kind.COMMA, " ", false),
                new Tok(Kind.STRING, "utf8", false), new Tok(Kind.COMMA, " ", false));
        assertThat(t.get(t.size() - 1).kind()).isEqualTo(Kind.VAR);
        // a bare word with an expansion is not known; an expression after a name is not command mode
        assertThat(only("Out-File /tmp/$n", CodeLexer.POWERSHELL).dynamic()).isTrue();
        assertThat(strings("$a = $b.Trim() + 1", CodeLexer.POWERSHELL)).isEmpty();
        assertThat(strings("if (x) { y }", CodeLexer.POWERSHELL)).isEmpty();
    }

    @Test
    void goRawStringsHaveNoEscapes() {
        assertThat(only("exec.Command(`sh\\n`)", CodeLexer.GO).text()).isEqualTo("sh\\n");
        assertThat(only("x := \"a\\tb\"", CodeLexer.GO).text()).isEqualTo("a\tb");
        assertThat(only("x := `open", CodeLexer.GO).dynamic()).isTrue();
    }

    @Test
    void javascriptTemplatesRegexesAndComments() {
        assertThat(only("x = `a${b}`", CodeLexer.JAVASCRIPT).dynamic()).isTrue();
        assertThat(only("x = `ab`", CodeLexer.JAVASCRIPT).dynamic()).isFalse();
        assertThat(only("x = '\\u0072m'", CodeLexer.JAVASCRIPT).text()).isEqualTo("rm");
        // a quote inside a regular expression does not start a string
        assertThat(strings("x = /'/.test(s); y = 'z'", CodeLexer.JAVASCRIPT)).extracting(Tok::text).containsExactly("z");
        assertThat(strings("a / b / 'c'", CodeLexer.JAVASCRIPT)).extracting(Tok::text).containsExactly("c");
        assertThat(strings("// 'x'\n/* 'y' */ 'z'", CodeLexer.JAVASCRIPT)).extracting(Tok::text).containsExactly("z");
    }

    @Test
    void perlQuotesInterpolationAndCommands() {
        assertThat(only("print 'a$b'", CodeLexer.PERL).dynamic()).isFalse();
        assertThat(only("print \"a$b\"", CodeLexer.PERL).dynamic()).isTrue();
        assertThat(only("print \"a\\$b\"", CodeLexer.PERL).dynamic()).isFalse();
        assertThat(only("print \"a@b\"", CodeLexer.PERL).dynamic()).isTrue();
        Tok qx = only("print qx{ls -l}", CodeLexer.PERL);
        assertThat(qx.kind()).isEqualTo(Kind.COMMAND);
        assertThat(qx.text()).isEqualTo("ls -l");
        assertThat(only("print `id`", CodeLexer.PERL).kind()).isEqualTo(Kind.COMMAND);
        assertThat(only("print q(a(b)c)", CodeLexer.PERL).text()).isEqualTo("a(b)c");
        assertThat(strings("@a = qw(rm -rf x)", CodeLexer.PERL)).extracting(Tok::text).containsExactly("rm", "-rf", "x");
        // patterns are skipped: their quotes are not strings
        assertThat(strings("s/'/x/g; m{\"}; 'z'", CodeLexer.PERL)).extracting(Tok::text).containsExactly("z");
        // $# is a variable, not a comment
        assertThat(strings("print $#a; 'z'", CodeLexer.PERL)).extracting(Tok::text).containsExactly("z");
        // s///e: the replacement is code, lexed in place
        assertThat(CodeLexer.lex("s/x/system('id')/e", CodeLexer.PERL)).extracting(Tok::text).contains("system", "id");
    }

    @Test
    void rubyPhpLuaTclForms() {
        assertThat(only("puts \"#{x}\"", CodeLexer.RUBY).dynamic()).isTrue();
        assertThat(only("puts \"#x\"", CodeLexer.RUBY).dynamic()).isFalse();
        assertThat(only("puts %x(id)", CodeLexer.RUBY).kind()).isEqualTo(Kind.COMMAND);
        assertThat(only("puts %q(a'b)", CodeLexer.RUBY).text()).isEqualTo("a'b");
        assertThat(strings("x = a % b; 'z'", CodeLexer.RUBY)).extracting(Tok::text).containsExactly("z");
        assertThat(only("echo \"$x\";", CodeLexer.PHP).dynamic()).isTrue();
        assertThat(only("echo 'a\\nb';", CodeLexer.PHP).text()).isEqualTo("a\\nb");
        assertThat(only("print([[a'b]])", CodeLexer.LUA).text()).isEqualTo("a'b");
        assertThat(strings("--[[ 'x' ]] print('y')", CodeLexer.LUA)).extracting(Tok::text).containsExactly("y");
        List<Tok> tcl = CodeLexer.lex("spawn rm -rf ~; exec {a b} \"c $d\" [e]", CodeLexer.TCL);
        assertThat(tcl).extracting(Tok::kind).startsWith(Kind.IDENT, Kind.STRING, Kind.STRING, Kind.STRING, Kind.END, Kind.IDENT);
        assertThat(tcl.get(6).text()).isEqualTo("a b");
        assertThat(tcl.get(7).dynamic()).isTrue();
    }

    @Test
    void linearOnALongInput() {
        String big = "x = '" + "a".repeat(1 << 20) + "'";
        assertThat(CodeLexer.lex(big, CodeLexer.PYTHON)).hasSize(3);
        String many = "os.system('x');".repeat(50_000);
        assertThat(CodeLexer.lex(many, CodeLexer.PYTHON)).hasSize(50_000 * 5);
        // Growth judged by the work counted on this thread, never by one wall-clock timing: 4x the input may
        // allocate at most 10x (linear is 4x, quadratic 16x), and its best CPU time of three grow as little
        // once it is long enough to measure. A busy machine changes neither much.
        assertLinear(n -> "x = '" + "a".repeat(n) + "'", 1 << 18);
        assertLinear(n -> "os.system('x');".repeat(n / 15), 1 << 18);
    }

    private static void assertLinear(java.util.function.IntFunction<String> input, int size) {
        String small = input.apply(size);
        String large = input.apply(size * 4);
        for (int i = 0; i < 3; i++) {
            CodeLexer.lex(small, CodeLexer.PYTHON);
            CodeLexer.lex(large, CodeLexer.PYTHON);
        }
        Work.Cost x1 = Work.best(3, () -> CodeLexer.lex(small, CodeLexer.PYTHON));
        Work.Cost x4 = Work.best(3, () -> CodeLexer.lex(large, CodeLexer.PYTHON));
        assertThat((double) x4.bytes() / Math.max(x1.bytes(), 1 << 16)).as("bytes: %d for x, %d for 4x", x1.bytes(), x4.bytes())
                .isLessThan(10.0);
        if (x4.cpuMillis() > 50) {
            assertThat((double) x4.cpuNanos() / x1.cpuNanos()).as("CPU: %d ns for x, %d ns for 4x", x1.cpuNanos(), x4.cpuNanos())
                    .isLessThan(10.0);
        }
    }

    @Test
    void aTemplateRightAfterANameIsThatNamesCallWithTheTemplate() {
        // Bun.$`rm -rf x`: the tag is called with the literal, as Bun.$("rm -rf x") would be
        assertThat(CodeLexer.lex("await Bun.$`rm -rf x`", CodeLexer.JAVASCRIPT)).containsSubsequence(
                new Tok(Kind.IDENT, "Bun.$", false), new Tok(Kind.OPEN, "(", false),
                new Tok(Kind.STRING, "rm -rf x", false), new Tok(Kind.CLOSE, ")", false));
        assertThat(CodeLexer.lex("$`ls ${d}`", CodeLexer.JAVASCRIPT)).containsSubsequence(
                new Tok(Kind.IDENT, "$", false), new Tok(Kind.OPEN, "(", false), new Tok(Kind.STRING, "ls ", true));
        // after a keyword or an operator a template is a plain value
        assertThat(CodeLexer.lex("return `x`", CodeLexer.JAVASCRIPT)).doesNotContain(new Tok(Kind.OPEN, "(", false));
        assertThat(CodeLexer.lex("a = `x`", CodeLexer.JAVASCRIPT)).doesNotContain(new Tok(Kind.OPEN, "(", false));
        // $ is part of a JavaScript name, not of a Python one
        assertThat(CodeLexer.lex("$x.y$", CodeLexer.JAVASCRIPT).get(0)).isEqualTo(new Tok(Kind.IDENT, "$x.y$", false));
    }
}
