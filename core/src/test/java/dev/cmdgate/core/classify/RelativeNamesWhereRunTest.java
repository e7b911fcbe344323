package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.LaunchSite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A relative name is checked against the credential stores, the sensitive places and the devices as the path it is
 * in the directory the command runs in: after a cd or pushd to a known directory (a literal, a variable's value,
 * {@code cd -} with OLDPWD known, {@code ~} with HOME, a bare name through CDPATH), in a directory an option names
 * ({@code env -C}, {@code git -C}, {@code tar -C}) and in the launch's own directory; below a directory only known at
 * run time it is compared with the ends of those paths. Ordinary work in a project directory keeps its class.
 * Lines are only classified here, never run.
 */
class RelativeNamesWhereRunTest {

    private final CommandClassifier c = Classifiers.standard(null);

    private CommandClass in(String cwd, String line) {
        String dir = cwd.equals("-") ? null : cwd;
        return c.classifyArgv(List.of("sh", "-c", line), Map.of(), LaunchSite.of(dir, List::of)).commandClass();
    }

    @ParameterizedTest(name = "[{0}] {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            // a change of directory to a literal place, then a relative name
            "-            | cd /usr/local/bin && cp evil kubectl                    | DESTRUCTIVE",
            "-            | pushd /usr/local/bin; ln -sf /tmp/x helm                | DESTRUCTIVE",
            "-            | cd /etc/sudoers.d && printf 'u ALL=(ALL) ALL' > u       | DESTRUCTIVE",
            "-            | cd /var/spool/cron; echo x > crontabs/root              | DESTRUCTIVE",
            "-            | cd /; rm -r lib64                                       | DESTRUCTIVE",
            "-            | cd /etc; chmod 644 gshadow                              | DESTRUCTIVE",
            "-            | (cd ~/.aws; head -n5 config)                            | DESTRUCTIVE",
            "-            | cd /etc; cd ssh; od ssh_host_ecdsa_key                  | DESTRUCTIVE",
            "-            | cd /etc/ssl/private; cat *                              | DESTRUCTIVE",
            "-            | cd /usr/bin/../../etc; cat gshadow                      | DESTRUCTIVE",
            "-            | if cd /etc; then :; fi; cat gshadow                     | DESTRUCTIVE",
            // the directory from a variable, OLDPWD, HOME, CDPATH, a directory word
            "-            | d=/etc/sudoers.d; cd $d; echo x > y                     | DESTRUCTIVE",
            "-            | OLDPWD=/etc/ssh; cd -; cat ssh_host_ed25519_key         | DESTRUCTIVE",
            "-            | cd /etc; cd /tmp; cd -; sed -i 1d sudoers               | DESTRUCTIVE",
            "-            | HOME=/usr/local/bin; cp evil ~/git                      | DESTRUCTIVE",
            "-            | HOME=/etc; cat ~/gshadow                                | DESTRUCTIVE",
            "-            | HOME=/etc; cd; cat gshadow                              | DESTRUCTIVE",
            "-            | CDPATH=/usr/local; cd bin; cp evil ls                   | DESTRUCTIVE",
            "-            | CDPATH=/; cd etc; cat gshadow                           | DESTRUCTIVE",
            "-            | cd /etc; cat ~+/gshadow                                 | DESTRUCTIVE",
            "-            | cd /etc; cat $PWD/gshadow                               | DESTRUCTIVE",
            "-            | cd /etc; cd /tmp; cat ~-/gshadow                        | DESTRUCTIVE",
            "-            | pushd /etc; pushd /tmp; cat ${DIRSTACK[1]}/gshadow      | DESTRUCTIVE",
            // an option that sets where the command works
            "-            | env -C /usr/local/bin rm helm                           | DESTRUCTIVE",
            "-            | env --chdir=/etc/cron.d cp /tmp/job x                   | DESTRUCTIVE",
            "-            | env -C ~/.aws cat credentials                           | DESTRUCTIVE",
            "-            | tar -C /etc -czf /tmp/x.tgz gshadow                     | DESTRUCTIVE",
            // the launch's own directory
            "/etc         | sed -i 1d sudoers                                       | DESTRUCTIVE",
            "/            | rm -r usr                                               | DESTRUCTIVE",
            "/usr/local/bin | cp evil git                                           | DESTRUCTIVE",
            "/home/u/.aws | cat credentials                                         | DESTRUCTIVE",
            // a directory only known at run time: the name compared with the ends of the paths
            "-            | cd \"$(mktemp -d)\"; cat gshadow                        | DESTRUCTIVE",
            "-            | cd \"$D\" && rm -r usr                                  | DESTRUCTIVE",
            "-            | cd /e*; cat gshadow                                     | DESTRUCTIVE",
            "-            | cd ${OLDPWD:-/etc}; cat gshadow                         | DESTRUCTIVE",
            "-            | HOME=$X; cat ~/gshadow                                  | DESTRUCTIVE",
            "-            | CDPATH=$X; cd etc; cat gshadow                          | DESTRUCTIVE",
            "/work/p      | cd ../../..; rm -r usr/lib                              | DESTRUCTIVE",
            // a device reached by a relative name
            "-            | cd /dev; cat > sdb                                      | DESTRUCTIVE",
    })
    void aRelativeNameIsThePathItIsWhereTheCommandRuns(String cwd, String line, CommandClass expected) {
        assertThat(in(cwd, line)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{0}] {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "-             | cd build && make                              | WRITE",
            "-             | cd build && rm -f out.o                       | WRITE",
            "-             | cd src && grep -r TODO .                      | READ",
            "-             | cd src && cat main.c                          | READ",
            "-             | cd /tmp && ls                                 | READ",
            "-             | cd /tmp && rm -f x.log                        | WRITE",
            "-             | cd docs && cat index.md                       | READ",
            "-             | cd \"$D\" && cat main.c                       | READ",
            "-             | cd \"$D\" && echo hi > notes.txt              | WRITE",
            "-             | pushd sub && npm test; popd                   | WRITE",
            // below a directory only known at run time, an everyday name that ends a listed path only as one name
            "-             | cd \"$D\" && echo x > config                  | WRITE",
            "-             | cd \"$D\" && cat config                       | READ",
            "-             | cd \"$D\" && echo x >> gradle.properties      | WRITE",
            "-             | cd \"$D\" && make > log                       | WRITE",
            "-             | env -C build make                             | WRITE",
            "-             | tar -C build -czf ../out.tgz .                | WRITE",
            "-             | cd /etc && ls                                 | READ",
            "-             | cd /etc && cat hosts                          | READ",
            "/work/p       | cd sub && sed -i 1d notes.txt                 | WRITE",
            // a project kept below a system directory is the application's own place
            "/usr/src/app  | touch x.txt                                   | WRITE",
            "/usr/src/app  | cd build && rm -f x.o                         | WRITE",
            "/home/u/proj  | echo x > out.txt                              | WRITE",
            "/opt/app      | mkdir -p logs && echo x > logs/a.log          | WRITE",
    })
    void ordinaryWorkKeepsItsClass(String cwd, String line, CommandClass expected) {
        assertThat(in(cwd, line)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} + {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "/etc          | shadow           | /etc/shadow",
            "/etc          | ../usr/lib       | /usr/lib",
            "~/.aws        | credentials      | ~/.aws/credentials",
            "~/.config     | ../.ssh/id_rsa   | ~/.ssh/id_rsa",
            "/             | .                | /",
    })
    void joinResolvesDots(String dir, String name, String expected) {
        assertThat(CommandDirectories.join(dir, name)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"~/..", "~/a/../..", "~/../etc"})
    void aClimbAboveTheHomeDirectoryIsNotKnown(String path) {
        assertThat(CommandDirectories.join(path, "")).isNull();
    }

    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(delimiter = '|', value = {
            "shadow            | shadow",
            "../../etc/shadow  | etc/shadow",
            "./a/b             | a/b",
            "..                | ''",
            ".                 | ''",
    })
    void tailIsWhatLiesBelowTheUnknownStart(String name, String expected) {
        assertThat(CommandDirectories.tail(name)).isEqualTo(expected);
    }

    /** Entered elsewhere, a relative name starts there only, until put back; a cd adds to where it may start. */
    @Test
    void enterReplacesAndRestorePutsBack() {
        CommandDirectories d = new CommandDirectories("/work/p");
        CommandDirectories.Saved saved = d.enter(List.of("/etc"));
        assertThat(d.resolve("shadow")).containsExactly("/etc/shadow");
        d.restore(saved);
        assertThat(d.resolve("shadow")).containsExactly("/work/p/shadow");
        d.enter(java.util.Arrays.asList((String) null));
        assertThat(d.anywhere()).isTrue();
        d.restore(saved);
        assertThat(d.anywhere()).isFalse();
        d.changeTo("/etc");
        assertThat(d.resolve("shadow")).containsExactly("/work/p/shadow", "/etc/shadow");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/dev/fd/0, 0", "/proc/self/fd/3, 3", "/proc/thread-self/fd/12, 12", "/dev/stdin, 0",
            "/dev/fd/x, -1", "/dev/fd/, -1", "/tmp/fd/0, -1"})
    void descriptorPaths(String path, int fd) {
        assertThat(CodeArguments.descriptorNumber(path)).isEqualTo(fd);
    }
}
