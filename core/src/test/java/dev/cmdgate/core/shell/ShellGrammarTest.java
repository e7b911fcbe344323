package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Table-driven grammar tests: input → the tree rendered by {@link AstDump}. */
class ShellGrammarTest {

    static Stream<Arguments> trees() {
        return Stream.of(
                arguments("echo a; echo b",
                        "(script (stmt (cmd \"echo\" \"a\")) (stmt (cmd \"echo\" \"b\")))"),
                arguments("a\nb",
                        "(script (stmt (cmd \"a\")) (stmt (cmd \"b\")))"),
                arguments("a & b",
                        "(script (stmt (cmd \"a\") &) (stmt (cmd \"b\")))"),
                arguments("! a | b",
                        "(script (stmt (pipe ! (cmd \"a\") | (cmd \"b\"))))"),
                arguments("a |& b",
                        "(script (stmt (pipe (cmd \"a\") |& (cmd \"b\"))))"),
                arguments("a &&\nb",
                        "(script (stmt (cmd \"a\") && (cmd \"b\")))"),
                arguments("a ||\nb",
                        "(script (stmt (cmd \"a\") || (cmd \"b\")))"),
                arguments("a |\nb",
                        "(script (stmt (pipe (cmd \"a\") | (cmd \"b\"))))"),
                arguments("a && b || c; d & e | f |& g",
                        "(script (stmt (cmd \"a\") && (cmd \"b\") || (cmd \"c\")) (stmt (cmd \"d\") &) (stmt (pipe (cmd \"e\") | (cmd \"f\") |& (cmd \"g\"))))"),
                arguments("(a; b) > f",
                        "(script (stmt (subshell (script (stmt (cmd \"a\")) (stmt (cmd \"b\"))) (redir > \"f\"))))"),
                arguments("{ a; b; } 2>/dev/null",
                        "(script (stmt (group (script (stmt (cmd \"a\")) (stmt (cmd \"b\"))) (redir 2> \"/dev/null\"))))"),
                arguments("if a; then b; fi",
                        "(script (stmt (if (script (stmt (cmd \"a\"))) (script (stmt (cmd \"b\"))))))"),
                arguments("if a; then b; elif c; then d; else e; fi",
                        "(script (stmt (if (script (stmt (cmd \"a\"))) (script (stmt (cmd \"b\"))) (script (stmt (cmd \"c\"))) (script (stmt (cmd \"d\"))) else (script (stmt (cmd \"e\"))))))"),
                arguments("while a; do b; done",
                        "(script (stmt (while (script (stmt (cmd \"a\"))) (script (stmt (cmd \"b\"))))))"),
                arguments("until a; do b; done",
                        "(script (stmt (until (script (stmt (cmd \"a\"))) (script (stmt (cmd \"b\"))))))"),
                arguments("for x; do a; done",
                        "(script (stmt (for x (script (stmt (cmd \"a\"))))))"),
                arguments("for x do a; done",
                        "(script (stmt (for x (script (stmt (cmd \"a\"))))))"),
                arguments("for x in a b\ndo c\ndone",
                        "(script (stmt (for x (in \"a\" \"b\") (script (stmt (cmd \"c\"))))))"),
                arguments("for x in a b; do echo $x; done; for ((i=0;i<3;i++)); do :; done",
                        "(script (stmt (for x (in \"a\" \"b\") (script (stmt (cmd \"echo\" (w (param x))))))) (stmt (arithfor \"i=0\" \"i<3\" \"i++\" (script (stmt (cmd \":\"))))))"),
                arguments("select x in a b; do c; done",
                        "(script (stmt (select x (in \"a\" \"b\") (script (stmt (cmd \"c\"))))))"),
                arguments("for ((;;)); do a; done",
                        "(script (stmt (arithfor (w) (w) (w) (script (stmt (cmd \"a\"))))))"),
                arguments("for x in a; { b; }",
                        "(script (stmt (for x (in \"a\") (script (stmt (cmd \"b\"))))))"),
                arguments("case a in (x) b;; y|z) ;; esac",
                        "(script (stmt (case \"a\" (item \"x\" (script (stmt (cmd \"b\"))) \";;\") (item \"y\" \"z\" (script) \";;\"))))"),
                arguments("case a in x) b;;& y) c;; esac",
                        "(script (stmt (case \"a\" (item \"x\" (script (stmt (cmd \"b\"))) \";;&\") (item \"y\" (script (stmt (cmd \"c\"))) \";;\"))))"),
                arguments("case $x in a|b) echo 1;; *) echo 2;& esac",
                        "(script (stmt (case (w (param x)) (item \"a\" \"b\" (script (stmt (cmd \"echo\" \"1\"))) \";;\") (item \"*\" (script (stmt (cmd \"echo\" \"2\"))) \";&\"))))"),
                arguments("f() { a; }",
                        "(script (stmt (function f (group (script (stmt (cmd \"a\")))))))"),
                arguments("f () ( a )",
                        "(script (stmt (function f (subshell (script (stmt (cmd \"a\")))))))"),
                arguments("function f() { a; }",
                        "(script (stmt (function f (group (script (stmt (cmd \"a\")))))))"),
                arguments("function f { a; } > log",
                        "(script (stmt (function f (group (script (stmt (cmd \"a\"))) (redir > \"log\")))))"),
                arguments("coproc cat",
                        "(script (stmt (coproc null (cmd \"cat\"))))"),
                arguments("coproc { a; }",
                        "(script (stmt (coproc null (group (script (stmt (cmd \"a\")))))))"),
                arguments("coproc foo { cat; }",
                        "(script (stmt (coproc foo (group (script (stmt (cmd \"cat\")))))))"),
                arguments("time a | b",
                        "(script (stmt (pipe time (cmd \"a\") | (cmd \"b\"))))"),
                arguments("time -p ! ls",
                        "(script (stmt (pipe ! time (cmd \"ls\"))))"),
                arguments("time",
                        "(script (stmt (pipe time (cmd))))"),
                arguments("x=1",
                        "(script (stmt (cmd (assign x = \"1\"))))"),
                arguments("x+=1 y[2]=3 cmd",
                        "(script (stmt (cmd (assign x += \"1\") (assign y [\"2\"] = \"3\") \"cmd\")))"),
                arguments("a=(1 \"2 3\" $(id))",
                        "(script (stmt (cmd (assign a = (array \"1\" (w (dq \"2 3\")) (w (cs (script (stmt (cmd \"id\"))))))))))"),
                arguments("X=1 Y=(a b) cmd >f 2>&1 <in 3<>x &>>y",
                        "(script (stmt (cmd (assign X = \"1\") (assign Y = (array \"a\" \"b\")) \"cmd\" (redir > \"f\") (redir 2>& \"1\") (redir < \"in\") (redir 3<> \"x\") (redir &>> \"y\"))))"),
                arguments("echo a=b",
                        "(script (stmt (cmd \"echo\" \"a=b\")))"),
                arguments("export X=$(id)",
                        "(script (stmt (cmd \"export\" (w \"X=\" (cs (script (stmt (cmd \"id\"))))))))"),
                arguments("declare -a arr=(1 $(id) 3)",
                        "(script (stmt (cmd \"declare\" \"-a\" (w \"arr=\" \"(\" \"1\" \" \" (cs (script (stmt (cmd \"id\")))) \" \" \"3\" \")\"))))"),
                arguments("2>&1 >f cmd",
                        "(script (stmt (cmd \"cmd\" (redir 2>& \"1\") (redir > \"f\"))))"),
                arguments("cmd {fd}>f 3<&0 4>&- >| g <> h <<< \"$(id)\"",
                        "(script (stmt (cmd \"cmd\" (redir {fd}> \"f\") (redir 3<& \"0\") (redir 4>& \"-\") (redir >| \"g\") (redir <> \"h\") (redir <<< (w (dq (cs (script (stmt (cmd \"id\"))))))))))"),
                arguments("echo >&2 >& file",
                        "(script (stmt (cmd \"echo\" (redir >& \"2\") (redir >& \"file\"))))"),
                arguments("echo \"$@\" $* $# $? $$ $! $0 $1 $10",
                        "(script (stmt (cmd \"echo\" (w (dq (param @))) (w (param *)) (w (param #)) (w (param ?)) (w (param $)) (w (param !)) (w (param 0)) (w (param 1)) (w (param 1) \"0\"))))"),
                arguments("echo ${#x} ${!x} ${x[1]} ${x[$(a)]} ${x/a/b} ${x//a/$(b)} ${x:1:2} ${x%%.*} ${x^^} ${!pre*} ${x@Q}",
                        "(script (stmt (cmd \"echo\" (w (param x #)) (w (param x !)) (w (param x [\"1\"])) (w (param x [(w (cs (script (stmt (cmd \"a\")))))])) (w (param x \"/\" \"a\" \"b\")) (w (param x \"//\" \"a\" (w (cs (script (stmt (cmd \"b\"))))))) (w (param x \":\" \"1\" \"2\")) (w (param x \"%%\" \".*\")) (w (param x \"^^\" (w))) (w (param pre ! \"*\" (w))) (w (param x \"@\" \"Q\")))))"),
                arguments("echo $'a\\nb' $\"t\"",
                        "(script (stmt (cmd \"echo\" (w (ansi \"a\\nb\")) (w (ldq \"t\")))))"),
                arguments("echo $[1+2]",
                        "(script (stmt (cmd \"echo\" (w (ae \"1+2\")))))"),
                arguments("((i++))",
                        "(script (stmt (arith \"i++\")))"),
                arguments("(( x = $(id) ))",
                        "(script (stmt (arith (w \" x = \" (cs (script (stmt (cmd \"id\")))) \" \"))))"),
                arguments("echo $(( a[$(rm -rf ~)] + 1 ))",
                        "(script (stmt (cmd \"echo\" (w (ae (w \" a[\" (cs (script (stmt (cmd \"rm\" \"-rf\" (w (tilde \"\")))))) \"] + 1 \"))))))"),
                arguments("[[ a < b ]]",
                        "(script (stmt (test \"a\" \"<\" \"b\")))"),
                arguments("[[ ! -z $x || ( a == b* ) ]]",
                        "(script (stmt (test \"!\" \"-z\" (w (param x)) \"||\" \"(\" \"a\" \"==\" \"b*\" \")\")))"),
                arguments("[[ -f $x && $y =~ ^(a|b)$ ]]",
                        "(script (stmt (test \"-f\" (w (param x)) \"&&\" (w (param y)) \"=~\" (w \"^(a|b)\" \"$\"))))"),
                arguments("echo a#b #c",
                        "(script (stmt (cmd \"echo\" \"a#b\")))"),
                arguments("echo a \\# b",
                        "(script (stmt (cmd \"echo\" \"a\" (w (esc \"#\")) \"b\")))"),
                arguments("echo }",
                        "(script (stmt (cmd \"echo\" \"}\")))"),
                arguments("{ echo }; }",
                        "(script (stmt (group (script (stmt (cmd \"echo\" \"}\"))))))"),
                arguments("echo if then fi",
                        "(script (stmt (cmd \"echo\" \"if\" \"then\" \"fi\")))"),
                arguments("cat <(a) >(b) x<(c)",
                        "(script (stmt (cmd \"cat\" (w (ps< (script (stmt (cmd \"a\"))))) (w (ps> (script (stmt (cmd \"b\"))))) (w \"x\" (ps< (script (stmt (cmd \"c\"))))))))"),
                arguments("echo \"a `id` b\" `echo \\`uname\\``",
                        "(script (stmt (cmd \"echo\" (w (dq \"a \" (bq (script (stmt (cmd \"id\")))) \" b\")) (w (bq (script (stmt (cmd \"echo\" (w (bq (script (stmt (cmd \"uname\")))))))))))))"),
                arguments("echo *.txt a?b [ab] [x ~/x ~root ~\"x\"",
                        "(script (stmt (cmd \"echo\" (w (glob *) \".txt\") (w \"a\" (glob ?) \"b\") (w (glob [) \"ab]\") \"[x\" (w (tilde \"\") \"/x\") (w (tilde \"root\")) (w \"~\" (dq \"x\")))))"),
                arguments("a=~/x:~/y b",
                        "(script (stmt (cmd (assign a = (w (tilde \"\") \"/x:\" (tilde \"\") \"/y\")) \"b\")))"),
                arguments("echo ${x:-~/a} ~+/x",
                        "(script (stmt (cmd \"echo\" (w (param x \":-\" (w (tilde \"\") \"/a\"))) (w (tilde \"+\") \"/x\"))))"),
                arguments("'r'm -rf ~",
                        "(script (stmt (cmd (w (sq \"r\") \"m\") \"-rf\" (w (tilde \"\")))))"),
                arguments("echo ${x:-$(rm -rf ~)}",
                        "(script (stmt (cmd \"echo\" (w (param x \":-\" (w (cs (script (stmt (cmd \"rm\" \"-rf\" (w (tilde \"\"))))))))))))"),
                arguments("cat <<EOF\nhi $(id)\nEOF\necho done",
                        "(script (stmt (cmd \"cat\" (redir << \"EOF\" (w (dq \"hi \" (cs (script (stmt (cmd \"id\")))) \"\\n\"))))) (stmt (cmd \"echo\" \"done\")))"),
                arguments("cat <<'EOF'\nhi $(id)\nEOF",
                        "(script (stmt (cmd \"cat\" (redir << (w (sq \"EOF\")) quoted (w (sq \"hi $(id)\\n\"))))))"),
                arguments("cat <<-EOF\n\t$(id)\n\tEOF",
                        "(script (stmt (cmd \"cat\" (redir <<- \"EOF\" (w (dq (cs (script (stmt (cmd \"id\")))) \"\\n\"))))))")
        );
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("trees")
    void parsesToExpectedTree(String input, String expected) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.errors()).as("errors for %s", input).isEmpty();
        assertThat(AstDump.dump(r.script())).isEqualTo(expected);
    }

    /** Syntax errors: bash rejects them too (see WordExpansionBashDifferentialTest). */
    static final String[] SYNTAX_ERRORS = {
        "echo 'abc", "echo \"abc", "echo $(", "echo $(a", "echo `a", "echo ${x", "echo ${x:-a", "echo $'a",
        "(a", "a)", "{ a; ", "{ a }", "if a; then b", "if a; b; fi", "while a; do b", "for x in a; do b",
        "case a in x) b", "case a in x b;; esac", "f() a", "a &&", "a ||", "a |", "| a", "; a", "a;;", "&",
        "a && && b", "echo (a)", "[[ a", "(( 1 +", "echo $(( 1 + (2 )", "a=(1 2", "function", "cat <", "echo >",
        "echo ${}", "fi", "done", "esac", "then", "}", ")", "for ((i=0; i<3)); do :; done", "coproc",
        "echo \"$(echo \"a)\"", "echo \\$(rm -rf ~)",
    };

    /** Valid inputs that once tripped parsers: bash accepts them too (see WordExpansionBashDifferentialTest). */
    static final String[] VALID = {
        "", " ", "\n\n", "# only a comment", "a # comment ; not a command", "a;", "a &", "a\n", "a;\n b",
        "echo a\\\nb", "ec\\\nho x", "echo \"a\\\nb\"", "i\\\nf true; then :; fi", "a &\\\n& b",
        "echo $((1 + (2 * 3)))", "echo $(( (1) ))", "echo $( (a) )", "echo $((a) | b)", "((a) | b)",
        "echo ${x:-${y:-${z}}}", "echo \"${x:-\"a b\"}\"", "echo ${x:-{a}}", "echo ${a[\"k\"]}",
        "case x in esac", "case x in *) ;; esac", "case x in (a|b) c ;; (d) e ; esac",
        "case $(a) in $(b)) c;; esac", "if :; then :; fi > f 2>&1", "while read l; do :; done < f",
        "f() { :; }; f", "function f () { :; }", "! ! true", "time -p true", "a=1; b=2 c=3",
        "echo {a,b} {1..3} {", "echo } { }", "[[ $a == \"b\" ]] && [[ -n $c ]]", "[[ $x =~ ^a(b|c)d$ ]]",
        "[[\na\n]]", "echo \"`echo \\\"a\\\"`\"", "echo `echo \\`echo a\\``", "x=`a`", "echo $\"a\"",
        "echo '$(rm)'", "exec 3>&-", "exec {fd}<f", "cat <&3", "echo $- $_",
        "a=$(cat <<EOF\nx\nEOF\n)", "cat <<A <<B\na\nA\nb\nB\n", "cat <<EOF | grep x\nbody\nEOF\n",
        "cat <<EOF\nunterminated", "select x; do :; done", "for i in 1 2 3 # c\ndo :; done",
        "echo é ü 中文 \uD83D\uDE00", "echo a\0b", "true && { false || :; }", "declare -A m=([a]=1 [b]=2)",
        "local x=1 y", "typeset -r z", "coproc NAME { cat; } ; echo", "echo $((16#ff)) $((2**10))",
        "let 'a = 1 + 2'", "echo ${x:+\"$x\"}", "echo ${x#*/} ${x##*/} ${x%/*}", "echo ${@:2} ${*:1:2}",
        "trap 'rm -f $tmp' EXIT", "eval \"$cmd\"", "sh -c 'rm -rf ~'",
    };

    static String[] syntaxErrors() {
        return SYNTAX_ERRORS;
    }

    static String[] valid() {
        return VALID;
    }

    /** Syntax errors come back as errors (with an offset inside the input), never as exceptions. */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("syntaxErrors")
    void reportsSyntaxErrors(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.ok()).as("should fail: %s", input).isFalse();
        assertThat(r.errors()).allSatisfy(e -> {
            assertThat(e.message()).isNotBlank();
            assertThat(e.offset()).isBetween(0, input.length());
        });
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("valid")
    void acceptsValidInput(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.errors()).as("errors for %s", input).isEmpty();
    }
}
