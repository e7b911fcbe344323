package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The gate's own files: whatever tool writes, moves, deletes, truncates or links over one of them (or a
 * directory above one), the launch is Destructive with the own-files finding; reading them is fine.
 */
class OwnFilesTest {

    @TempDir
    Path tmp;

    private Path state;
    private Path home;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        home = Files.createDirectories(tmp.resolve("home"));
        state = Files.createDirectories(tmp.resolve("srv/gate"));
        Files.writeString(state.resolve("user.rules"), "");
        Files.writeString(state.resolve("audit.jsonl"), "");
        Files.createDirectories(home.resolve(".cmdgate"));
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(state.resolve("user.rules"), OwnFiles.Kind.FILE, "the rules file")
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(home.resolve(".cmdgate/cmdgate.jar"), OwnFiles.Kind.FILE, "the agent jar")
                .build();
        c = Classifiers.standard(null, own);
    }

    private Classification in(String dir, String line) {
        return c.classifyArgv(List.of("sh", "-c", line.replace("STATE", state.toString())), Map.of(), dev.cmdgate.core.LaunchSite.of(dir.replace("STATE", state.toString()), List::of));
    }

    @ParameterizedTest(name = "{1} in {0} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "/tmp  | echo x > STATE/user.rules                  | Destructive",
            "/tmp  | echo x >> STATE/audit.jsonl                | Destructive",
            "/tmp  | rm STATE/audit.jsonl                       | Destructive",
            "/tmp  | rm STATE/audit.jsonl.1                     | Destructive",
            "/tmp  | mv STATE/audit.jsonl.2 /tmp/x              | Destructive",
            "/tmp  | truncate -s0 STATE/audit.jsonl             | Destructive",
            "/tmp  | sed -i d STATE/user.rules                  | Destructive",
            "/tmp  | tee STATE/user.rules                       | Destructive",
            "/tmp  | cp /tmp/evil.rules STATE/user.rules        | Destructive",
            "/tmp  | ln -sf /dev/null STATE/audit.jsonl         | Destructive",
            "/tmp  | tar -xf /tmp/a.tar -C STATE                | Destructive",
            "/tmp  | unzip -o /tmp/a.zip -d STATE               | Destructive",
            "/tmp  | chmod 000 STATE/user.rules                 | Destructive",
            "/tmp  | chown nobody STATE/audit.jsonl             | Destructive",
            "/tmp  | dd if=/dev/zero of=STATE/audit.jsonl       | Destructive",
            "/tmp  | mv STATE /tmp/gone                         | Destructive",
            "/tmp  | rm -r STATE/..                             | Destructive",
            "/tmp  | echo > STATE/../gate/user.rules            | Destructive",
            "/tmp  | rm STATE/audit*                            | Destructive",
            "STATE | rm audit.jsonl                             | Destructive",
            "STATE | rm ./audit.jsonl.3                         | Destructive",
            "STATE | echo x > user.rules                        | Destructive",
            "/tmp  | cd STATE && rm audit.jsonl                 | Destructive",
            "/tmp  | cd /x && rm -rf gate                       | Destructive",
            "/tmp  | cd /x && rm -r srv                         | Write",
            "/tmp  | echo > ~/.cmdgate/cmdgate.jar              | Destructive",
            "/tmp  | cp x $HOME/.cmdgate/cmdgate.jar            | Destructive",
            "/tmp  | java -Xlog:gc:file=STATE/audit.jsonl -version | Destructive",
            "/tmp  | java -Xlog:disable -Xlog:all=off,os=info:file=STATE/audit.jsonl:none -version | Destructive",
            "/tmp  | java -Xlog:gc:STATE/audit.jsonl -version   | Destructive",
            "/tmp  | java -Xlog:gc:file=\"STATE/audit.jsonl\" -version | Destructive",
            "/tmp  | java -Xlog:gc:file=STATE/audit.jsonl.%p -version | Destructive",
            "/tmp  | java -Xloggc:STATE/audit.jsonl -version    | Destructive",
            "/tmp  | java -XX:DumpLoadedClassList=STATE/audit.jsonl -version | Destructive",
            "/tmp  | java -Xshare:off -XX:ArchiveClassesAtExit=STATE/audit.jsonl -version | Destructive",
            "/tmp  | java -XX:StartFlightRecording=filename=STATE/audit.jsonl,duration=1s -version | Destructive",
            "/tmp  | java -XX:StartFlightRecording:duration=1s,filename=STATE/user.rules -version | Destructive",
            "/tmp  | java -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=STATE/user.rules -version | Destructive",
            "/tmp  | java -XX:ErrorFile=STATE/user.rules -version | Destructive",
            "/tmp  | java -XX:+LogVMOutput -XX:LogFile=STATE/audit.jsonl -version | Destructive",
            "/tmp  | java -Xshare:dump -XX:SharedArchiveFile=STATE/user.rules -version | Destructive",
            "/tmp  | cd STATE && java -Xlog:gc:file=audit.jsonl -version | Destructive",
            "/tmp  | java -Xlog:gc:file=/tmp/gc.log -version    | Write",
            "/tmp  | java -Xlog:gc:stderr -version              | Write",
            "/tmp  | java -XX:SharedArchiveFile=STATE/user.rules -version | Write",
            "/tmp  | ssh-keygen -q -N pw -C x -f STATE/audit.jsonl | Destructive",
            "/tmp  | ssh-keygen -p -N new -f STATE/user.rules   | Destructive",
            "/tmp  | ssh-keygen -R host -f STATE/user.rules     | Destructive",
            "/tmp  | ssh-keygen -l -f STATE/user.rules          | Read",
            "/tmp  | keytool -genkeypair -alias a -keyalg RSA -keystore STATE/user.rules | Destructive",
            "/tmp  | keytool -importkeystore -srckeystore a.p12 -destkeystore STATE/user.rules | Destructive",
            "/tmp  | keytool -list -keystore STATE/user.rules   | Read",
            "/tmp  | cat STATE/user.rules                       | Read",
            "/tmp  | grep x STATE/audit.jsonl                   | Read",
            "/tmp  | echo x > STATE/other.txt                   | Write",
            "/tmp  | rm /tmp/audit.jsonl                        | Write",
            "/tmp  | rm audit.jsonl                             | Write",
            "/tmp  | echo x > ~/notes.txt                       | Write",
            "/tmp  | cp x ~/                                    | Write",
            // bash's bracket forms and options the matcher does not model: a collating symbol or equivalence class
            // matches any character; after a shopt, letters match either case
            "/tmp  | cp x STATE/../[[.g.]]ate/audit.jsonl       | Destructive",
            "/tmp  | echo x >> STATE/user.rule[[=s=]]           | Destructive",
            "/tmp  | shopt -s nocaseglob; cp x STATE/../GAT[E]/audit.jsonl | Destructive",
            "/tmp  | shopt -s nocaseglob; cp x STATE/../gat[e]/AUDIT.JSONL | Destructive",
            // options set anywhere in the line, or by a source the text does not show, hold for every pattern in it
            "/tmp  | bash -O nocaseglob -c 'cp x STATE/../GAT[E]/audit.jsonl' | Destructive",
            "/tmp  | env BASHOPTS=nocaseglob bash -c 'cp x STATE/../GAT[E]/audit.jsonl' | Destructive",
            "/tmp  | BASH_ENV=o.sh bash -c 'cp x STATE/../GAT[E]/audit.jsonl' | Destructive",
            "/tmp  | f(){ cp x STATE/../GAT[E]/audit.jsonl; }; shopt -s nocaseglob; f | Destructive",
            "/tmp  | trap 'cp x STATE/../GAT[E]/audit.jsonl' EXIT; shopt -s nocaseglob | Destructive",
            "/tmp  | . ./o.sh; cp x STATE/../GAT[E]/audit.jsonl | Destructive",
            "/tmp  | cd /tmp && source o.sh && cp x STATE/../GAT[E]/audit.jsonl | Destructive",
            "/tmp  | find . -name x; cp x STATE/../GAT[E]/audit.jsonl | Write",
            "/tmp  | cp x STATE/../GAT[E]/audit.jsonl           | Write",
            "/tmp  | cp x STATE/../[[.g.]]ate/other.txt         | Write",
            // after a part only known at run time every literal stretch is matched as a pattern with the ends of
            // the gate's paths, and a stretch cut by another run-time part as the beginning of one
            "STATE | cp x ${PWD%/*}/gate/[a]udit.jsonl          | Destructive",
            "STATE | cp x $(cd ..;pwd)/gate/audit.json?         | Destructive",
            "STATE | cp x ${PWD%/*}/g*/audit.jsonl              | Destructive",
            "STATE | cp x ${PWD%/*}/gate/audit.jsonl$(:)        | Destructive",
            "STATE | echo x >> ${PWD%/*}/gate/user.rule$(printf s) | Destructive",
            "STATE | echo x >> ${PWD%/*}/gate/user.rule\"${x#y}\" | Destructive",
            "STATE | cp x ${PWD%/*}/gate/au$(:)dit.jsonl        | Destructive",
            "STATE | cp x ${PWD%/*}/gate/audit.jsonl.$(date +%s) | Destructive",
            "STATE | cp x ${PWD%/*}/gate/../gate/user.rul$(:)   | Destructive",
            "STATE | cp x ../g*/audit.jsonl$(:)                 | Destructive",
            "STATE | echo x >> ../[g]ate/user.rul$(printf e)s   | Destructive",
            "/tmp  | cp x STATE/../g?te/$(printf audit.jsonl)   | Destructive",
            // a bracket the known beginning opens may be closed after the run-time part: one character, any
            "STATE | cp x ../gate/[$(:)a]udit.jsonl             | Destructive",
            "STATE | echo x >> ../gate/[$(:)u]ser.rules         | Destructive",
            "STATE | cp x ../gate/[${x}a]udit.jsonl             | Destructive",
            "STATE | cp x ../gate/[`:`a]*.jsonl                 | Destructive",
            "STATE | cp x ../other/[$(:)a]udit.jsonl            | Write",
            "STATE | cp x ../gate/x/[$(:)a]b                    | Write",
            "STATE | cp x ../g*/other$(:)                       | Write",
            "STATE | cp x ${PWD%/*}/gate/other.txt$(:)          | Write",
            "STATE | cp x ${PWD%/*}/gate/[o]ther.txt            | Write",
            "/tmp  | cp x ${d}/lib/${f}                         | Write",
            "/tmp  | cp x ${d}/out/report-$(date +%s).txt       | Write",
    })
    void writesOverTheGatesFiles(String dir, String line, String expectedClass) {
        CommandClass expected = CommandClass.parse(expectedClass);
        Classification r = in(dir, line);
        assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(expected);
        if (expected == CommandClass.DESTRUCTIVE) {
            assertThat(r.findings()).extracting(Finding::reason).anyMatch(f -> f.startsWith("changes cmdgate's own files: the "));
        }
    }

    private void ownFiles(String dir, String line) {
        Classification r = in(dir, line);
        assertThat(r.findings()).as(line + " in " + dir + ": " + r.findings()).extracting(Finding::reason)
                .anyMatch(f -> f.startsWith("changes cmdgate's own files: the "));
    }

    private void notOwnFiles(String dir, String line) {
        Classification r = in(dir, line);
        assertThat(r.findings()).as(line + " in " + dir + ": " + r.findings()).extracting(Finding::reason)
                .noneMatch(f -> f.startsWith("changes cmdgate's own files"));
    }

    /**
     * A git command that rewrites its work tree's files (stash, checkout, reset --hard …) may put back any tracked
     * file, the gate's among them: a work tree holding one — named, from the environment, the repository found on
     * disk above where git works, or its core.worktree — is judged as writing it.
     */
    @Test
    void gitCommandsThatRewriteAWorkTreeHoldingTheGatesFilesAreOwnFiles() throws IOException {
        String t = tmp.toString();
        RepositoryDiscoveryTest.repository(state.resolve("repo/.git"));
        Files.createDirectories(tmp.resolve("srv/other"));
        RepositoryDiscoveryTest.repository(tmp.resolve("srv/.git"));   // a repository whose work tree holds STATE
        RepositoryDiscoveryTest.repository(tmp.resolve("work/.git"));
        RepositoryDiscoveryTest.repository(tmp.resolve("r/.git"));
        Files.writeString(tmp.resolve("r/.git/config"), "[core]\n\tworktree = " + state + "\n");

        ownFiles("/tmp", "cd STATE && git --git-dir=repo/.git --work-tree=. stash -q");
        ownFiles("/tmp", "git --git-dir=" + t + "/work/.git --work-tree=STATE checkout main");
        ownFiles("/tmp", "GIT_WORK_TREE=STATE git --git-dir=" + t + "/work/.git reset --hard");
        ownFiles("/tmp", "cd STATE && GIT_DIR=" + t + "/work/.git git stash");
        ownFiles("/tmp", "git -C STATE stash pop");
        ownFiles("STATE", "git merge other");
        ownFiles("STATE", "git restore --source=HEAD .");
        ownFiles("STATE", "git apply x.diff");
        ownFiles("STATE", "git read-tree -u -m HEAD");
        ownFiles("STATE", "git clean -fdx");
        ownFiles("STATE", "git pull");
        ownFiles(t + "/srv/other", "git switch main");
        ownFiles(t + "/srv", "git checkout-index -a -f");
        ownFiles("/tmp", "git -C " + t + "/r stash");
        ownFiles("/tmp", "git -C " + t + "/r reset --keep HEAD~1");
        ownFiles("/tmp", "git worktree add " + t + "/srv");
        ownFiles(t + "/srv", "git rm gate/audit.jsonl");
        // pathspecs from the work tree's top, and a work tree reached through a link
        ownFiles("/tmp", "git --git-dir=" + t + "/work/.git --work-tree=STATE rm -qf :/policy.body");
        Files.createSymbolicLink(tmp.resolve("link"), state);
        ownFiles("/tmp", "git --git-dir=" + t + "/work/.git --work-tree=" + t + "/link stash -q");
        ownFiles("/tmp", "GIT_WORK_TREE=" + t + "/link git --git-dir=" + t + "/work/.git checkout -f");

        // the submodules' work trees lie in the superproject's: deinit, update, foreach may rewrite any file there
        ownFiles(t + "/srv", "git submodule deinit -f --all");
        ownFiles(t + "/srv/other", "git submodule update --init --checkout");
        ownFiles(t + "/srv", "git submodule foreach true");
        ownFiles(t + "/srv", "git submodule absorbgitdirs");
        notOwnFiles(t + "/work", "git submodule deinit -f --all");
        notOwnFiles(t + "/srv", "git submodule status");
        notOwnFiles(t + "/work", "git stash");
        notOwnFiles(t + "/work", "git --work-tree=. checkout main");
        notOwnFiles("STATE", "git stash list");
        notOwnFiles("STATE", "git reset --soft HEAD~1");
        notOwnFiles("STATE", "git apply --check x.diff");
        notOwnFiles("STATE", "git restore --staged x");
        // --cached leaves the file, but no row says git rm only reads what it names: a gate file named is refused
        ownFiles("STATE", "git rm --cached audit.jsonl");
        notOwnFiles("/tmp", "git --git-dir=" + t + "/work/.git --work-tree=" + t + "/work stash");
        notOwnFiles("/tmp", "git worktree add " + t + "/work/new");
    }

    /** Where the work tree is was read on disk: the same launch after a core.worktree is set is judged again. */
    @Test
    void aWorkTreeVerdictIsNotReusedAfterTheRepositoryChanges() throws IOException {
        RepositoryDiscoveryTest.repository(tmp.resolve("r/.git"));
        Gatekeeper g = new Gatekeeper(c, new GateScheme.ByAutonomy(Autonomy.FULL), null);
        Launch stash = new Launch(List.of("git", "-C", tmp.resolve("r").toString(), "stash"), null, "/tmp", Map.of(),
                List.of(), null, null);
        assertThat(g.judge(stash).classification().commandClass()).isEqualTo(CommandClass.WRITE);
        Files.writeString(tmp.resolve("r/.git/config"), "[core]\n\tworktree = " + state + "\n");
        assertThat(g.judge(stash).classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aProtectedFileIsKnownByItsRealPathToo() throws IOException {
        Path link = Files.createSymbolicLink(tmp.resolve("link"), state);
        OwnFiles own = OwnFiles.builder(home.toString()).add(link.resolve("user.rules"), OwnFiles.Kind.FILE, "the rules file").build();
        CommandClassifier viaLink = Classifiers.standard(null, own);
        assertThat(viaLink.classifyArgv(List.of("rm", state.resolve("user.rules").toString()), Map.of(), dev.cmdgate.core.LaunchSite.of("/", List::of)).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(viaLink.classifyArgv(List.of("rm", link.resolve("user.rules").toString()), Map.of(), dev.cmdgate.core.LaunchSite.of("/", List::of)).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    /**
     * Two launches, each harmless as text: the first makes a link into the protected directory (or another name
     * for a protected file), the second writes through it. The second is judged where it leads on disk now.
     */
    @Test
    void aWriteThroughALinkAnEarlierLaunchMadeIsJudgedWhereItLeads() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.createSymbolicLink(work.resolve("lnk"), state);
        Files.createSymbolicLink(work.resolve("rules"), state.resolve("user.rules"));
        Files.createSymbolicLink(work.resolve("dangling"), state.resolve("audit.jsonl.7"));
        Files.createLink(work.resolve("hard"), state.resolve("user.rules"));
        for (String line : new String[] {"cp /etc/hostname lnk/", "cp /etc/hostname lnk/user.rules", "echo x > rules",
                "echo x >> dangling", "echo x > hard", "rm -rf lnk/", "cp /etc/hostname " + work + "/sub/../lnk/"}) {
            Classification r = in(work.toString(), line);
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(r.findings()).extracting(Finding::reason).anyMatch(f -> f.startsWith("changes cmdgate's own files: the "));
        }
        Files.createDirectories(work.resolve("sub"));
        Files.writeString(work.resolve("plain"), "");
        Files.createSymbolicLink(work.resolve("elsewhere"), work.resolve("sub"));
        for (String line : new String[] {"cp /etc/hostname elsewhere/", "echo x > plain", "echo x > new-file"}) {
            assertThat(in(work.toString(), line).commandClass()).as(line).isEqualTo(CommandClass.WRITE);
        }
    }

    /**
     * A written word holding a pattern is expanded on disk as the shell will: a link it matches (moved where its
     * relative text leads into the gate's directory) is judged where it leads, as a literal path is.
     */
    @Test
    void aPatternMatchingALinkIntoTheGatesDirectoryIsJudgedWhereItLeads() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("w/work"));
        Files.createDirectories(work.resolve("z"));
        // z/S's text leads nowhere from where it was made, but from z it is ../../srv/gate
        Files.createSymbolicLink(work.resolve("z/S"), Path.of("../../../srv/gate"));
        for (String line : new String[] {"cp x z/[S]/audit.jsonl", "echo x >> z/S/user.rule[s]", "cp x z/?/audit.jsonl.3",
                "cp x z/*/", "rm -f " + work + "/z/*/user.rules", "cp x z/**/audit.jsonl", "cp x z/.[!.]*/../S/user.rules"}) {
            Classification r = in(work.toString(), line);
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(r.findings()).extracting(Finding::reason).anyMatch(f -> f.startsWith("changes cmdgate's own files: the "));
        }
        Files.createDirectories(work.resolve("y/T"));
        for (String line : new String[] {"cp x y/[T]/audit.jsonl", "cp x z/[Q]/audit.jsonl", "echo x > y/*/notes"}) {
            assertThat(in(work.toString(), line).commandClass()).as(line).isEqualTo(CommandClass.WRITE);
        }
    }

    /** A pattern whose expansion cannot be listed within the bounds is taken to reach a gate file. */
    @Test
    void aPatternTooLargeToExpandIsTakenToReachTheGatesFiles() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("wide"));
        for (int i = 0; i <= PatternMatches.MAX_LISTED; i++) {
            Files.createDirectories(work.resolve("d" + i + "/e"));
        }
        Classification r = in(work.toString(), "cp x */*/notes");
        assertThat(r.commandClass()).as(r.findings().toString()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(r.findings()).extracting(Finding::reason).anyMatch(f -> f.contains("directories to list"));
        assertThat(in(work.toString(), "cp x d1*/e/notes").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    /**
     * After a shopt the options may fold case, but only in components that hold a wildcard: a directory above the
     * working directory is named literally and never listed, so a huge one there does not refuse an everyday line.
     */
    @Test
    void afterAShoptOnlyComponentsWithAWildcardAreListed() throws IOException {
        Path big = Files.createDirectories(tmp.resolve("big"));
        for (int i = 0; i <= 1200; i++) {
            Files.createFile(big.resolve("f" + i));
        }
        Path work = Files.createDirectories(big.resolve("w/work"));
        Files.createDirectories(work.resolve("out/a"));
        Files.writeString(work.resolve("out/a/x.class"), "");
        for (String line : new String[] {"shopt -s nullglob; for f in *.txt; do cp \"$f\" out/; done",
                "shopt -s globstar; rm -f out/**/*.class", "GLOBIGNORE=.:..; rm -f out/*.o", "shopt -s nullglob; cp x out/*/",
                "shopt -s nocaseglob; cp x OUT/*/"}) {
            Classification r = in(work.toString(), line);
            assertThat(r.findings()).as(line + " " + r.findings()).extracting(Finding::reason)
                    .noneMatch(f -> f.startsWith("changes cmdgate's own files"));
        }
        // a wildcard in the big directory itself is still bounded, and refused past the bound
        ownFiles(work.toString(), "shopt -s nocaseglob; cp x " + big + "/F*/notes");
        // the wildcard component is still matched in either case
        ownFiles("/tmp", "shopt -s nocaseglob; cp x STATE/../GAT[E]/audit.jsonl");
    }

    /** BASHOPTS or BASH_ENV in the launch's environment sets options for every bash the line starts. */
    @Test
    void globOptionsFromTheLaunchEnvironmentWidenMatching() {
        String line = "cp x " + state + "/../GAT[E]/audit.jsonl";
        for (Map<String, String> env : List.of(Map.of("BASHOPTS", "nocaseglob"), Map.of("BASH_ENV", "/tmp/o.sh"))) {
            Classification r = c.classifyArgv(List.of("bash", "-c", line), env, dev.cmdgate.core.LaunchSite.of("/tmp", List::of));
            assertThat(r.commandClass()).as(env + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        assertThat(c.classifyArgv(List.of("bash", "-c", line), Map.of("LANG", "C"), dev.cmdgate.core.LaunchSite.of("/tmp", List::of))
                .commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aSourcedFileIsACommandWordNotAnOperand() {
        assertThat(GlobOptionSources.sources(". ./o.sh")).isTrue();
        assertThat(GlobOptionSources.sources("cd x && . o.sh; ls")).isTrue();
        assertThat(GlobOptionSources.sources("if true; then source o.sh; fi")).isTrue();
        assertThat(GlobOptionSources.sources("X=1 . o.sh")).isTrue();
        assertThat(GlobOptionSources.sources("find . -name x")).isFalse();
        assertThat(GlobOptionSources.sources("echo source .")).isFalse();
        assertThat(GlobOptionSources.sources("git add . && ls ./src")).isFalse();
        assertThat(GlobOptionSources.sources("(cd a) && x=$(pwd) ; f() { :; }")).isFalse();
        assertThat(GlobOptionSources.sources("(. o.sh)")).isTrue();
    }

    @Test
    void aRelativeWriteAfterACdIntoAProtectedDirectoryIsDestructive() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.createSymbolicLink(work.resolve("lnk"), state);
        for (String line : new String[] {"cd STATE && echo x > user.rules", "cd lnk && cp /etc/hostname user.rules",
                "pushd lnk; truncate -s 0 ./audit.jsonl", "cd /tmp && cd " + state.getParent() + " && rm gate/user.rules",
                "(cd STATE; echo x >> audit.jsonl.1)"}) {
            Classification r = in(work.toString(), line);
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        assertThat(in(work.toString(), "cd /tmp && echo x > notes.txt").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void makingALinkToAProtectedFileOrDirectoryIsDestructive() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        for (String line : new String[] {"ln -s STATE lnk", "ln -s STATE/user.rules r", "ln STATE/user.rules r",
                "ln -sf STATE/audit.jsonl.3 a", "cp -s STATE/user.rules r", "cp -l STATE/user.rules r", "link STATE/user.rules r",
                "ln -s " + state.getParent() + " up"}) {
            Classification r = in(work.toString(), line);
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        // a relative target is followed from the link's directory, in the same command line as the write through it
        Path rel = work.resolve("sub/deeper").relativize(state);
        for (String line : new String[] {"mkdir -p sub/deeper && ln -s " + rel + " sub/deeper/lnk && cp /etc/hostname sub/deeper/lnk/",
                "mkdir -p sub/deeper && ln -s " + rel + " sub/deeper/ && cp /etc/hostname sub/deeper/state/",
                "ln -s -t sub/deeper " + rel}) {
            Classification r = in(work.toString(), line);
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
        assertThat(in(work.toString(), "ln -s /tmp/elsewhere lnk").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(in(work.toString(), "ln -s ../notes.txt sub/notes").commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(in(work.toString(), "cp STATE/user.rules copy").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void anotherNameOfAFileInAProtectedDirectoryIsKnownByIdentity() throws IOException {
        Path kept = Files.createDirectories(tmp.resolve("kept"));
        Files.writeString(kept.resolve("policy.body"), "{}");
        CommandClassifier withTree = Classifiers.standard(null, OwnFiles.builder(home.toString())
                .add(kept, OwnFiles.Kind.TREE, "the policy state directory").build());
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.createLink(work.resolve("body"), kept.resolve("policy.body"));
        Classification r = withTree.classifyArgv(List.of("sh", "-c", "echo '{\"x\":1}' > body"), Map.of(),
                dev.cmdgate.core.LaunchSite.of(work.toString(), List::of));
        assertThat(r.commandClass()).as(r.findings().toString()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aProcessBuilderRedirectOntoTheAuditFileIsDestructive() {
        Gatekeeper g = new Gatekeeper(c, new GateScheme.ByAutonomy(Autonomy.FULL), null);
        Launch redirected = new Launch(List.of("echo", "hi"), null, "/tmp", Map.of(),
                List.of(new Launch.OutputRedirect(state.resolve("audit.jsonl").toString(), true)), null, null);
        assertThat(g.judge(redirected).classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Launch relative = new Launch(List.of("echo", "hi"), null, state.toString(), Map.of(),
                List.of(new Launch.OutputRedirect("audit.jsonl", false)), null, null);
        assertThat(g.judge(relative).classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Launch elsewhere = new Launch(List.of("echo", "hi"), null, "/tmp", Map.of(),
                List.of(new Launch.OutputRedirect("audit.jsonl", false)), null, null);
        assertThat(g.judge(elsewhere).classification().commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void withoutProtectedFilesNothingChanges() {
        CommandClassifier plain = Classifiers.standard(null, OwnFiles.NONE);
        assertThat(plain.classifyArgv(List.of("rm", state.resolve("audit.jsonl").toString()), Map.of(), dev.cmdgate.core.LaunchSite.of("/", List::of)).commandClass())
                .isEqualTo(CommandClass.WRITE);
    }

    /**
     * A protected directory (a hook's configuration, a host's project settings) reached through a pattern that
     * names a file inside it, or through the files find hands to the command it runs: both write into it.
     */
    @ParameterizedTest(name = "{1} in {0} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "/tmp    | printf x >> ~/.config/*/config.properties                              | Destructive",
            "/tmp    | printf x >> ~/.config/cmdgat?/config.properties                        | Destructive",
            "/tmp    | printf x >> ~/.config/cmdgat[a-z]/config.properties                    | Destructive",
            "/tmp    | sed -i '$a x' ~/.config/cmd*/config.properties                         | Destructive",
            "/tmp    | sed -i '$a x' ~/.co*/**/config.properties                              | Destructive",
            "/tmp    | rm -r ~/.conf*                                                         | Destructive",
            "/tmp    | find ~/.config -name config.properties -exec sed -i '$a x' {} +         | Destructive",
            "/tmp    | find ~ -exec sh -c 'echo x >> {}' \\;                                  | Destructive",
            "PROJECT | echo '{}' > .cl*/settings.local.json                                   | Destructive",
            "PROJECT | cd sub && echo '{}' > ../.cl*/settings.local.json                      | Destructive",
            "PROJECT | shopt -s dotglob; sed -i s/a/b/ *                                      | Destructive",
            "PROJECT | sed -i s/a/b/ *                                                        | Write",
            "PROJECT | sed -i s/a/b/ */*.txt                                                  | Write",
            "/tmp    | printf x > ~/.config/*.txt                                             | Write",
            "/tmp    | find ~/src -exec sed -i s/a/b/ {} +                                    | Write",
    })
    void patternsAndFoundFilesReachAProtectedDirectory(String dir, String line, String expectedClass) throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(home.resolve(".config/cmdgate"), OwnFiles.Kind.TREE, "cmdgate's configuration")
                .add(project.resolve(".claude"), OwnFiles.Kind.TREE, "Claude Code's project settings")
                .build();
        CommandClassifier withTrees = Classifiers.standard(null, own);
        Classification got = withTrees.classifyArgv(List.of("sh", "-c", line), Map.of(),
                dev.cmdgate.core.LaunchSite.of(dir.replace("PROJECT", project.toString()), List::of));
        assertThat(got.commandClass().label()).as(got.toString()).isEqualTo(expectedClass);
        if (expectedClass.equals("Destructive")) {
            assertThat(got.findings()).extracting(Finding::reason).as(got.toString())
                    .anyMatch(f -> f.startsWith("changes cmdgate's own files: "));
        }
    }
}
