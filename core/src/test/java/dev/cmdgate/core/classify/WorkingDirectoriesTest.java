package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where a command runs and which files it creates, against the gate's own files: an option that sets the directory
 * a command (or what it runs) works in ({@code chdir opt}, {@code chdir between} rows), a cd after CDPATH or HOME
 * was given a value, programs that create files, and a destination that is a directory.
 */
class WorkingDirectoriesTest {

    @TempDir
    Path tmp;

    private Path srv;
    private Path state;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        srv = Files.createDirectories(tmp.resolve("srv"));
        state = Files.createDirectories(srv.resolve("state"));
        Files.writeString(state.resolve("policy.body"), "{}");
        Files.writeString(srv.resolve("audit.jsonl"), "");
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(state, OwnFiles.Kind.TREE, "the policy state directory")
                .add(state.resolve("policy.body"), OwnFiles.Kind.FILE, "the kept policy")
                .add(srv.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .build();
        c = Classifiers.standard(null, own);
    }

    private Classification in(String dir, String line) {
        String l = line.replace("STATE", state.toString()).replace("SRV", srv.toString());
        return c.classifyArgv(List.of("sh", "-c", l), Map.of(), LaunchSite.of(dir.replace("SRV", srv.toString()), List::of));
    }

    @ParameterizedTest(name = "{1} in {0} -> {2}")
    @CsvSource(delimiter = '|', value = {
            // options that set the directory the command runs in
            "/tmp | env -C STATE cp /w/x policy.body                          | Destructive",
            "/tmp | env -C STATE cp /w/x planted                              | Destructive",
            "/tmp | env --chdir=STATE dd if=/w/x of=policy.meta.json          | Destructive",
            "/tmp | env -C SRV sed -i 1d audit.jsonl                          | Destructive",
            "SRV  | env -C state cp /w/x planted                              | Destructive",
            "/tmp | timeout 5 env -C STATE cp /w/x planted                    | Destructive",
            "/tmp | nice env --chdir STATE cp /w/x planted                    | Destructive",
            "/tmp | nohup env -C STATE cp /w/x planted                        | Destructive",
            "/tmp | env -C \"$D\" cp /w/x policy.body                         | Destructive",
            "/tmp | env -C /tm* cp /w/x policy.body                           | Destructive",
            "/tmp | unshare --wd=STATE cp /w/x planted                        | Destructive",
            "/tmp | unshare --wd STATE cp /w/x planted                        | Destructive",
            "/tmp | make -s -C STATE -f /w/mk                                 | Destructive",
            "/tmp | git -C STATE init -q                                      | Destructive",
            "/tmp | git -C STATE config user.name planted                     | Destructive",
            "/tmp | sudo -D STATE cp /w/x planted                             | Destructive",
            "/tmp | find STATE -name policy.body -execdir cp /w/x policy.body ';' | Destructive",
            "/tmp | find STATE -maxdepth 0 -exec env -C {} cp /w/x policy.body ';' | Destructive",
            "/tmp | find SRV -name state -exec env --chdir={} cp /w/x policy.body ';' | Destructive",
            "/tmp | find STATE -name y -execdir cp /w/x planted ';'           | Destructive",
            "/tmp | find SRV -maxdepth 0 -execdir touch state/planted ';'     | Destructive",
            "/tmp | cd STATE && make                                          | Destructive",
            "/tmp | env -C /srv/data cp /w/x y                                | Write",
            "/tmp | env -C STATE cat policy.body                              | Read",
            "/tmp | git -C STATE log                                          | Read",
            "/tmp | find STATE -execdir cat '{}' ';'                          | Read",
            "/tmp | env -C \"$D\" cp /w/x other                               | Write",
            "/tmp | env -C STATE true; cp /w/x planted                        | Write",
            // CDPATH and HOME given a value on the same line
            "/tmp | CDPATH=SRV; cd state && cp /w/x planted                   | Destructive",
            "/tmp | HOME=STATE; cd && cp /w/x planted                         | Destructive",
            "/tmp | HOME=STATE; cd ~ && cp /w/x planted                       | Destructive",
            "/tmp | HOME=STATE; cp /w/x ~/planted                             | Destructive",
            "/tmp | HOME=$X; cp /w/x ~/policy.body                            | Destructive",
            "/tmp | HOME=/elsewhere; cd && cp /w/x planted                    | Write",
            "/tmp | CDPATH=/elsewhere; cd state && cp /w/x planted            | Write",
            // programs that create files
            "/tmp | touch STATE/planted                                       | Destructive",
            "/tmp | mkdir STATE/planted                                       | Destructive",
            "/tmp | cd STATE && mkdir planted                                 | Destructive",
            "/tmp | mkfifo STATE/planted                                      | Destructive",
            "/tmp | mknod STATE/planted p                                     | Destructive",
            "/tmp | mktemp -p STATE                                           | Destructive",
            "/tmp | mktemp --tmpdir=STATE planted.XXXX                        | Destructive",
            "/tmp | mktemp STATE/planted.XXXX                                 | Destructive",
            "/tmp | fallocate -l 1 STATE/planted                              | Destructive",
            "/tmp | flock STATE/planted true                                  | Destructive",
            "/tmp | zip -q STATE/planted.zip /w/x                             | Destructive",
            "/tmp | split -l 1 /w/x STATE/p                                   | Destructive",
            "/tmp | split -l 1 /w/x SRV/audit.js                              | Destructive",
            "/tmp | vim -es -c 'w! STATE/planted' -c q /w/x                   | Destructive",
            "/tmp | ex -c 'w! STATE/planted' -c q /w/x                        | Destructive",
            "/tmp | touch /w/x                                                | Write",
            "/tmp | flock /tmp/lock true                                      | Read",
            "/tmp | split -l 1 /w/x /w/part-                                  | Write",
            // a destination that is a directory receives the source under its own name
            "/tmp | env -C /w/arch cp /w/one/KEY.jsa .                        | Destructive",
            "/tmp | cp /w/one/KEY.jsa /w/arch/                                | Destructive",
            "/tmp | cp -t /w/arch /w/one/KEY.jsa                              | Destructive",
            "/tmp | mv /w/x/policy.body STATE/..                              | Destructive",
            "/tmp | cp /w/one/notes.txt /w/arch/                              | Write",
            // a function's body is judged again where it is called, after a change of directory
            "SRV/app | f(){ echo x >> team.rules; }; cd ../state && f          | Destructive",
            "/tmp | f(){ cp /w/x planted; }; cd STATE; f                       | Destructive",
            "/tmp | f(){ cp /w/x planted; }; g(){ f; }; pushd STATE; g         | Destructive",
            "/tmp | f(){ touch \"$1\"; }; cd STATE; f planted                   | Destructive",
            "/tmp | f(){ echo x >> team.rules; }; (cd /w; f); f               | Write",
            "/tmp | f(){ echo x >> team.rules; }; cd /w; f                     | Write",
    })
    void writesWhereTheCommandRuns(String dir, String line, String expectedClass) {
        CommandClass expected = CommandClass.parse(expectedClass);
        Classification r = in(dir, line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(expected);
        if (expected == CommandClass.DESTRUCTIVE) {
            assertThat(r.findings()).extracting(Finding::reason)
                    .anyMatch(f -> f.startsWith("changes cmdgate's own files") || f.contains(".jsa"));
        }
    }
}
