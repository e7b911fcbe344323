package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A pattern compared with the names a glob open at its end stands for, not with the glob's text. */
class OpenNamesTest {

    private static boolean reaches(String regex, boolean whole, List<String> contexts, String... globs) {
        Pattern re = PosixRegex.compile(regex, PosixRegex.Dialect.EXTENDED, false);
        return OpenNames.reaches(re, whole, contexts, List.of(globs));
    }

    @ParameterizedTest(name = "{0} (whole {1}) on {2} -> {3}")
    @CsvSource(delimiterString = " | ", value = {
            // longer than the glob's text: the name goes on
            "rsyslogd | false | rsyslog* | true",
            "^rsyslogd$ | false | rsyslog* | true",
            "rsyslogd | true | rsyslog* | true",
            "wazuh-.* | false | wazuh* | true",
            "rs.slogd | false | rsyslog* | true",
            "rsyslo[g]d|zzz | true | rsyslog* | true",
            "clamd-[a-z]+ | true | clamd* | true",
            // inside the glob's text, as before
            "syslo | false | rsyslog* | true",
            // far enough into the name
            "yslogd | false | rsyslog* | true",
            // a different name, or one that only touches the glob's last letters
            "gopls | false | rsyslog* | false",
            "java | false | rsyslog* | false",
            "rsyslogd | false | rsyslog | false",
            "xrsyslogd | true | rsyslog* | false",
            "^syslogd | false | rsyslog* | false",
            "logstash | false | rsyslog* | false",
            "wireshark | false | tripwire* | false",
            // a glob that is not open at its end adds nothing
            "auditdx | false | auditd | false",
    })
    void names(String regex, boolean whole, String glob, boolean expected) {
        assertThat(reaches(regex, whole, List.of(""), glob)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " | ", value = {
            "/usr/sbin/rsyslogd | true",
            "sbin/rsyslogd -n | true",
            "^/usr/sbin/rsyslogd$ | true",
            "/usr/bin/node | false",
    })
    void commandLines(String regex, boolean expected) {
        assertThat(reaches(regex, false, List.of("", "/usr/sbin/"), "rsyslog*")).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void globsWithoutFixedOpenText() {
        assertThat(OpenNames.fixedText("rsyslog*")).isEqualTo("rsyslog");
        assertThat(OpenNames.fixedText("*com.apple.logd*")).isEqualTo("com.apple.logd");
        assertThat(OpenNames.fixedText("pf")).isNull();
        assertThat(OpenNames.fixedText("*")).isNull();
        assertThat(OpenNames.fixedText("[a]uditd*")).isNull();
    }
}
