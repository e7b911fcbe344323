package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A kill whose process ids come from pgrep, pkill's own pattern or a grep of ps: the pattern is read as the program
 * reads it (a regular expression searched in names, {@code -i}, {@code -x}, {@code -f}, {@code -v}), and one that may
 * match a security service names it. Nothing here runs; the lines are only classified.
 */
class ProcessSelectionTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines
            "kill $(pgrep audit) => Destructive",
            "kill $(pgrep -i AUDITD) => Destructive",
            "p=$(pgrep auditd); kill $p => Destructive",
            "kill $(pgrep -v zzz) => Destructive",
            "pkill -v zzz => Destructive",
            "kill $(ps ax | grep '[a]uditd' | awk '{print $2}') => Destructive",
            // unseen variants: other regular expressions, options and producers
            "kill $(pgrep 'aud.td') => Destructive",
            "kill -9 $(pgrep '^rsys') => Destructive",
            "kill $(pgrep '[[:alpha:]]uditd') => Destructive",
            "kill $(pgrep -x systemd-journal) => Destructive",
            "kill $(pgrep -fi 'SBIN/AUD') => Destructive",
            "kill $(pgrep -u root) => Destructive",
            "kill $(pgrep -F /run/auditd.pid) => Destructive",
            "kill $(pgrep -x 'a.*') => Destructive",
            "kill $(pgrep $NAME) => Destructive",
            "kill $(pgrep -Z x auditd) => Destructive",
            // a name longer than the list glob's text (rsyslog* stands for rsyslogd)
            "pkill rsyslogd => Destructive",
            "pkill -x fail2ban-server => Destructive",
            "kill $(pgrep -x 'crowdsec-[a-z]+') => Destructive",
            "pkill -f /usr/sbin/rsyslogd => Destructive",
            "kill $(ps aux | grep rsyslogd | awk '{print $2}') => Destructive",
            "pkill gopls => Write",
            "pkill wireshark => Write",
            "kill $(pgrep -f vite) => Write",
            // -f: a pattern that starts with a service's name or path and goes on into its arguments
            "pkill -f 'auditd -n' => Destructive",
            "pkill -f '/usr/sbin/rsyslogd -n -iNONE' => Destructive",
            "kill $(pgrep -f 'falcon-sensor\\s--daemon') => Destructive",
            "pkill -fi 'AUDITD[[:blank:]]' => Destructive",
            "pkill -f 'node server' => Write",
            "pkill -f 'python3 app.py --port 8000' => Write",
            "pkill -x -f 'auditd -n' => Destructive",
            "pkill -x -f 'auditd' => Destructive",
            "pkill -x -f 'xauditd -n' => Write",
            // producers that print the ids of a service they are told by name
            "kill $(ps -C auditd -o pid=) => Destructive",
            "kill $(systemctl show -p MainPID --value osqueryd) => Destructive",
            "systemctl show -p MainPID --value auditd | xargs kill => Destructive",
            "kill $(ps -C gunicorn -o pid=) => Write",
            "skill -KILL auditd => Destructive",
            "pkill -i Fail2Ban => Destructive",
            "pkill -9 -f 'falc.n' => Destructive",
            "p=$(pgrep -o sysl); q=$p; kill -9 $q => Destructive",
            "kill $(ps aux | grep -E 'aud(it)?d' | awk '{print $2}') => Destructive",
            "kill $(ps aux | grep -i RSYSLOG | grep -v grep | awk '{print $2}') => Destructive",
            "kill $(ps ax | grep -v zzz | awk '{print $1}') => Destructive",
            "pgrep -i 'AUDIT|falco' | xargs kill -9 => Destructive",
            // everyday lines stay as they were
            "kill $(pgrep -f 'node server') => Write",
            "kill $(pgrep java) => Write",
            "pkill -f 'node.*server' => Write",
            "pkill -x java => Write",
            "pkill -9 -f gradle => Write",
            "pkill -HUP nginx => Write",
            "kill $(pgrep -F /run/myapp.pid) => Write",
            "kill $(ps aux | grep myserver | grep -v grep | awk '{print $2}') => Write",
            "kill $(ps aux | grep '[m]yserver' | awk '{print $2}') => Write",
            "p=$(pgrep -n gradle); kill $p => Write",
            "killall java => Write",
    })
    void aPatternThatMayMatchASecurityServiceNamesIt(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void posixExpressionsAreReadAsGnuReadsThem() {
        assertThat(find("\\(aud\\)\\{1\\}itd", PosixRegex.Dialect.BASIC, "auditd")).isTrue();
        assertThat(find("a+", PosixRegex.Dialect.BASIC, "aa")).as("a basic expression's + is a literal").isFalse();
        assertThat(find("a+", PosixRegex.Dialect.BASIC, "a+")).isTrue();
        assertThat(find("[\\]x", PosixRegex.Dialect.EXTENDED, "\\x")).as("a backslash in brackets is itself").isTrue();
        assertThat(find("[[:upper:]]{2,}", PosixRegex.Dialect.EXTENDED, "xAB")).isTrue();
        assertThat(find("a{,2}b", PosixRegex.Dialect.EXTENDED, "aab")).isTrue();
        assertThat(find("*x", PosixRegex.Dialect.EXTENDED, "*x")).as("a leading star is a literal").isTrue();
        assertThat(find("a.c", PosixRegex.Dialect.FIXED, "abc")).isFalse();
        assertThat(PosixRegex.compile("[[.a.]]", PosixRegex.Dialect.EXTENDED, false)).as("not modelled").isNull();
        assertThat(PosixRegex.compile("\\q", PosixRegex.Dialect.EXTENDED, false)).isNull();
        assertThat(PosixRegex.compile("(a", PosixRegex.Dialect.EXTENDED, false)).isNull();
    }

    @Test
    void whatCannotBeReadSelectsEverything() {
        List<String> names = List.of("vaultd*");
        assertThat(procps(names, "--no-such-option", "x")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(procps(names, "[[.a.]]")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(procps(names, "-v", "x")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(procps(names, "x")).isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(procps(names, "-x", "vault")).as("-x: the whole name").isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(procps(names, "-x", "vaultd")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(ProcessSelection.maySelect(ProcessSelection.Family.GREP, "grep", List.of("-f", "pats"),
                List.of(true, true), names)).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(ProcessSelection.maySelect(ProcessSelection.Family.GREP, "grep", List.of("-v", "x"),
                List.of(true, true), names)).isEqualTo(ProcessSelection.Verdict.ALL_BUT);
    }

    private static ProcessSelection.Verdict procps(List<String> names, String... words) {
        List<Boolean> known = java.util.Collections.nCopies(words.length, true);
        return ProcessSelection.maySelect(ProcessSelection.Family.PROCPS, "pgrep", List.of(words), known, names);
    }

    private static boolean find(String re, PosixRegex.Dialect d, String subject) {
        Pattern p = PosixRegex.compile(re, d, false);
        return p != null && p.matcher(subject).find();
    }
}
