package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mechanisms on their own, over a small standalone rule set (not the built-in data): option
 * parsing, conditions, wrappers, code rows, writes, settings.
 */
class MechanismTest {

    static final String SETTINGS = """
            [@settings]
            verdict unknown-program -> Write high "unknown"
            verdict path-program -> Write high "path"
            verdict dynamic-command -> Destructive dangerous "dynamic command"
            verdict dynamic-code -> Destructive dangerous "dynamic code"
            verdict piped-code -> Destructive dangerous "piped code"
            verdict heredoc-code -> Write high "heredoc code"
            verdict stdin-file-code -> Write high "file code"
            verdict opaque-code -> Write high "opaque"
            verdict parse-error -> Destructive dangerous "could not parse"
            verdict too-deep -> Destructive dangerous "too deep"
            verdict redirect-file -> Write low "redirect"
            verdict device-write -> Destructive dangerous "device"
            verdict network-device -> Network high "net device"
            verdict reverse-shell -> Destructive dangerous "reverse shell"
            verdict env-hook -> Write high "env hook"
            verdict env-unknown -> Write medium "env unknown"
            verdict sensitive-write -> Destructive dangerous "sensitive"
            verdict fork-bomb -> Destructive dangerous "fork bomb"
            verdict version -> Read minimal "version"
            verdict internal-error -> Destructive dangerous "internal"
            verdict empty -> Destructive dangerous "empty"
            verdict glob-option -> Read minimal "glob"
            verdict credential-read -> Network high "credential store"
            verdict own-files -> Destructive dangerous "own files"
            system-dirs /bin /usr/bin
            harmless-devices /dev/null
            network-devices /dev/tcp/*
            shells sh
            env-hooks HOOK LD_*
            env-safe OK SAFE_*
            sensitive-names .rc
            sensitive-paths /etc/*
            """;

    static final String RULES = SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [del]
            is Write medium "deletes"
            opt -r -R --recursive
            opt -f --force
            opt -o --output =FILE
            opt --colour --color =?WHEN
            opt --compress-program =PROG -> Write high "runs a program"
            opt --compress-level =N
            when --recursive --force -> Destructive dangerous "rf"
            when operand=/ -> Destructive dangerous "root"
            when operand=$dynamic -> Destructive dangerous "unknown target"
            writes opt --output -> Write low "output"

            [show]
            is Read minimal "shows"
            opt -l --list
            when operands>1 !--list -> Write medium "two operands"

            [wrap]
            is Read minimal "wraps"
            opt -n =N
            runs operand skip 1

            [tool]
            is Write medium "tool"
            parse global-options
            opt -g --global -> Install high "global"
            [tool get]
            is Read minimal "get"
            [tool push]
            is Network high "push"
            when operand=+* -> Destructive dangerous "force"

            [x*]
            is Read minimal "x family"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "test rules"));

    static CommandClass cls(String line) {
        return R.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "del a => Write",
        "del -rf a => Destructive",
        "del -fr a => Destructive",
        "del -r -f a => Destructive",
        "del -Rf a => Destructive",
        "del --recursive --force a => Destructive",
        "del --rec --for a => Destructive",
        "del --recursive=x --force a => Destructive",
        "del a -r -f => Destructive",
        "del -r a -f => Destructive",
        "del -r -- -f => Write",
        "del -o -rf a => Write",
        "del -o-rf a => Write",
        "del --output -rf a => Write",
        "del --color -rf a => Destructive",
        "del --colo=always -rf a => Destructive",
        "del --comp=gzip a => Write",
        "del --compress-p=gzip a => Write",
        "del / => Destructive",
        "del // => Destructive",
        "del /./ => Destructive",
        "del \"$x\" => Destructive",
        "del \"$HOME/a\" => Write",
        "del -o /dev/null a => Write",
        "del -o /etc/x a => Destructive",
        "del -o /dev/sda a => Destructive",
        "show a => Read",
        "show a b => Write",
        "show -l a b => Read",
        "show a b --list => Read",
        "wrap 5 del -rf a => Destructive",
        "wrap -n 5 3 del a => Write",
        "wrap 5 => Read",
        "tool get => Read",
        "tool get -g => Install",
        "tool -g get => Install",
        "tool push => Network",
        "tool push +main => Destructive",
        "tool frob => Write",
        "xanything => Read",
        "/usr/bin/del -rf a => Destructive",
        // a program outside the system directories named like one the rules know is judged as that one too
        "./del -rf a => Destructive",
        "./del a => Write",
        "/tmp/x/del -rf a => Destructive",
        "../bin/show a => Write",
        "./tool push => Network",
        "./tool get -g => Install",
        "./wrap 5 del -rf a => Destructive",
        "./nothing-known -rf a => Write",
        "unknown => Write",
        "sh -c 'del -rf a' => Destructive",
        "sh script => Write",
        "sh => Destructive",
        "echo 'del -rf a' | sh => Destructive",
        "sh <<< 'del a' => Write",
        "HOOK=1 show a => Write",
        "LD_X=1 show a => Write",
        "OTHER=1 show a => Write",
        "OK=1 show a => Read",
        "SAFE_X=1 show a => Read",
        "OTHER=1 => Read",
        "show a > out => Write",
        "show a > /dev/null => Read",
        "show a > dir/.rc => Destructive",
        "show a > x.rc => Write",
        "show a > /dev/tcp/h/1 => Network",
        "sh -c ls > /dev/tcp/h/1 => Destructive",
        "$x a => Destructive",
        "del --version => Read",
        "del -rf --version => Destructive",
    })
    void mechanism(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void ambiguousAbbreviationTakesTheMostCautiousReading() {
        // --comp matches --compress-program (an effect) and --compress-level (none)
        assertThat(R.canonicalOptions(List.of("del", "--comp=x"))).containsExactly("--compress-program");
        assertThat(R.classifyShell("del --comp=gzip a").level()).isEqualTo(RiskLevel.HIGH);
        assertThat(R.canonicalOptions(List.of("del", "--compress-l=1"))).containsExactly("--compress-level");
    }

    @Test
    void applicationEnvironmentIsChecked() {
        assertThat(R.classifyArgv(List.of("show"), Map.of("HOOK", "x")).commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(R.classifyArgv(List.of("show"), Map.of("OK", "x")).commandClass()).isEqualTo(CommandClass.READ);
        // not a hook and not known to be harmless: at least Write (the environment is judged by an allow-list)
        assertThat(R.classifyArgv(List.of("show"), Map.of("OTHER", "x")).commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(R.classifyArgv(List.of("show"), Map.of("OTHER", "x")).level()).isEqualTo(RiskLevel.MEDIUM);
    }

    @Test
    void rulesMustBeComplete() {
        assertThatThrownBy(() -> RuleSet.parse("[x]\nis Read minimal \"x\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lacks 'verdict");
        assertThatThrownBy(() -> RuleSet.parse(SETTINGS + "[a]\nopt -a\nopt -a\n", "t"))
                .hasMessageContaining("declared twice");
        assertThatThrownBy(() -> RuleSet.parse(SETTINGS + "[a]\nwhen -z -> Write low \"r\"\n", "t"))
                .hasMessageContaining("not declared");
    }

    @ParameterizedTest(name = "{0} ~ {1} = {2}")
    @CsvSource({
        "*, anything, true",
        "/\\*, /*, true",
        "/\\*, /etc, false",
        "*.rc, a.rc, true",
        "a?c, abc, true",
        "a?c, ac, false",
        "~/*, ~/x/y, true",
        "-del*, -delete, true",
        "abc, abd, false",
    })
    void globs(String pattern, String text, boolean expected) {
        assertThat(Glob.matches(pattern, text)).isEqualTo(expected);
    }
}
