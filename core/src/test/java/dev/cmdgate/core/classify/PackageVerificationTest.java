package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Signature checks switched off where the option rows did not look: dpkg's comma lists of force things (each item an
 * option of its own: {@code parse comma-list}) and a package manager's configuration named on the line or in the
 * environment (it can set hooks and turn checks off). Nothing here runs; the lines are only classified.
 */
class PackageVerificationTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines
            "dpkg --force-depends,bad-verify -i x.deb => Destructive",
            "apt-get -c ./my.conf install x => Destructive",
            "APT_CONFIG=./my.conf apt-get install x => Destructive",
            "dnf -c ./dnf.conf install x => Destructive",
            // unseen variants
            "dpkg -i --force-confold,all x.deb => Destructive",
            "dpkg --force-bad-verify,confnew --install x.deb => Destructive",
            "export APT_CONFIG=/tmp/a; apt install x => Destructive",
            "yum --config=./y.conf install x => Destructive",
            "apt-get -o dir::etc::parts=./d update => Destructive",
            "aptitude -c ./a.conf install x => Destructive",
            "zypper -c z.conf in x => Destructive",
            "pacman -U --hookdir ./h x.pkg.tar.zst => Destructive",
            "rpm --macros m -ivh x.rpm => Destructive",
            // everyday lines stay as they were
            "dpkg -i --force-confold,confdef x.deb => Install",
            "dpkg --no-force-confold,bad-verify -i x.deb => Install",
            "apt-get install -y jq => Install",
            "apt-get -o Acquire::Retries=3 update => Network",
            "dnf install -y httpd => Install",
            "dnf --setopt=install_weak_deps=False install x => Install",
            "dpkg -l => Read",
    })
    void configurationAndForceListsAreJudged(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void aCommaListIsTheOptionsOfItsItems() {
        String rows = "[pm]\nis Read minimal \"queries\"\nparse gnu comma-list --allow-\n"
                + "opt --allow-bad -> Destructive dangerous \"bad\"\nopt --allow-ok\n";
        RuleSet rules = RuleSet.withUserText(rows, "u.rules");
        CommandClassifier c = RulesClassifier.of(rules);
        assertThat(c.classifyArgv(List.of("pm", "--allow-ok,bad"), Map.of()).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.classifyArgv(List.of("pm", "--allow-ok,ok"), Map.of()).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("pm", "--allow-ok"), Map.of()).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("pm", "--allow-bad"), Map.of()).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }
}
