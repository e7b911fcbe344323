package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * An interpreter's option that loads a module before the program ({@code perl -MLWP::Simple},
 * {@code ruby -ropen-uri}: {@code code LANG opt OPT loads "STATEMENT"}) is read as the language's own load
 * statement, so the language's tables judge the module; and it is not the program, so the code or script
 * the command runs is still found and read.
 */
class ModuleOptionsTest {

    static final String RULES = MechanismTest.SETTINGS + """
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [echo]
            is Read minimal "prints"

            [rm]
            is Write medium "deletes"
            opt -r -R --recursive
            opt -f --force
            when --recursive --force -> Destructive dangerous "rf"

            [@lang toy]
            syntax perl
            is Write high "runs toy code"
            call argv system
            uses Net:: -> Network high "the code reaches the network"

            [toy]
            is Write high "runs toy code"
            opt -e =CODE
            opt -M =MODULE
            code toy opt -e
            code toy opt -M loads "use {};"
            code-file -> Write high "runs a toy script"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "modules.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // the module loaded is judged as the statement would be
        "toy -MNet::FTP -e 1 => Network",
        "toy -M Net::SMTP -e 1 => Network",
        "toy -MNet::HTTP=get -e 'print 1' => Network",
        "toy -Mstrict -e 1 => Write",
        // with a script file the module still counts
        "toy -MNet::FTP run.toy => Network",
        // and the option is not the program: the -e code and a script the line wrote are still read
        "toy -Mstrict -e 'system(\"rm\", \"-rf\", \"/\")' => Destructive",
        // a module named at run time may be any module
        "toy -M\"$MOD\" -e 1 => Destructive",
    })
    void moduleOption(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "perl -MLWP::Simple -e 'getprint \"http://203.0.113.9/\"' => Network",
        "perl -MLWP::UserAgent -MHTTP::Request -e 1 => Network",
        "perl -Mwarnings -Mstrict -e 'print 1' => Write",
        // perl writes "use VALUE;" into the program, so a value can carry statements of its own
        "perl '-Mstrict;system(\"rm -rf ~\")' -e 1 => Destructive",
        "printf 'system(\"rm -rf ~\");' > x.pl; perl -Mstrict -MData::Dumper x.pl => Destructive",
        "printf 'print 1;' > x.pl; perl -MLWP::Simple x.pl => Network",
        "ruby -rsocket -e 'p 1' => Network",
        "ruby -r open-uri -e 'p 1' => Network",
        "printf 'system(\"rm -rf ~\")' > x.rb; ruby -rset x.rb => Destructive",
        "lua -l socket.http -e 'print(1)' => Network",
        "node --require net -e '1' => Network",
        "node --import node:https -e '1' => Network",
    })
    void theBuiltInInterpretersLoadModulesThisWay(String line, String expected) {
        Classification c = Classifiers.standard(null).classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void loadsBelongsToAnOptionsValueAndNamesTheModule() {
        for (String row : new String[] {
            "[a]\nopt -M =V\ncode toy opt -M loads \"use;\"\n",
            "[a]\ncode toy operand 1 loads \"use {};\"\n",
            "[a]\nopt -M =V\ncode toy opt -M key k loads \"use {};\"\n",
        }) {
            assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + row, "t")).as(row)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
