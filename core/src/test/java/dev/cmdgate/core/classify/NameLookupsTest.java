package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Code reaching a function through a name looked up at run time — {@code call lookup} ({@code getattr(o, NAME)}),
 * {@code call table} ({@code globals()[NAME]}) and {@code variable-calls} ({@code $f(…)}) rows — is unverifiable
 * when the name is only known at run time or names a call that starts processes or runs code; a literal name of
 * anything else is the language's own verdict. These tables use a standalone rule set; lines judged with the
 * built-in data are cases in {@code adversarial/one-liners.jsonl}.
 */
class NameLookupsTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            [py]
            is Read minimal "interpreter"
            opt -c =CODE stop
            code py opt -c

            [ph]
            is Read minimal "interpreter"
            opt -r =CODE stop
            code ph opt -r

            [@lang py]
            syntax python
            is Write high "runs py code"
            call sh os.system
            call lookup from 2 getattr
            call table globals vars

            [@lang ph]
            syntax php
            is Write high "runs ph code"
            call sh system
            call lookup call_user_func
            variable-calls
            """, "lookups.rules"));

    @ParameterizedTest(name = "{0} {1} → {2}")
    @CsvSource(delimiterString = " | ", quoteCharacter = '§', value = {
        "py | import os; getattr(os, 'sys' + 'tem')('id') | Destructive",
        "py | import os; getattr(os, name)('id') | Destructive",
        "py | import os; getattr(os, 'system')('id') | Destructive",
        "py | import os; print(getattr(os, 'sep')) | Write",
        "py | globals()['o' + 's'] | Destructive",
        "py | vars(x)[k]('id') | Destructive",
        "py | globals()['globals'] | Destructive",
        "py | print(globals()['__name__']) | Write",
        "py | print(vars(args)) | Write",
        "ph | call_user_func(strrev('metsys'), 'id'); | Destructive",
        "ph | call_user_func('system', 'id'); | Destructive",
        "ph | call_user_func('strtoupper', 'id'); | Write",
        "ph | $f = 'sys' . 'tem'; $f('id'); | Destructive",
        "ph | $f = 'x'; echo $f; | Write",
    })
    void judged(String program, String code, String expected) {
        Classification c = R.classifyArgv(List.of(program, program.equals("py") ? "-c" : "-r", code), Map.of());
        assertThat(c.commandClass()).as("%s → %s", code, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
