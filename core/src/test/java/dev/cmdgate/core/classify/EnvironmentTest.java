package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.RuleSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How the environment is judged, over a small standalone rule set (not the built-in data): the
 * allow-list ({@code env-safe}), hooks with their own verdicts, code variables of every kind,
 * variables that are a program's arguments ({@code env-args}, {@code env-pairs}), and every way a
 * script sets a variable ({@code assigns}, {@code sets}, loops, expansions, arithmetic).
 */
class EnvironmentTest {

    static final String RULES = MechanismTest.SETTINGS.replace("verdict env-hook -> Write high \"env hook\"\n",
            "verdict env-hook -> Write high \"env hook\"\n"
            + "env-hooks CFG_* -> Write high \"moves the configuration\"\n"
            + "env-hooks CFG_CODE -> Network high \"exact row\"\n"
            + "env-hooks CFG_LONG_* -> Install high \"longer prefix\"\n"
            + "env-code sh RUNME\n"
            + "env-code pager PAGE\n"
            + "env-code program HELPER\n"
            + "env-code expand STARTUP\n"
            + "env-code commands OPENERS\n"
            + "env-code pipe PRE\n"
            + "env-args del DEL_OPTIONS\n"
            + "env-args del -o DEL_OUTPUTS\n"
            + "env-pairs tool -c KEY_ VAL_\n") + """
            [sh]
            is Read minimal "shell"
            opt -c
            opt -k
            sets keyword if -k
            code sh flag -c
            stdin-code -> Destructive dangerous "interactive"

            [del]
            is Write medium "deletes"
            opt -r -R --recursive
            opt -f --force
            opt -o --output =FILE
            when --recursive --force -> Destructive dangerous "rf"
            when operand=$dynamic -> Destructive dangerous "unknown target"
            writes opt --output -> Write low "output"

            [show]
            is Read minimal "shows"

            [:]
            is Read minimal "does nothing"
            parse none

            [tool]
            is Read minimal "tool"
            opt -c =KEY=VALUE -> Write high "configures the tool"
            code sh opt -c after run=

            [export]
            is Read minimal "exports"
            parse posix
            opt -f
            opt -n
            assigns operands exports if !-f

            [declare]
            is Read minimal "declares"
            parse posix
            opt -x
            opt -n
            assigns operands if !-n
            assigns operands exports if -x !-n
            assigns operands nameref if -n

            [read]
            is Read minimal "reads"
            opt -a =ARRAY
            opt -r
            assigns names
            assigns opt -a

            [pick]
            is Read minimal "picks"
            parse none
            assigns operand 2

            [set]
            is Read minimal "sets"
            parse posix
            opt -a
            opt -k
            sets allexport if -a
            sets keyword if -k

            [env]
            is Read minimal "env"
            runs operand assignments
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "environment test rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // the allow-list: safe, hook, anything else
        "OK=1 show => Read",
        "SAFE_A=1 SAFE_B=2 show => Read",
        "OTHER=1 show => Write",
        "HOOK=1 show => Write",
        "env OTHER=1 show => Write",
        "env OK=1 show => Read",
        // a plain assignment is a shell variable; it reaches programs once exported
        "OTHER=1; show => Read",
        "OTHER=1; export OTHER; show => Write",
        "export OTHER=1; show => Write",
        "export OK=1; show => Read",
        "export OTHER; show => Write",
        "export -f OTHER; show => Read",
        "export OTHER=1; OTHER=2; show => Write",
        "declare OTHER=1; show => Read",
        "declare -x OTHER=1; show => Write",
        // hooks are exported already: however they are assigned
        "HOOK=1; show => Write",
        "declare HOOK=1 => Write",
        "read HOOK => Write",
        "read -a HOOK => Write",
        "pick opts HOOK => Write",
        "pick opts name => Read",
        "read -r line => Read",
        "for HOOK in a b; do show; done => Write",
        "for x in a b; do show; done => Read",
        ": ${HOOK:=x} => Write",
        ": ${name:=x} => Read",
        "(( HOOK = 1 )) => Write",
        "(( HOOK == 1 )) => Read",
        "echo $(( HOOK += 2 )) => Write",
        "(( i++ )) => Read",
        // shell options that make more words assignments
        "set -a; OTHER=1; show => Write",
        "set -k; show OTHER=1 => Write",
        "set -k; show OK=1 => Read",
        "show OTHER=1 => Read",
        "sh -k -c 'show RUNME=\"del -rf x\"' => Destructive",
        // names only known at run time: the worst case
        "export $n => Destructive",
        "declare \"$n=1\" => Destructive",
        "read \"$n\" => Destructive",
        "env \"$n=\" show => Destructive",
        // namerefs
        "declare -n r=HOOK; r=1 => Write",
        "declare -n r=name; r=1 => Read",
        "declare -n r=RUNME; r='del -rf x' => Destructive",
        "declare -n r=$t; r=1 => Destructive",
        // code variables, however set
        "RUNME='del -rf x' show => Destructive",
        "RUNME='show' show => Read",
        "RUNME=$x show => Destructive",
        "export RUNME='del -rf x' => Destructive",
        "declare -x RUNME='del -rf x' => Destructive",
        "read RUNME => Destructive",
        "PAGE=show show => Read",
        "PAGE=sh show => Destructive",
        "HELPER=show show => Read",
        "HELPER=del show => Destructive",
        "HELPER=./helper show => Write",
        "STARTUP=./file show => Read",
        "STARTUP='$(del -rf x)' show => Destructive",
        "STARTUP='`del -rf x`' show => Destructive",
        "OPENERS='show:del -rf x' show => Destructive",
        "OPENERS='show:show' show => Read",
        "PRE='||-del -rf x %s' show => Destructive",
        "PRE='|show %s' show => Read",
        // a program's arguments
        "DEL_OPTIONS='-r -f' show => Destructive",
        "DEL_OPTIONS=-r show => Write",
        "DEL_OPTIONS=$x show => Destructive",
        "DEL_OUTPUTS='/etc/x' show => Destructive",
        "KEY_0=run VAL_0='del -rf x' show => Destructive",
        "VAL_0='del -rf x' KEY_0=run show => Destructive",
        "export KEY_0=run; export VAL_0='del -rf x' => Destructive",
        "KEY_0=other VAL_0='del -rf x' show => Write",
        "KEY_0=$k VAL_0='del -rf x' show => Destructive",
        "KEY_0=run VAL_0=$v show => Destructive",
        "VAL_0='del -rf x' show => Write",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void theApplicationsEnvironmentIsJudgedTheSameWay() {
        assertThat(argv(Map.of("OK", "1")).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(argv(Map.of("OTHER", "1")).commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(argv(Map.of("RUNME", "del -rf x")).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(argv(Map.of("DEL_OPTIONS", "-rf")).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Map<String, String> pair = new LinkedHashMap<>();
        pair.put("VAL_7", "del -rf x");
        pair.put("KEY_7", "run");
        assertThat(argv(pair).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // a variable the application sets is exported: a later plain assignment in the script reaches programs
        assertThat(R.classifyArgv(List.of("sh", "-c", "OTHER=2; show"), Map.of("OK", "1")).commandClass())
                .isEqualTo(CommandClass.READ);
        assertThat(R.classifyArgv(List.of("sh", "-c", "RUNME='del -rf x'; show"), Map.of()).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    private static Classification argv(Map<String, String> env) {
        return R.classifyArgv(List.of("show"), env);
    }

    @Test
    void aHookRowMayGiveItsOwnVerdictAndTheMostSpecificRowWins() {
        Classification prefix = R.classifyShell("CFG_X=1 show");
        assertThat(prefix.level()).isEqualTo(RiskLevel.HIGH);
        assertThat(prefix.findings()).anySatisfy(f -> assertThat(f.reason()).isEqualTo("moves the configuration: CFG_X is set for the command"));
        assertThat(R.classifyShell("CFG_CODE=1 show").commandClass()).isEqualTo(CommandClass.NETWORK);
        assertThat(R.classifyShell("CFG_LONG_X=1 show").commandClass()).isEqualTo(CommandClass.INSTALL);
        assertThat(R.classifyShell("HOOK=1 show").findings()).anySatisfy(f -> assertThat(f.reason()).isEqualTo("env hook: HOOK is set for the command"));
        RuleSet r = R.rules();
        assertThat(r.envHook("CFG_LONG_Y").reason()).isEqualTo("longer prefix");
        assertThat(r.envHook("LD_X").reason()).isEqualTo("env hook");
        assertThat(r.envHook("OTHER")).isNull();
    }

    @Test
    void theUnknownVariableIsNamedInTheFinding() {
        Classification c = R.classifyShell("OTHER=1 show");
        assertThat(c.level()).isEqualTo(RiskLevel.MEDIUM);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).isEqualTo("env unknown: OTHER is set for the command"));
    }

    @Test
    void assignmentsMadeByBuiltinsAreRecordedForPolicies() {
        CommandInvocation export = invocation("export A=1 B", "export");
        assertThat(export.assignments()).containsEntry("A", "1").containsKey("B");
        CommandInvocation read = invocation("read -r x y", "read");
        assertThat(read.assignments()).containsOnlyKeys("x", "y");
        CommandInvocation set = invocation("set -k; show K=v", "show");
        assertThat(set.assignments()).containsEntry("K", "v");
    }

    private static CommandInvocation invocation(String line, String program) {
        return R.classifyShell(line).commands().stream().filter(c -> program.equals(c.program())).findFirst().orElseThrow();
    }

    @Test
    void theJudgedCommandsOfArgumentVariablesAreNotCommandsTheLaunchRuns() {
        // DEL_OPTIONS is judged as `del -r -f`, but nothing runs del
        assertThat(R.classifyShell("DEL_OPTIONS='-r -f' show").commands()).extracting(CommandInvocation::program)
                .doesNotContain("del");
        // a code variable's code does run (when the program pages, edits …): it is recorded
        assertThat(R.classifyShell("RUNME='del x' show").commands()).extracting(CommandInvocation::program)
                .contains("del");
    }

    @Test
    void badRowsAreRefusedWithTheirLine() {
        String base = MechanismTest.RULES;
        assertThatThrownBy(() -> RuleSet.parse(base.replace("env-hooks HOOK LD_*", "env-hooks HOOK LD_*\nenv-code perl X"), "t"))
                .hasMessageContaining("expected: env-code");
        assertThatThrownBy(() -> RuleSet.parse(base.replace("env-hooks HOOK LD_*", "env-hooks HOOK LD_*\nenv-args nosuch X"), "t"))
                .hasMessageContaining("[nosuch], which has no section");
        assertThatThrownBy(() -> RuleSet.parse(base.replace("env-hooks HOOK LD_*", "env-hooks HOOK LD_*\nenv-args del -z X"), "t"))
                .hasMessageContaining("does not declare");
        assertThatThrownBy(() -> RuleSet.parse(base.replace("env-hooks HOOK LD_*", "env-hooks HOOK LD_*\nenv-pairs del -o K_"), "t"))
                .hasMessageContaining("expected: env-pairs");
        assertThatThrownBy(() -> RuleSet.parse(base + "[a]\nassigns everything\n", "t")).hasMessageContaining("unknown assigns form");
        assertThatThrownBy(() -> RuleSet.parse(base + "[a]\nassigns opt -z\n", "t")).hasMessageContaining("not declared");
        assertThatThrownBy(() -> RuleSet.parse(base + "[a]\nsets errexit\n", "t")).hasMessageContaining("expected: sets");
        assertThatThrownBy(() -> RuleSet.parse(base + "[a]\nopt -x\nassigns operands exports when -x\n", "t"))
                .hasMessageContaining("unexpected 'when'");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.RULES.replace("verdict env-unknown -> Write medium \"env unknown\"\n", ""), "t"))
                .hasMessageContaining("lacks 'verdict env-unknown'");
    }
}
