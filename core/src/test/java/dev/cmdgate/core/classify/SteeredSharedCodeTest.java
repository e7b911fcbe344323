package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program in a directory every user may write that a helper place, a configuration setting or a variable steers a
 * program to run (or load) is unverifiable code; the same program named as the command is the user's own script.
 */
class SteeredSharedCodeTest {

    static final String ROWS = MechanismTest.SETTINGS + """
            list shared-dirs /tmp /tmp/* /var/tmp/* /dev/shm/*
            verdict steered-shared-program -> Destructive dangerous "steered to a shared program"
            list shared-code-vars PRELOADED
            list shared-code-option-vars TOOL_OPTS
            list shared-code-loaders --require -javaagent:
            verdict shared-code-path -> Destructive dangerous "loads shared code"
            env-code program VIEWER_PROG
            env-code sh VIEWER_CMD

            [viewer]
            is Read minimal "shows"
            opt --pager =PAGER
            code sh opt --pager interpreter -> Destructive high "shell in a helper place"
            opt --run =COMMAND
            code sh opt --run
            opt -o =KEY=VALUE
            code sh opt -o key hook.cmd
            code file opt -o key hook.dir

            [timeout]
            is Read minimal "wraps"
            runs operand skip 1

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [lister]
            is Read minimal "lists"
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(ROWS, "steered.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // helper places (code rows with interpreter) and configuration settings (keyed code rows)
        "viewer --pager=/tmp/p => Destructive",
        "viewer --pager=/var/tmp/p/../q => Destructive",
        "viewer --pager='lister; /dev/shm/x' => Destructive",
        "viewer --pager='timeout 5 /tmp/p' => Destructive",
        "viewer -o hook.cmd=/tmp/p => Destructive",
        "viewer -o hook.dir=/tmp/hooks => Destructive",
        "viewer -o hook.dir=./hooks => Read",
        // variables whose value a program runs
        "VIEWER_PROG=/tmp/p viewer => Destructive",
        "VIEWER_CMD='/dev/shm/p -x' viewer => Destructive",
        // not shared: a project's or the system's program, or a name that only begins like one
        "viewer --pager=./tools/p => Write",
        "viewer --pager=/tmpx/p => Write",
        "viewer --pager=/tmp/../opt/p => Write",
        "viewer --pager=lister => Read",
        "VIEWER_PROG=./bin/p viewer => Write",
        // named as the command, or by an option that says to run it: the user's own script
        "/tmp/p => Write",
        "timeout 5 /tmp/p => Write",
        "sh -c /tmp/p => Write",
        "viewer --run /tmp/p => Write",
        // variables that make a program load code
        "PRELOADED=/tmp/x.so lister => Destructive",
        "PRELOADED=/usr/lib/a.so:/dev/shm/b.so lister => Destructive",
        "PRELOADED=/usr/lib/a.so lister => Write",
        "TOOL_OPTS='--require /tmp/x.js' lister => Destructive",
        "TOOL_OPTS=-javaagent:/var/tmp/a.jar lister => Destructive",
        "TOOL_OPTS='--log /tmp/out.log' lister => Write",
        "TOOL_OPTS='--require ./x.js' lister => Write",
        "OTHER_OPTS='--require /tmp/x.js' lister => Write",
    })
    void judged(String line, String expected) {
        var c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    /** The classification of a shell line launched in the directory {@code cwd}. */
    private static CommandClass in(String cwd, String line) {
        return R.classifyArgv(java.util.List.of("sh", "-c", line), java.util.Map.of(),
                dev.cmdgate.core.LaunchSite.of(cwd, java.util.List::of)).commandClass();
    }

    @Test
    void aProjectBelowASharedDirectoryOwnsItsTools() {
        // the user works in /tmp/proj: its own hooks and tools are its scripts
        assertThat(in("/tmp/proj", "viewer --pager=/tmp/proj/tools/p")).isEqualTo(CommandClass.WRITE);
        assertThat(in("/tmp/proj", "viewer -o hook.dir=/tmp/proj/.githooks")).isEqualTo(CommandClass.READ);
        assertThat(in("/tmp/proj", "PRELOADED=/tmp/proj/lib/x.so lister")).isEqualTo(CommandClass.WRITE);
        // a sibling, the shared directory itself, or a way out with ..: anyone's
        assertThat(in("/tmp/proj", "viewer --pager=/tmp/other/p")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(in("/tmp/proj", "viewer --pager=/tmp/proj/../p")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(in("/tmp/proj", "viewer --pager=/tmp/projx/p")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(in("/tmp", "viewer --pager=/tmp/p")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(in("/var/tmp", "PRELOADED=/var/tmp/x.so lister")).isEqualTo(CommandClass.DESTRUCTIVE);
        // a project elsewhere does not make /tmp its own
        assertThat(in("/home/u/proj", "viewer --pager=/tmp/p")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theFindingNamesTheSharedProgram() {
        assertThat(R.classifyShell("viewer --pager=/tmp/p").findings())
                .anySatisfy(f -> assertThat(f.reason()).contains("/tmp/p lies in a directory every user may write"));
    }

    @Test
    void rulesWithoutTheVerdictsLeaveThePathProgramVerdict() {
        RulesClassifier plain = RulesClassifier.of(RuleSet.parse(ROWS
                .replace("verdict steered-shared-program -> Destructive dangerous \"steered to a shared program\"\n", "")
                .replace("verdict shared-code-path -> Destructive dangerous \"loads shared code\"\n", ""), "plain.rules"));
        assertThat(plain.classifyShell("viewer --pager=/tmp/p").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(plain.classifyShell("PRELOADED=/tmp/x.so lister").commandClass()).isEqualTo(CommandClass.WRITE);
    }
}
