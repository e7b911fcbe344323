package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The producers and filters of process ids beyond pgrep and grep: killall's names, {@code -r} and {@code -I}; lsof and
 * fuser naming the processes that hold a security service's files; awk and sed picking lines of {@code ps}; and the
 * filters of a pipeline between the producer and the kill, which keep the producer's reading. Nothing here runs; the
 * lines are only classified.
 */
class ProcessFiltersTest {

    static final CommandClassifier C = Classifiers.standard(null);
    private static final List<String> SERVICES = List.of("auditd*", "rsyslog*", "systemd-journald*", "osqueryd*");
    private static final List<String> PLACES = List.of("/var/log", "/run", "/var/run", "/etc");

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the findings' lines
            "killall -r '^aud' => Destructive",
            "killall -I AUDITD => Destructive",
            "kill $(lsof -t /var/log/audit/audit.log) => Destructive",
            "fuser -k /var/log/audit/audit.log => Destructive",
            "ps ax | awk '/auditd/{print $1}' | xargs kill => Destructive",
            "kill $(ps ax | sed -n '/auditd/p' | cut -c1-5) => Destructive",
            "ps ax | grep auditd | grep -v grep | cut -d' ' -f1 | xargs kill => Destructive",
            "pgrep auditd | head -1 | xargs kill => Destructive",
            // unseen variants
            "killall -r 'sys.*d' => Destructive",
            "killall --regexp --ignore-case 'RSYS' => Destructive",
            "killall -I -e Systemd-Journald => Destructive",
            "killall /usr/sbin/auditd => Destructive",
            "killall systemd-journal => Destructive",
            "killall -u root => Destructive",
            "killall -r $P => Destructive",
            "lsof -t /run/auditd.pid | xargs kill -9 => Destructive",
            "kill $(lsof -t +D /var) => Destructive",
            "kill -9 $(lsof -t) => Destructive",
            "kill $(lsof -t -c osq) => Destructive",
            "kill $(lsof -t $F) => Destructive",
            "fuser -k -9 /run/rsyslogd.pid => Destructive",
            "fuser -k /var/run/../log/syslog => Destructive",
            "fuser -km /home => Destructive",
            "kill $(fuser /etc/audit/auditd.conf 2>/dev/null) => Destructive",
            "ps aux | awk '$11 ~ /rsyslog/ {print $2}' | xargs kill => Destructive",
            "kill $(ps -eo pid,comm | awk '$2==\"auditd\"{print $1}') => Destructive",
            "ps -eo pid,comm | awk -v n=auditd '$2==n{print $1}' | xargs kill => Destructive",
            "ps -eo pid,comm | awk '$2 ~ n {print $1}' n=x | xargs kill => Destructive",
            "ps ax | awk '!/grep/{print $1}' | xargs kill => Destructive",
            "ps ax | sed -n '/[o]squeryd/s/^ *\\([0-9]*\\).*/\\1/p' | xargs kill => Destructive",
            "ps ax | sed '/auditd/!d' | cut -c1-6 | xargs kill => Destructive",
            "ps ax | sed '/grep/d' | awk '{print $1}' | xargs kill => Destructive",
            "ps ax | grep -v grep | grep osqueryd | tail -n1 | awk '{print $1}' | xargs kill => Destructive",
            // everyday kills stay as they were
            "killall node => Write",
            "killall -9 java => Write",
            "killall -r 'node.*server' => Write",
            "killall -I Node => Write",
            "kill $(lsof -t -i :8080) => Write",
            "kill $(lsof -ti:3000) => Write",
            "kill $(lsof -t -i tcp:$PORT) => Write",
            "lsof -ti :8080 | xargs kill => Write",
            "fuser -k 8080/tcp => Write",
            "fuser -k -n tcp 8080 => Write",
            "fuser -k build/app.jar => Write",
            "fuser -v /var/log/syslog => Read",
            "ps aux | grep java | awk '{print $2}' | xargs kill => Write",
            "ps aux | grep '[j]ava' | awk '{print $2}' | xargs kill -9 => Write",
            "kill $(ps aux | grep 'node server' | grep -v grep | awk '{print $2}') => Write",
            "ps ax | awk '!/grep/ && /java/ {print $1}' | xargs kill => Write",
            "ps ax | sed -n '/webpack/p' | cut -c1-5 | xargs kill => Write",
            "pgrep -f webpack | head -1 | xargs kill => Write",
            "pkill -f my-dev-server => Write",
            "ps aux | grep java => Read",
            "awk '{print $1}' f.txt => Read",
            "sed -n 1,10p f.txt => Read",
    })
    void producersAndFiltersOfProcessIdsAreRead(String line, String expected) {
        assertThat(of(line)).as(line).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    private static ProcessSelection.Verdict filter(ProcessSelection.Family f, String... words) {
        List<Boolean> known = new ArrayList<>();
        for (String w : words) {
            known.add(true);
        }
        return ProcessSelection.maySelect(f, f == ProcessSelection.Family.AWK ? "awk" : "sed", List.of(words), known,
                SERVICES);
    }

    @Test
    void aFilterThatNamesNoPatternOnlyNarrows() {
        assertThat(filter(ProcessSelection.Family.AWK, "{print $2}")).isEqualTo(ProcessSelection.Verdict.PASSES);
        assertThat(filter(ProcessSelection.Family.AWK, "NR>1 {print $1}")).isEqualTo(ProcessSelection.Verdict.PASSES);
        assertThat(filter(ProcessSelection.Family.AWK, "{gsub(/auditd/, \"\"); print $1}"))
                .isEqualTo(ProcessSelection.Verdict.PASSES);
        assertThat(filter(ProcessSelection.Family.SED, "s/^ *//")).isEqualTo(ProcessSelection.Verdict.PASSES);
        assertThat(filter(ProcessSelection.Family.SED, "-n", "1p")).isEqualTo(ProcessSelection.Verdict.PASSES);
    }

    @Test
    void negatedPatternsPassTheRestAndPositiveOnesNarrow() {
        assertThat(filter(ProcessSelection.Family.AWK, "!/grep/")).isEqualTo(ProcessSelection.Verdict.ALL_BUT);
        assertThat(filter(ProcessSelection.Family.AWK, "$1 != \"PID\"")).isEqualTo(ProcessSelection.Verdict.ALL_BUT);
        assertThat(filter(ProcessSelection.Family.SED, "/grep/d")).isEqualTo(ProcessSelection.Verdict.ALL_BUT);
        assertThat(filter(ProcessSelection.Family.SED, "-n", "/grep/!p")).isEqualTo(ProcessSelection.Verdict.ALL_BUT);
        assertThat(filter(ProcessSelection.Family.AWK, "/java/")).isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(filter(ProcessSelection.Family.SED, "-n", "/java/p")).isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(filter(ProcessSelection.Family.SED, "-E", "-n", "/(j|k)ava/p")).isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(filter(ProcessSelection.Family.SED, "-E", "-n", "/(a|k)uditd/p")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.SED, "-n", "\\,auditd,p")).isEqualTo(ProcessSelection.Verdict.MAY);
    }

    /** sed's options read as getopt_long reads them: a long option's value may be the next word, letters cluster. */
    @Test
    void sedsScriptIsFoundInEverySpellingOfItsOption() {
        assertThat(filter(ProcessSelection.Family.SED, "--quiet", "--expression", "/auditd/p"))
                .isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.SED, "--quiet", "--expression", "/java/p"))
                .isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(filter(ProcessSelection.Family.SED, "-nEe/(j|k)ava/p")).isEqualTo(ProcessSelection.Verdict.NO);
        assertThat(filter(ProcessSelection.Family.SED, "-ne", "/rsyslog/p")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.SED, "--expression")).isEqualTo(ProcessSelection.Verdict.MAY);
    }

    @Test
    void whatAFilterCannotBeReadForSelectsEveryLine() {
        assertThat(filter(ProcessSelection.Family.AWK, "-f", "prog.awk")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.AWK, "$0 ~ pat")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.AWK, "/unclosed")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.SED, "-f", "s.sed")).isEqualTo(ProcessSelection.Verdict.MAY);
        assertThat(filter(ProcessSelection.Family.SED, "-n", "/x/{w out\n}")).isEqualTo(ProcessSelection.Verdict.MAY);
        List<Boolean> unknown = List.of(false);
        assertThat(ProcessSelection.maySelect(ProcessSelection.Family.AWK, "awk", List.of("$P"), unknown, SERVICES))
                .isEqualTo(ProcessSelection.Verdict.MAY);
    }

    @Test
    void fileUsersNameTheProcessesHoldingAServicesFiles() {
        assertThat(FileUsers.maySelect("lsof", List.of("-t", "/var/log/audit/audit.log"), List.of(true, true), PLACES))
                .isTrue();
        assertThat(FileUsers.maySelect("lsof", List.of("-t", "/"), List.of(true, true), PLACES)).isTrue();
        assertThat(FileUsers.maySelect("lsof", List.of("-t", "/home/u/x.jar"), List.of(true, true), PLACES)).isFalse();
        assertThat(FileUsers.maySelect("lsof", List.of("-t", "-u", "root"), List.of(true, true, true), PLACES)).isTrue();
        assertThat(FileUsers.maySelect("fuser", List.of("-k", "/etc/../etc/x"), List.of(true, true), PLACES)).isTrue();
        assertThat(FileUsers.maySelect("fuser", List.of("-k", "/etcetera/x"), List.of(true, true), PLACES)).isFalse();
    }
}
