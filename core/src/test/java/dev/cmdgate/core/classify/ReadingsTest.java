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
 * The readings of {@code code} rows (a shell line, an argv, a program name, a code file, a
 * configuration key's value, markers) and the {@code runs} extensions (prepend, after-dashdash,
 * noskip, stdin-if, scripts), over a small standalone rule set. Nothing is executed.
 */
class ReadingsTest {

    static final String RULES = MechanismTest.SETTINGS + """
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
            when --recursive --force -> Destructive dangerous "rf"

            [show]
            is Read minimal "shows"

            [pack]
            is Read minimal "packs"
            opt --shell-hook =COMMAND
            opt --filter =COMMAND
            opt --compressor =PROGRAM
            opt --wrapper =COMMAND
            opt --script =FILE
            opt -o --option =KEY=VALUE
            opt -c =NAME=VALUE
            opt -e =CMDS
            code sh opt --shell-hook
            code argv opt --filter
            code program opt --compressor args -d
            code argv opt --wrapper sep ,
            code file opt --script
            code sh opt --option key *::Pre-Hook* Hook.*
            code program opt --option key Bin::*
            code sh opt -c key * after !
            code sh opt -e after ^system \\!
            code sh operand * after +!

            [cfg]
            is Read minimal "reads configuration"
            code sh operand 2 key run.command alias.* 

            [builder]
            is Write medium "builds"
            code program values key SHELL

            [daemon]
            is Write high "starts a daemon"
            opt --exec =PROGRAM
            code program opt --exec with-operands

            [bash-caps]
            is Write high "runs bash with capabilities"
            opt --caps =CAPS
            runs operand after-dashdash prepend sh

            [ctx]
            is Write high "runs in a context"
            opt -t --type =TYPE
            runs operand skip 1 noskip --type

            [box]
            is Write high "runs in a box"
            opt -i --interactive
            runs operand skip 1 stdin-if --interactive

            [each]
            is Read minimal "runs a command on its input's words"
            opt -a =FILE
            runs operand stdin-args stdin-if -a

            [jobs]
            is Write medium "runs jobs"
            parse posix
            code sh operands until ::: :::: after :::

            [proj]
            is Write medium "runs project scripts"
            runs operand scripts

            [mount]
            is Read minimal "binds"
            opt --bind =SRC =DEST
            runs operand

            [cc]
            is Write medium "compiles"
            opt -plugin =?FILE -> Write high "plugin"

            [cleaner]
            is Write medium "removes files"
            opt -n --dry-run
            opt -f --force -> Destructive dangerous "forced"
            opt --hook =COMMAND
            code sh opt --hook
            when operand=/ -> Destructive dangerous "root"
            writes operands -> Write low "writes"
            dry-run --dry-run if !operand=*:*
            [cleaner sync]
            is Network high "syncs"
            dry-run
            [cleaner list]
            is Write medium "lists, then prunes"

            [fmtr]
            is Write medium "formats files"
            opt --all
            dry-run if operand=--check !operand=--write
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "readings.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // sh: a shell line, classified as a script
        "pack --shell-hook 'del -rf a' => Destructive",
        "pack --shell-hook 'show a; del -rf a' => Destructive",
        "pack --shell-hook show => Read",
        "pack --shell-hook \"$X\" => Destructive",
        // argv: words run without a shell
        "pack --filter 'del -rf a' => Destructive",
        "pack --filter 'show a' => Read",
        "pack --filter=\"$F\" => Destructive",
        "pack --wrapper del,-rf,a => Destructive",
        "pack --wrapper show,a => Read",
        // program: a program name with fixed arguments (a name with blanks is one strange name)
        "pack --compressor show => Read",
        "pack --compressor del => Write",
        "pack --compressor 'del -rf a' => Write",
        "pack --compressor \"$P\" => Destructive",
        // file: content not visible; a path only known at run time is unverifiable code
        "pack --script x.conf => Read",
        "pack --script \"$F\" => Destructive",
        // configuration keys, case-insensitive, '=' or blank
        "pack -o APT::Update::Pre-Hook::='del -rf a' => Destructive",
        "pack -o 'apt::update::pre-hook::=del -rf a' => Destructive",
        "pack -o 'Hook.Run del -rf a' => Destructive",
        "pack -o Other::Key='del -rf a' => Read",
        "pack -o Bin::tool=del => Write",
        "pack -o Bin::tool=show => Read",
        "pack -o \"$K\"='del -rf a' => Destructive",
        // key plus a marker that must start the value
        "pack -c x.y='!del -rf a' => Destructive",
        "pack -c 'x.y= !del -rf a' => Destructive",
        "pack -c x.y='del -rf a' => Read",
        // ^markers only at the start of a statement; plain markers anywhere
        "pack -e 'system del -rf a' => Destructive",
        "pack -e 'select 1; system del -rf a' => Destructive",
        "pack -e 'select filesystem del' => Read",
        "pack -e 'select 1 \\! del -rf a' => Destructive",
        // every operand that starts with the marker
        "pack '+!del -rf a' b => Destructive",
        "pack +G b => Read",
        // a key in the operand before
        "cfg run.command 'del -rf a' => Destructive",
        "cfg RUN.Command 'del -rf a' => Destructive",
        "cfg other.key 'del -rf a' => Read",
        "cfg \"$K\" 'del -rf a' => Destructive",
        // NAME=VALUE operands with a key
        "builder SHELL=del all => Write",
        "builder SHELL=sh all => Write",
        "builder CC=del all => Write",
        // a program with the command's operands as its arguments
        "daemon --exec del -- -rf a => Destructive",
        "daemon --exec show -- a => Write",
        // runs after an explicit --, with words in front
        "bash-caps --caps=x -- -c 'del -rf a' => Destructive",
        "bash-caps --caps=x => Write",
        "bash-caps -- => Destructive",
        // noskip: the option replaces the skipped operand
        "ctx CONTEXT del -rf a => Destructive",
        "ctx -t T del -rf a => Destructive",
        "ctx -t T show a => Write",
        // stdin-if: only with the option does the command read input typed here
        "box img sh => Write",
        "box -i img sh => Destructive",
        // with stdin-args the wrapper reads the input itself, unless a stdin-if option leaves it to the command
        "each sh -c sh => Read",
        "each -a list sh -c sh => Destructive",
        // operands after a marker with no command before it are command lines, each read alone
        "jobs show ::: a b => Write",
        "jobs del -rf ::: a => Destructive",
        "jobs ::: 'show a' 'del -rf a' => Destructive",
        "jobs ::: 'show a' 'show b' => Write",
        "jobs :::: 'del -rf a' => Write",
        // scripts: an unknown first word is a project script, a known one is judged
        "proj build => Write",
        "proj del -rf a => Destructive",
        "proj ./tool => Write",
        // an option with two values
        "mount --bind / / del -rf a => Destructive",
        "mount --bind a b show => Read",
        // a single-dash word option with an attached value
        "cc -plugin=x.so a.c => Write",
        // dry-run: the section's own verdicts give way to Read; what its options run still counts
        "cleaner a => Write",
        "cleaner -f a => Destructive",
        "cleaner -n -f a => Read",
        "cleaner --dry-run / => Read",
        "cleaner -n --hook 'del -rf a' b => Destructive",
        "cleaner -n host:a => Write",
        "cleaner -n -f host:a => Destructive",
        // a sub-command's empty dry-run row: this one has no dry run; without a row the parent's decides
        "cleaner -n sync => Network",
        "cleaner -n list => Read",
        // a dry-run row of conditions alone: an operand (after --, handed on to another program) makes the dry run
        "fmtr --all -- --check => Read",
        "fmtr -- --check a b => Read",
        "fmtr --all => Write",
        "fmtr -- --check --write => Write",
        "fmtr -- --checked => Write",
    })
    void reading(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void attachedWordOptionValueIsTheOptionsValue() {
        assertThat(R.classifyShell("cc -plugin=x.so a.c").level().label()).isEqualTo("high");
        assertThat(R.canonicalOptions(java.util.List.of("cc", "-plugin:x.so"))).containsExactly("-plugin");
    }

    @Test
    void badReadingRowsAreErrors() {
        for (String row : new String[] {
            "[a]\nopt -x =V\ncode sh opt -x args y\n",
            "[a]\nopt -x =V\ncode sh opt -x sep ,\n",
            "[a]\nopt -x =V\ncode argv opt -x sep ab\n",
            "[a]\ncode sh operand 1 key k\n",
            "[a]\nruns operand sideways\n",
        }) {
            assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + row, "t")).as(row)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
