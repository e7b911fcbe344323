package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The questions the policy and the stdin session detector ask about commands, answered from the rules:
 * changing a rules row changes the answer, with no Java list to keep in step.
 */
class CommandKnowledgeTest {

    static final CommandKnowledge K = CommandKnowledge.builtin();

    static List<String> argv(String words) {
        return Arrays.asList(words.split(" "));
    }

    @Test
    void programNamesFollowTheSystemDirectories() {
        assertThat(K.programName("bash")).isEqualTo("bash");
        assertThat(K.programName("/usr/bin/bash")).isEqualTo("bash");
        assertThat(K.programName("/usr/bin/../bin/bash")).isEqualTo("bash");
        assertThat(K.programName("./bash")).isNull();
        assertThat(K.programName("/tmp/bash")).isNull();
        assertThat(K.isSystemDir("/usr/local/sbin")).isTrue();
        assertThat(K.isSystemDir("/opt/bin")).isFalse();
    }

    @Test
    void inlineScriptsByTheShellsCodeFlag() {
        assertThat(K.inlineScript(argv("sh -c ls"))).isEqualTo("ls");
        assertThat(K.inlineScript(argv("bash -lc ls"))).isEqualTo("ls");
        assertThat(K.inlineScript(argv("/bin/dash -e -c ls"))).isEqualTo("ls");
        assertThat(K.inlineScript(argv("bash -o pipefail -c ls"))).isEqualTo("ls");
        assertThat(K.inlineScript(argv("busybox sh -c ls"))).isEqualTo("ls");
        assertThat(K.inlineScript(argv("bash script.sh"))).isNull();
        assertThat(K.inlineScript(argv("bash -c"))).isNull();
        assertThat(K.inlineScript(argv("python3 -c ls"))).isNull();
        assertThat(K.inlineScript(argv("./sh -c ls"))).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "sh", "/bin/bash", "bash -s a b", "bash --norc --noprofile", "zsh -f", "busybox sh",
        "bash -o pipefail", "bash +O extglob -x", "bash --", "bash -", "bash -s -- x", "mksh -l"})
    void shellsReadingTheirCommandsFromStdin(String words) {
        assertThat(K.readsCommandsFromStdin(argv(words))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash -c ls", "bash script.sh", "bash --rcfile evil", "bash --init-file evil", "./bash",
        "busybox ls", "bash --version", "sh -D", "python3", "env bash", "bash -- script.sh", "fish"})
    void launchesThatDoNotOnlyReadStdin(String words) {
        assertThat(K.readsCommandsFromStdin(argv(words))).isFalse();
    }

    @Test
    void variablesChangedByTheRulesAssignsAndUnsetsRows() {
        assertThat(K.variablesChanged(argv("export A=1 B"))).containsExactly("A", "B");
        assertThat(K.variablesChanged(argv("declare -x LD_AUDIT=/x"))).containsExactly("LD_AUDIT");
        assertThat(K.variablesChanged(argv("read -r -a ARR X"))).containsExactlyInAnyOrder("ARR", "X");
        assertThat(K.variablesChanged(argv("printf -v OUT %s x"))).containsExactly("OUT");
        assertThat(K.variablesChanged(argv("unset PATH"))).containsExactly("PATH");
        assertThat(K.variablesChanged(argv("unset -f PATH"))).isEmpty();
        assertThat(K.variablesChanged(argv("env -u PATH -uHOME --unset=TZ ls"))).containsExactlyInAnyOrder("PATH", "HOME", "TZ");
        assertThat(K.variablesChanged(argv("env -i PATH=/x ls A=1"))).containsExactly("PATH");
        assertThat(K.variablesChanged(argv("echo PATH=/x"))).isEmpty();
        assertThat(K.variablesChanged(argv("export -f PATH"))).isEmpty();
    }

    @Test
    void variablesRemovedByTheRulesUnsetsRows() {
        assertThat(K.removedVariables(argv("unset -v JAVA_TOOL_OPTIONS X"))).containsExactly("JAVA_TOOL_OPTIONS", "X");
        assertThat(K.removedVariables(argv("env -u JAVA_TOOL_OPTIONS java"))).containsExactly("JAVA_TOOL_OPTIONS");
        assertThat(K.removedVariables(argv("export -n JAVA_TOOL_OPTIONS"))).containsExactly("JAVA_TOOL_OPTIONS");
        assertThat(K.removedVariables(argv("export JAVA_TOOL_OPTIONS=x"))).isEmpty();
        // a name only known at run time, or the whole environment: any variable
        assertThat(K.removedVariables(argv("unset $NAME"))).containsExactly(CommandKnowledge.ANY_VARIABLE);
        assertThat(K.removedVariables(argv("env -i java -version"))).containsExactly(CommandKnowledge.ANY_VARIABLE);
        assertThat(K.removedVariables(argv("env - java -version"))).containsExactly(CommandKnowledge.ANY_VARIABLE);
        assertThat(K.removedVariables(argv("exec -c java -version"))).containsExactly(CommandKnowledge.ANY_VARIABLE);
        assertThat(K.removedVariables(argv("env java -version"))).isEmpty();
        assertThat(K.removedVariables(argv("unset -f f"))).isEmpty();
    }

    @Test
    void theAnswersComeFromTheRules() {
        assertThat(K.changesDirectory("cd")).isTrue();
        assertThat(K.changesDirectory("pushd")).isTrue();
        assertThat(K.changesDirectory("ls")).isFalse();
        // a user rules file that says `jump` changes directory and `myshell` is a shell
        RuleSet user = RuleSet.withUserText("""
                [@settings]
                shells myshell
                [jump]
                is Read minimal "changes directory"
                chdir
                [myshell]
                is Read minimal "a shell"
                opt -c
                code sh flag -c
                stdin-code -> Destructive dangerous "interactive"
                """, "user rules");
        CommandKnowledge k = new CommandKnowledge(user);
        assertThat(k.changesDirectory("jump")).isTrue();
        assertThat(k.inlineScript(argv("myshell -c ls"))).isEqualTo("ls");
        assertThat(k.readsCommandsFromStdin(argv("myshell"))).isTrue();
        assertThat(K.inlineScript(argv("myshell -c ls"))).isNull();
    }
}
