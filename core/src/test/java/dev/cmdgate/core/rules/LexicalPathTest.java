package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A path is checked against the credential stores and the sensitive places as written and as its lexical
 * spelling: dots resolved, a process's root link as the root, what follows its working-directory link below
 * the root. Nothing here runs; the lines are only classified.
 */
class LexicalPathTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "/etc/ssl/../shadow                  | /etc/shadow",
            "/usr/./lib/../../etc/gshadow        | /etc/gshadow",
            "/../../etc/shadow                   | /etc/shadow",
            "/proc/self/root/etc/shadow          | /etc/shadow",
            "/proc/4242/root/root/.ssh/id_rsa    | /root/.ssh/id_rsa",
            "/proc/thread-self/root              | /",
            "/proc/self/root/proc/1/root/etc/x   | /etc/x",
            "/proc/self/cwd/../../etc/shadow     | /etc/shadow",
            "/proc/self/cwd/etc/sudoers          | /etc/sudoers",
            "/tmp/../proc/self/root/etc/shadow   | /etc/shadow",
            "/proc/self/root/etc/shadow/         | /etc/shadow",
            "//etc//./shadow                     | /etc/shadow",
            "/proc/self/environ                  | null",
            "/proc/self/rootfs/x                 | null",
            "/etc/shadow                         | null",
            "src/../../etc/shadow                | null",
            "~/x/../.ssh/id_rsa                  | null",
    })
    void otherSpelling(String path, String expected) {
        assertThat(LexicalPath.alternative(path)).isEqualTo(expected);
    }

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "cat /var/log/../../etc/shadow                    | Destructive",
            "base64 /proc/1/root/etc/gshadow                  | Destructive",
            "grep -h . /proc/self/cwd/../../../etc/shadow     | Destructive",
            "tar czf /tmp/k.tgz /opt/../root/.ssh             | Destructive",
            "printf 'x ALL=(ALL) ALL' >> /var/tmp/../../etc/sudoers | Destructive",
            "sed -i 1d /srv/../etc/passwd                     | Destructive",
            "cp job /opt/x/../../etc/cron.d/job               | Destructive",
            "cat /usr/share/doc/../../../etc/hostname         | Read",
            "cat /proc/self/root/etc/os-release               | Read",
            // a .. after a link climbs from where the link points: what follows may be anywhere
            "cat /var/run/../etc/shadow                       | Destructive",
            "cat /dev/fd/../root/etc/shadow                   | Destructive",
            "echo x >> /dev/fd/../root/etc/profile            | Destructive",
            "cp evil /var/run/../etc/sudoers.d/x              | Destructive",
            "cat /opt/app/../notes/README                     | Read",
    })
    void judgedByBothSpellings(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "/var/run/../etc/shadow    | etc/shadow",
            "/a/../b/../c/x            | c/x",
            "/a/..                     | null",
            "/a/..b/x                  | null",
            "/etc/shadow               | null",
            "x/../etc/shadow           | null",
    })
    void whatFollowsTheLastDotDot(String path, String expected) {
        assertThat(LexicalPath.afterDotDot(path)).isEqualTo(expected);
    }
}
