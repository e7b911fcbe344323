package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A one-liner that forks ({@code forks} rows) and holds a loop no condition ends is a fork bomb; a loop that may
 * end, a bounded loop or a single fork is not.
 */
class EndlessCodeLoopTest {

    private static final RulesClassifier BUILTIN = RulesClassifier.of(RuleSet.builtin());

    private static boolean endless(String code, CodeLexer.Syntax s) {
        return EndlessCodeLoop.present(CodeLexer.lex(code, s));
    }

    @Test
    void constantConditionsAndEndlessFormsAreLoopsWithNoEnd() {
        assertThat(endless("while True:\n    x()", CodeLexer.PYTHON)).isTrue();
        assertThat(endless("while 1: x()", CodeLexer.PYTHON)).isTrue();
        assertThat(endless("fork while 1", CodeLexer.PERL)).isTrue();
        assertThat(endless("while(1){fork}", CodeLexer.PERL)).isTrue();
        assertThat(endless("until (0) { x }", CodeLexer.PERL)).isTrue();
        assertThat(endless("loop { fork }", CodeLexer.RUBY)).isTrue();
        assertThat(endless("loop do fork end", CodeLexer.RUBY)).isTrue();
        assertThat(endless("for(;;) f();", CodeLexer.PHP)).isTrue();
        assertThat(endless("while true do f() end", CodeLexer.LUA)).isTrue();
    }

    @Test
    void conditionsThatMayEndAreNot() {
        assertThat(endless("while n < 3: x()", CodeLexer.PYTHON)).isFalse();
        assertThat(endless("while 1 < n: x()", CodeLexer.PYTHON)).isFalse();
        assertThat(endless("while x: x()", CodeLexer.PYTHON)).isFalse();
        assertThat(endless("while 0: x()", CodeLexer.PYTHON)).isFalse();
        assertThat(endless("for i in range(3): x()", CodeLexer.PYTHON)).isFalse();
        assertThat(endless("for (i = 0; i < 3; i++) f();", CodeLexer.PHP)).isFalse();
        assertThat(endless("until (1) { x }", CodeLexer.PERL)).isFalse();
        assertThat(endless("loop = 3", CodeLexer.RUBY)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "perl -e 'fork while 1'",
        "perl -e 'while (1) { fork; }'",
        "perl -MPOSIX -e 'POSIX::fork() while 1'",
        "python3 -c 'import os\nwhile True: os.fork()'",
        "python -c 'from os import fork\nwhile 1:\n fork()'",
        "ruby -e 'loop { fork }'",
        "ruby -e 'until false do Process.fork end'",
        "php -r 'while (1) pcntl_fork();'",
        "node -e 'for(;;) require(\"child_process\").fork(\"x.js\")'",
    })
    void aForkInCodeWithALoopWithNoEndIsAForkBomb(String line) {
        assertThat(BUILTIN.classifyShell(line).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "perl -e 'my $p = fork; waitpid($p, 0)'",
        "perl -e 'for (1..3) { fork }'",
        "python3 -c 'import os\nfor i in range(4): os.fork()'",
        "python3 -c 'import os\nwhile n > 0: os.fork(); n -= 1'",
        "ruby -e 'loop { puts 1 }'",
        "python3 -c 'while True: print(1)'",
    })
    void aBoundedLoopASingleForkOrALoopWithoutAForkIsNot(String line) {
        assertThat(BUILTIN.classifyShell(line).commandClass()).isNotEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void onlyALanguageWithAForksRowIsChecked() {
        String perl = """
                [pl]
                is Read minimal "interpreter"
                opt -e =CODE stop
                code pl opt -e

                [@lang pl]
                syntax perl
                is Write high "runs pl code"
                """;
        RulesClassifier without = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + perl, "t.rules"));
        RulesClassifier with = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + perl + "forks fork\n", "t.rules"));
        assertThat(without.classifyArgv(List.of("pl", "-e", "fork while 1"), Map.of()).commandClass())
                .isEqualTo(CommandClass.WRITE);
        assertThat(with.classifyArgv(List.of("pl", "-e", "fork while 1"), Map.of()).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(with.classifyArgv(List.of("pl", "-e", "fork"), Map.of()).commandClass()).isEqualTo(CommandClass.WRITE);
    }
}
