package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Commands aimed at a running process: where its id comes from (a pid file read by {@code $(< FILE)} or on a
 * producer's input, a name glued to a producer's option), and the programs that change a running process rather
 * than start one (chrt, taskset, ionice, renice with a process id). Nothing here runs; the lines are only classified.
 */
class RunningProcessTargetsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // a pid file read by the shell itself or on a producer's input
            "kill -9 $(< /run/auditd.pid) => Destructive",
            "kill $(< /var/run/falco.pid) => Destructive",
            "kill $(head -n1 < /run/rsyslogd.pid) => Destructive",
            "kill $(< /tmp/app.pid) => Write",
            "kill $(tail -1 < build/server.pid) => Write",
            // a name glued to the producer's option
            "kill $(ps -Cauditd -opid=) => Destructive",
            "kill $(ps --pid=1 -Cwazuh-agentd -o pid=) => Destructive",
            "kill $(ps -Cjava -opid=) => Write",
            // changing a running process: Write; aimed at a security service: Destructive
            "chrt -i -p 0 $(pidof auditd) => Destructive",
            "chrt -r -p 99 $(pgrep -x osqueryd) => Destructive",
            "chrt -p 0 4242 => Write",
            "chrt -p 4242 => Read",
            "taskset -cp 0 $(pgrep rsyslogd) => Destructive",
            "taskset -p ff 4242 => Write",
            "taskset -p 4242 => Read",
            "ionice -c3 -p $(pidof auditd) => Destructive",
            "ionice --class 3 --pid $(pgrep falco) => Destructive",
            "ionice -c 3 -p 4242 => Write",
            "ionice -p 4242 => Read",
            "renice -n 19 -p $(pidof auditd) => Destructive",
            "renice -n 5 -p 4242 => Write",
            // pid 1 and every pid there is
            "kill -SEGV 1 => Destructive",
            "kill -s ABRT 1 => Destructive",
            "kill -TERM 1 => Destructive",
            "kill -9 $(seq 2 99999) => Destructive",
            "seq 1 99999 | xargs kill => Destructive",
            "kill -9 $(ls /proc | grep '^[0-9]') => Destructive",
            "kill 4242 => Write",
            "kill -HUP 12 => Write",
    })
    void classifies(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void aGluedOptionValueCountsAsAWord() {
        assertThat(Conditions.gluedValue("-Cauditd")).isEqualTo("auditd");
        assertThat(Conditions.gluedValue("--pidfile=/run/auditd.pid")).isEqualTo("/run/auditd.pid");
        assertThat(Conditions.gluedValue("auditd")).isEqualTo("auditd");
        assertThat(Conditions.gluedValue("-C")).isEqualTo("-C");
        assertThat(Conditions.gluedValue("--all")).isEqualTo("--all");
    }
}
