package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Interpreter one-liners are read with the [@lang] tables: literal commands are judged as commands,
 * commands built at run time are unverifiable code, network names raise to Network, and code that
 * does none of this is Write (it is code), never Read. Nothing is executed. One-liners judged only by
 * their class are cases in {@code adversarial/one-liners.jsonl}; what is here checks more than the class.
 */
class OneLinerTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static Classification argv(String... words) {
        return C.classifyArgv(List.of(words), Map.of());
    }

    @Test
    void aProcessCallTakenUnderAnotherNameIsUnverifiable() {
        // assigned, imported under another name, destructured, passed on: the later call is not followed
        for (List<String> line : List.of(
                List.of("python3", "-c", "import os; f=os.system; f('id')"),
                List.of("python3", "-c", "from subprocess import check_output as co; co(['id'])"),
                List.of("python3", "-c", "import os; list(map(os.system, ['id']))"),
                List.of("lua", "-e", "local run = io.popen; run('id')"),
                List.of("node", "-e", "const {execSync: x} = require('child_process'); x('id')"),
                List.of("ruby", "-e", "f = method(:system); s = Kernel.spawn; f.call('id')"))) {
            assertThat(C.classifyArgv(line, Map.of()).commandClass()).as("%s", line).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        // imported under its own name and called: the call is read as usual
        assertThat(argv("python3", "-c", "from subprocess import run; run(['ls'])").commandClass())
                .isEqualTo(CommandClass.WRITE);
        assertThat(argv("node", "-e", "const {execSync} = require('child_process'); execSync('ls')").commandClass())
                .isEqualTo(CommandClass.WRITE);
        assertThat(argv("python3", "-c", "import os; r = os.system('ls')").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void theCommandACallRunsIsNamedInTheFindings() {
        Classification c = argv("python3", "-c", "import os; os.system('rm -rf ~')");
        assertThat(c.findings()).anySatisfy(f -> {
            assertThat(f.command()).isEqualTo("rm -rf ~");
            assertThat(f.location()).contains("os.system(…)");
            assertThat(f.rule()).startsWith("builtin.rules:");
        });
    }

    @Test
    void hereDocumentsInALanguageAreReadToo() {
        assertThat(C.classifyShell("python3 - <<'EOF'\nimport os\nos.system('rm -rf ~')\nEOF").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(C.classifyShell("python3 - <<'EOF'\nprint(1)\nEOF").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(C.classifyShell("python3 <<< 'import os; os.system(\"rm -rf ~\")'").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // a here-document with expansions is only known at run time
        assertThat(C.classifyShell("python3 - <<EOF\nimport os; os.system('$CMD')\nEOF").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // the shell the code starts reads nothing: the here-document was the input
        assertThat(C.classifyShell("python3 - <<'EOF'\nimport os; os.system('sh')\nEOF").commandClass())
                .isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aShellStartedByTheCodeReadsTheInterpretersInput() {
        assertThat(argv("python3", "-c", "import os; os.system('sh')").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("python3", "-c", "import os; os.system('sh -c ls')").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void manyCallsAndDeepEvalFailClosed() {
        String many = "import os\n" + "os.system('ls')\n".repeat(OneLiner.MAX_CALLS + 1);
        assertThat(argv("python3", "-c", many).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        String deep = "print(1)";
        for (int i = 0; i <= OneLiner.MAX_EVAL_DEPTH + 1; i++) {
            deep = "exec(" + pyQuote(deep) + ")";
        }
        assertThat(argv("python3", "-c", deep).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    private static String pyQuote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    @Test
    void anIntegerLiteralIsAWordOfTheCommandACallAmountsTo() {
        // the built-in kill row judges pid -1 (every process) and -9 1 (init); the literal reaches it signed
        assertThat(argv("python3", "-c", "import os; os.kill(-1, 15)").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("python3", "-c", "import os; os.kill( 1 , 9)").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("node", "-e", "process.kill(-1, 'SIGTERM')").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // a parenthesis-less call may start with a number or a negative one (perl: kill SIGNAL, PIDS)
        assertThat(argv("perl", "-e", "kill 15, -1;").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("perl", "-e", "kill -9, 1").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // another process id, a computed one, an expression or a float: an ordinary signal
        assertThat(argv("python3", "-c", "import os; os.kill(4242, 9)").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("python3", "-c", "import os; os.kill(pid, 0)").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("python3", "-c", "import os; os.kill(1 + 1, 9)").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("ruby", "-e", "Process.kill(:TERM, Process.pid)").commandClass()).isEqualTo(CommandClass.WRITE);
        // a user row: the number is the argv word, also in a list
        RuleSet r = RuleSet.withUserText("""
                [@lang python]
                call as "rm -rf --" mytool.wipe
                """, "team.rules");
        CommandClassifier u = RulesClassifier.of(r);
        assertThat(u.classifyArgv(List.of("python3", "-c", "import mytool; mytool.wipe(7)"), Map.of()).findings())
                .anySatisfy(f -> assertThat(f.command()).isEqualTo("rm -rf -- 7"));
        assertThat(argv("perl", "-e", "system('kill', '-9', -1)").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // a number is no shell line: a call that runs one fails closed as before
        assertThat(argv("perl", "-e", "system 1").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void languageTablesAreDataAUserFileCanExtend() {
        RuleSet r = RuleSet.withUserText("""
                [@lang python]
                call sh mytool.run_shell
                """, "team.rules");
        CommandClassifier u = RulesClassifier.of(r);
        assertThat(u.classifyArgv(List.of("python3", "-c", "import mytool; mytool.run_shell('rm -rf ~')"), Map.of())
                .commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("python3", "-c", "import mytool; mytool.run_shell('rm -rf ~')").commandClass())
                .isEqualTo(CommandClass.WRITE);
        // the user's rows go on top of the built-in language, which is read before them
        assertThat(u.classifyArgv(List.of("python3", "-c", "import os; os.system('rm -rf ~')"), Map.of()).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aCallbackNamedByAStringIsLookedUpButOneWrittenInPlaceIsRead() {
        assertThat(argv("php", "-r", "array_map('system', ['sh']);").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "array_filter($a, 'shell_exec');").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "array_map($f, $a);").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "print_r(array_map('trim', $a));").commandClass()).isEqualTo(CommandClass.WRITE);
        // a closure's body is code like the rest: harmless here, read when it is not
        assertThat(argv("php", "-r", "print_r(array_map(fn($x) => $x + 1, [1]));").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("php", "-r", "array_map(function($c) { system('rm -rf ~/w'); }, [1]);").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void anArrayCallableOfAMethodIsNoLookUp() {
        assertThat(argv("php", "-r", "usort($a, [$cmp, 'compare']); print_r($a);").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("php", "-r", "print_r(array_map([new A, 'f'], [1]));").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("php", "-r", "print_r(array_map(['A', 'f'], [1]));").commandClass()).isEqualTo(CommandClass.WRITE);
        // a method named at run time, or one that calls what its object names, is still a look-up
        assertThat(argv("php", "-r", "array_map([$o, $m], $a);").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "array_map([new ReflectionFunction('system'), 'invoke'], ['id']);").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void phpFunctionNamesMatchInAnyCase() {
        assertThat(argv("php", "-r", "array_map('SyStEm', ['sh']);").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "SYSTEM('rm -rf ~/w');").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "call_user_func('\\Passthru', 'sh');").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "\\shell_exec('rm -rf ~/w');").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("php", "-r", "echo STRTOUPPER('a');").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aTaggedTemplateRunsItsShellLine() {
        assertThat(argv("bun", "-e", "await Bun.$`rm -rf ~/w`").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("node", "-e", "import {$} from 'zx'; await $`sh`").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("bun", "-e", "await Bun.$`rm -rf ${process.argv[2]}`").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv("bun", "-e", "await Bun.$`ls -la`").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv("node", "-e", "console.log(String.raw`a\\b`)").commandClass()).isEqualTo(CommandClass.WRITE);
    }
}
