package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A word naming one of the gate's files is a write of it unless the rules know the program only reads it: programs
 * the rules do not know to write (or do not know at all), programs that remove their input, names derived from a
 * written file (backups), and files or directories a program writes that the environment names.
 */
class NamedOwnFilesTest {

    @TempDir
    Path tmp;

    private Path state;
    private Path policy;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        state = Files.createDirectories(tmp.resolve("srv/gate"));
        policy = Files.createDirectories(tmp.resolve("srv/policy"));
        Files.writeString(state.resolve("user.rules"), "");
        Files.writeString(state.resolve("audit.jsonl"), "");
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(state.resolve("user.rules"), OwnFiles.Kind.FILE, "the rules file")
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(policy, OwnFiles.Kind.TREE, "the policy state directory")
                .build();
        c = Classifiers.standard(null, own);
    }

    private List<String> reasons(String line) {
        return reasons("/tmp", line);
    }

    private List<String> reasons(String dir, String line) {
        String l = line.replace("STATE", state.toString()).replace("POLICY", policy.toString());
        String d = dir.replace("STATE", state.toString()).replace("SRV", state.getParent().toString());
        Classification r = c.classifyArgv(List.of("sh", "-c", l), Map.of(), LaunchSite.of(d, List::of));
        return r.findings().stream().map(Finding::reason).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // programs the rules do not know to write, or do not know at all, given a gate file
            "rename.ul /w/x STATE/audit.jsonl /w/x",
            "sdiff -o STATE/audit.jsonl /w/a /w/b",
            "lz4 -q -f /w/x STATE/user.rules",
            "lz4 -d -f /w/x.lz4 STATE/user.rules",
            "ar rc STATE/user.rules /w/x",
            "tic -o STATE /w/ti",
            "tic -o POLICY /w/ti",
            "msgfmt -o STATE/user.rules /w/po",
            "msgfmt --output-file=POLICY/mo /w/po",
            "sqlite3 STATE/user.rules 'create table t(a)'",
            "sqlite3 POLICY/sq 'create table t(a)'",
            "./dbtool /w/db \"ATTACH 'STATE/audit.jsonl' AS a\"",
            // the file an SQL statement or a dot command names, relative ones from where sqlite3 runs
            "sqlite3 /w/db \"VACUUM INTO 'STATE/audit.jsonl'\"",
            "sqlite3 /w/db \"vacuum main into 'STATE/user.rules'\"",
            "sqlite3 /w/db \"ATTACH DATABASE 'file:STATE/user.rules?mode=rwc' AS a\"",
            "cd STATE && sqlite3 /w/db \"attach 'audit.jsonl' as a; create table a.t(x)\"",
            "cd STATE && sqlite3 -cmd '.once audit.jsonl' /w/db 'select 1'",
            "cd STATE && sqlite3 -cmd '.output user.rules' /w/db 'select 1'",
            "cd STATE && sqlite3 /w/db '.backup main audit.jsonl'",
            "cd STATE && sqlite3 /w/db '.open --new user.rules'",
            "keytool -genkeypair -keystore POLICY/ks -alias a -keyalg EC",
            "git init -q --separate-git-dir=POLICY/sep /w/r2",
            "git --git-dir=POLICY/gd2 init -q",
            "git init -q --template=/w POLICY/gt",
            "git -C /w/r bundle create POLICY/b.bundle --all",
            "git -c alias.zz='!cp /w/x POLICY/m' zz",
            "./tool --out=STATE/user.rules",
            // options that write, declared so that their values are not taken for what the program only reads
            "javac -Xstdout STATE/audit.jsonl x.java",
            "javac -h POLICY A.java",
            "tar -cf /w/x.tar -g STATE/audit.jsonl /w/d",
            "jdeps -dotoutput POLICY A.class",
            "java -XX:AOTCacheOutput=/w/c.aot -XX:AOTConfiguration=STATE/audit.jsonl -version",
            "/opt/x/tool -o POLICY",
            // programs that remove or replace their input
            "gzip STATE/audit.jsonl",
            "gzip -k STATE/user.rules",
            "xz STATE/user.rules",
            "zip -m /w/z.zip STATE/user.rules",
            "tar --remove-files -cf /w/t.tar STATE/user.rules",
            "find STATE -delete",
            "rsync --remove-source-files STATE/audit.jsonl /w/copy",
            "find STATE/.. -name x -delete",
            // names derived from a written file
            "cp -b -S .jsonl /w/x STATE/audit",
            "cp --suffix=.rules -b /w/x STATE/user",
            "SIMPLE_BACKUP_SUFFIX=.jsonl cp -b /w/x STATE/audit",
            "mv -b -S .jsonl /w/x STATE/audit",
            "ln -sbS .rules /w/x STATE/user",
            "install -b -S .jsonl /w/x STATE/audit",
            "sed -i.jsonl s/a/b/ STATE/audit",
            "sed -i'STATE/*' s/a/b/ /w/user.rules",
            "perl -i.rules -pe 1 STATE/user",
            // files and directories the environment names
            "GIT_TRACE=STATE/audit.jsonl git version",
            "GIT_TRACE2_EVENT=STATE/audit.jsonl git status",
            "env GIT_TRACE=STATE/user.rules git version",
            "GIT_INDEX_FILE=POLICY/i git -C /w/r3 add x",
            "GIT_DIR=POLICY/gd git init -q",
            "TMPDIR=POLICY mktemp",
            "GNUPGHOME=POLICY gpg -q --list-keys",
            "gpg --homedir POLICY --list-keys",
            "HOME=POLICY git config --global a.b c",
            "XDG_CONFIG_HOME=POLICY git config --global a.b c",
            "export TMPDIR=POLICY; mktemp",
            // .. after a part only known at run time may lead anywhere: the name after it decides
            "find STATE/sub -maxdepth 0 -exec cp /w/x {}/../audit.jsonl \\;",
            "find /w/dst -exec cp /w/x {}/../../user.rules +",
            "cp /w/x \"$D/../audit.jsonl\"",
            // a wrapper that runs its command in the directory its first operand names
            "cmake -E chdir / cp /w/x .STATE/audit.jsonl",
            "cmake -E chdir STATE/.. cp /w/x gate/user.rules",
            // ... and the run-time part may itself be, or hold, the ..
            "cp /w/x STATE/sub/.$(:)./audit.jsonl",
            "printf x >> /w/$(echo ..)/gate/user.rules",
            "cp /w/x /w/x$(echo /..)/user.rules",
            "cp /w/x /w/`echo ..`/audit.jsonl.1",
            "cp /w/x /w/${D:-..}/audit.jsonl",
            "cp /w/x /w/$(echo \"$(echo ..)\")/audit.jsonl",
            // a work tree the gate cannot resolve may hold its files; $PWD and $HOME are what it knows
            "git --git-dir=/w/.git --work-tree=$X checkout -f",
            "GIT_WORK_TREE=$(cat /w/t) git --git-dir=/w/.git stash",
    })
    void aWordNamingAGateFileIsWrittenUnlessTheProgramIsKnownOnlyToReadIt(String line) {
        assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith("changes cmdgate's own files: the "));
    }

    @org.junit.jupiter.api.Test
    void aWorkTreeNamedByTheLaunchsOwnDirectoryIsResolved() throws IOException {
        Files.createDirectories(state.resolve("sub"));
        String line = "git --git-dir=/w/.git --work-tree=$PWD/.. checkout -f";
        assertThat(reasons("STATE/sub", line)).anyMatch(r -> r.startsWith("changes cmdgate's own files: the "));
        assertThat(reasons("STATE/sub", "git --git-dir=/w/.git --work-tree=${PWD}/.. stash"))
                .anyMatch(r -> r.startsWith("changes cmdgate's own files: the "));
        assertThat(reasons("/w/x", line)).noneMatch(r -> r.startsWith("changes cmdgate's own files"));
        assertThat(reasons("/w", "git --git-dir=/w/.git --work-tree=$PWD checkout -f"))
                .noneMatch(r -> r.startsWith("changes cmdgate's own files"));
    }

    /**
     * The directories the shell keeps: {@code ~+} and {@code $PWD} are where the line is (the launch's directory, a
     * cd's target, a value the line gave PWD), {@code ~-} and {@code $OLDPWD} where it was before its last cd or
     * what it inherited (not known when judged: the rest is compared by name), the stack's {@code ~N} what pushd
     * left (by name).
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "cp /w/x ~+/gate/audit.jsonl",
            "cp /w/x ~+/../srv/gate/user.rules",
            "cp /w/x $PWD/gate/audit.jsonl",
            "cp /w/x ${PWD}/gate/audit.jsonl",
            "cd STATE && cp /w/x ~+/audit.jsonl",
            "PWD=STATE; cp /w/x ~+/audit.jsonl",
            "cd $X && cp /w/x ~+/gate/audit.jsonl",
            "cd STATE && cd /w && cp /w/x ~-/audit.jsonl",
            "cd STATE && cd /w && cp /w/x $OLDPWD/audit.jsonl",
            "OLDPWD=STATE; cp /w/x ~-/audit.jsonl",
            "cp /w/x ~-/audit.jsonl",
            "cp /w/x ~-/../gate/user.rules",
            "pushd -n STATE >/dev/null; cp /w/x ~1/audit.jsonl",
            "cp /w/x ~+1/audit.jsonl",
            "cp /w/x ~-0/user.rules",
            "cp /w/x ~+/g*/audit.jsonl",
            "cp /w/x ~+/policy/../gate/audit.jsonl",
            "touch ~+/gate/audit.jsonl",
    })
    void aDirectoryTheShellKeepsIsResolvedAsTheShellWillOrJudgedByName(String line) {
        assertThat(reasons("SRV", line)).as(line).anyMatch(r -> r.startsWith("changes cmdgate's own files: the "));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "cp /w/x ~+/other.txt",
            "cp /w/x ~+/gate/other.txt",
            "cp /w/x ~-/other.txt",
            "cp /w/x ~1/other.txt",
            "cp /w/x $PWD/other.txt",
            "cd /w && cp /w/x ~+/audit.jsonl",
            "cat ~-/audit.jsonl",
            "cat ~+/gate/audit.jsonl",
    })
    void aDirectoryTheShellKeepsThatReachesNoGateFileIsNotOwnFiles(String line) {
        assertThat(reasons("SRV", line)).as(line).noneMatch(r -> r.startsWith("changes cmdgate's own files"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "cat STATE/audit.jsonl",
            "sdiff STATE/audit.jsonl /w/b",
            "gzip -c STATE/audit.jsonl",
            "lz4 -c STATE/audit.jsonl",
            "cp STATE/audit.jsonl /w/copy",
            "cp -b /w/x /w/y",
            "cp -b -S .jsonl /w/x /w/audit",
            "tar -cf /w/t.tar STATE",
            "rsync -a STATE/audit.jsonl /w/copy",
            "zip /w/z.zip STATE/user.rules",
            "sed -i.bak s/a/b/ /w/f",
            "sed -n p STATE/audit.jsonl",
            "sqlite3 /w/db 'select 1'",
            "sqlite3 /w/db \"VACUUM INTO '/w/copy.db'\"",
            "cd STATE && sqlite3 /w/db \"select 'attach audit.jsonl'\"",
            "cd STATE && sqlite3 -cmd '.once -x' /w/db 'select 1'",
            "git config --global a.b c",
            "GIT_TRACE=1 git status",
            "GIT_TRACE=/tmp/trace git status",
            "gpg --list-keys",
            "TMPDIR=/tmp/x mktemp",
            "find STATE -name '*.jsonl'",
            "find /w -delete",
            "diff STATE/user.rules /w/user.rules",
            "./tool /w/x",
            "git diff --no-index STATE/user.rules /w/user.rules",
            "find /w/dst -exec cp /w/x {}/../copy \\;",
            "cp /w/x /w/$(date +%s)/copy",
            "cp /w/x /w/$(echo ..)/notes/audit",
            "git --git-dir=/w/.git --work-tree=$X status",
            "java -javaagent:STATE/user.rules -cp STATE/user.rules -XX:SharedArchiveFile=STATE/user.rules -version",
    })
    void readingAGateFileOrWritingElsewhereIsNotOwnFiles(String line) {
        assertThat(reasons(line)).as(line).noneMatch(r -> r.startsWith("changes cmdgate's own files"));
    }
}
