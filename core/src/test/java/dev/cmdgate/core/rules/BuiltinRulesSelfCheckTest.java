package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checks the built-in rules against themselves: every option that says it writes a file must be
 * declared in a {@code writes} row, so the file is checked against the sensitive places (shell start-up
 * files, {@code ~/.ssh}, cron, systemd units, sudoers, {@code /etc}) and devices, not only given the
 * option's own verdict; the same for {@code when} rows that say a command writes to a file.
 */
class BuiltinRulesSelfCheckTest {

    /** A reason that says the option's value is a file or directory the command writes. */
    static final Pattern WRITES_A_FILE = Pattern.compile(
            "\\b(writes?|downloads?|saves?|dumps?|extracts?|copies|logs?)\\b[^()]*\\b(file|files|directory|log|archive|output|report|dump|cache)\\b"
                    + "|\\bto a file\\b|\\binto a directory\\b|\\blog file\\b");

    /** Text in parentheses is an example or an aside ("(it may write files …)"), not what the value is. */
    static boolean saysItWritesAFile(Verdict v) {
        return v != null && WRITES_A_FILE.matcher(v.reason().toLowerCase(Locale.ROOT).replaceAll("\\([^)]*\\)", "")).find();
    }

    /** The write rows that apply in a section: its own and those of the sections above it. */
    static List<WriteRule> writesOnPath(Section s) {
        List<WriteRule> out = new ArrayList<>();
        for (Section x = s; x != null; x = x.parent()) {
            out.addAll(x.writes());
        }
        return out;
    }

    @Test
    void everyOptionThatWritesAFileIsDeclaredAsWrites() {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Section s : RuleSet.builtin().allSections()) {
            for (OptionSpec o : s.options()) {
                if (o.arity() == OptionSpec.Arity.NONE || !saysItWritesAFile(o.effect())) {
                    continue;
                }
                checked++;
                boolean declared = false;
                for (WriteRule w : writesOnPath(s)) {
                    declared |= (w.target() == WriteRule.Target.OPT || w.target() == WriteRule.Target.MENTIONS_OPT)
                            && o.canonical().equals(w.name());
                }
                if (!declared) {
                    missing.add("[" + s.key() + "] " + String.join("/", o.names()) + " -> \"" + o.effect().reason() + "\"");
                }
            }
        }
        assertThat(checked).as("options whose reason says they write a file").isGreaterThan(50);
        assertThat(missing).as("options that write a file but have no 'writes opt' row").isEmpty();
    }

    @Test
    void everyWhenRowThatWritesAFileHasAWritesRow() {
        List<String> missing = new ArrayList<>();
        for (Section s : RuleSet.builtin().allSections()) {
            for (When w : s.whens()) {
                if (saysItWritesAFile(w.verdict()) && writesOnPath(s).isEmpty()) {
                    missing.add("[" + s.key() + "] when " + w.text() + " -> \"" + w.verdict().reason() + "\"");
                }
            }
        }
        assertThat(missing).as("when rows that write a file in a section without any writes row").isEmpty();
    }

    @Test
    void theCheckRecognisesWhatItLooksFor() {
        Verdict w = new Verdict(dev.cmdgate.core.CommandClass.WRITE, dev.cmdgate.core.RiskLevel.LOW, "");
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "writes its output to a file (sort -o)"))).isTrue();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "downloads to a file"))).isTrue();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "writes a log file"))).isTrue();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "extracts files into a directory"))).isTrue();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "runs a compression program"))).isFalse();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "runs a sed script file (it may write files)"))).isFalse();
        assertThat(saysItWritesAFile(new Verdict(w.commandClass(), w.level(), "reads key bindings that can run commands"))).isFalse();
    }

    @Test
    void theSensitivePlacesOfTheAttackCatalogueAreSensitive() {
        RuleSet r = RuleSet.builtin();
        for (String p : List.of("~/.bashrc", "~/.zshenv", "~/.shrc", "~/.bash_logout", "~/.xprofile", "~/.config/fish/config.fish",
                "/etc/profile.d/x.sh", "~/.ssh/authorized_keys", "/home/alice/.ssh/authorized_keys", "/etc/cron.d/job",
                "/var/spool/cron/crontabs/root", "/var/at/tabs/root", "/etc/sudoers.d/x", "/etc/systemd/system/x.timer",
                "~/.config/systemd/user/x.service", "/home/alice/.config/autostart/x.desktop", "~/Library/LaunchAgents/x.plist",
                "/Library/LaunchDaemons/x.plist", "/var/log/auth.log", "/var/log", "~/.bash_history", "/root/.zsh_history",
                "/var/mail/root", "/private/etc/sudoers")) {
            assertThat(r.isSensitivePath(p)).as(p).isTrue();
        }
        for (String p : List.of("/tmp/x", "build/out.txt", "~/project/main.c", "~/notes.txt", "/var/tmp/x")) {
            assertThat(r.isSensitivePath(p)).as(p).isFalse();
        }
    }
}
