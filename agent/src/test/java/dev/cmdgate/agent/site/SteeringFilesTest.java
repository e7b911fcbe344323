package dev.cmdgate.agent.site;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Read command judged with the files that steer it, read from real temporary trees by the bounded reader, as
 * the agent, the CLI and the hook do: git's repository, worktree, home and included configuration and its hooks.
 */
class SteeringFilesTest {

    @TempDir
    Path tmp;

    private final Gatekeeper gate = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.READONLY), null);

    private Path home() throws Exception {
        return Files.createDirectories(tmp.resolve("home"));
    }

    private Verdict judge(Path cwd, String... argv) throws Exception {
        return judge(Map.of(), cwd, argv);
    }

    private Verdict judge(Map<String, String> env, Path cwd, String... argv) throws Exception {
        SiteReader reader = new SiteReader(env, home().toString(), 2_000);
        Launch l = new Launch(List.of(argv), null, cwd.toString(), Map.of(), List.of(), null, null);
        return gate.judge(l, LaunchSite.of(cwd.toString(), LaunchSite.NoFrames.NO_FRAMES, reader.forLaunch()));
    }

    private Path repo(String name, String config) throws Exception {
        Path r = Files.createDirectories(tmp.resolve(name));
        Files.createDirectories(r.resolve(".git/hooks"));
        Files.writeString(r.resolve(".git/hooks/pre-commit.sample"), "#!/bin/sh\n");
        Files.writeString(r.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.createDirectories(r.resolve(".git/objects"));
        Files.createDirectories(r.resolve(".git/refs/heads"));
        Files.writeString(r.resolve(".git/config"), config);
        return r;
    }

    /** git's index (version 2, SHA-1) holding one gitlink (mode 160000) per path, with its checksum. */
    static byte[] indexWithGitlinks(String... paths) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(out);
        d.writeBytes("DIRC");
        d.writeInt(2);
        d.writeInt(paths.length);
        for (String p : paths) {
            byte[] name = p.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            d.write(new byte[24]);            // ctime, mtime, dev, ino
            d.writeInt(0160000);              // mode: a gitlink
            d.write(new byte[12]);            // uid, gid, size
            d.write(new byte[20]);            // the commit
            d.writeShort(name.length);
            d.write(name);
            int entry = 62 + name.length;
            d.write(new byte[8 - entry % 8]);
        }
        byte[] body = out.toByteArray();
        out.write(java.security.MessageDigest.getInstance("SHA-1").digest(body));
        return out.toByteArray();
    }

    private static void assertWrite(Verdict v, String because) {
        assertThat(v.classification().commandClass()).as(strongest(v)).isEqualTo(CommandClass.WRITE);
        assertThat(strongest(v)).contains(because);
    }

    private static String strongest(Verdict v) {
        Finding best = null;
        for (Finding f : v.classification().findings()) {
            if (best == null || f.commandClass().ordinal() > best.commandClass().ordinal()) {
                best = f;
            }
        }
        return best == null ? "" : best.location() + " | " + best.reason();
    }

    @Test
    void fsmonitorInTheRepositoryMakesGitStatusNotRead() throws Exception {
        Path r = repo("r", "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = \"touch /tmp/marker\"\n");
        Verdict v = judge(r, "git", "status");
        assertThat(v.classification().commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(v.gate()).isEqualTo(GateDecision.BLOCK);
        assertThat(strongest(v)).contains(".git/config: core.fsmonitor");
        Path below = Files.createDirectories(r.resolve("src/main"));
        assertThat(judge(below, "git", "status").classification().commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(judge(tmp, "git", "-C", "r", "status").classification().commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(judge(tmp, "git", "-C", "r/src", "-C", "main", "log").classification().commandClass())
                .isEqualTo(CommandClass.WRITE);
    }

    @Test
    void anOrdinaryRepositoryStaysRead() throws Exception {
        Path r = repo("plain", "[core]\n\tbare = false\n\tfsmonitor = false\n[remote \"origin\"]\n\turl = https://example.com/r.git\n"
                + "[core]\n\teditor = vim\n[pager]\n\tlog = less -R\n");
        Verdict v = judge(r, "git", "status");
        assertThat(v.classification().commandClass()).as(strongest(v)).isEqualTo(CommandClass.READ);
        assertThat(v.gate()).isEqualTo(GateDecision.ALLOW);
    }

    @Test
    void editingTheConfigurationBetweenTwoIdenticalLaunchesChangesTheSecond() throws Exception {
        Path r = repo("m", "[core]\n\tbare = false\n");
        assertThat(judge(r, "git", "status").gate()).isEqualTo(GateDecision.ALLOW);
        Files.writeString(r.resolve(".git/config"), "[core]\n\tfsmonitor = rm -rf ~\n");
        Verdict second = judge(r, "git", "status");
        assertThat(second.classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(second.gate()).isEqualTo(GateDecision.BLOCK);
        Files.writeString(r.resolve(".git/config"), "[core]\n\tbare = false\n");
        assertThat(judge(r, "git", "status").gate()).isEqualTo(GateDecision.ALLOW);
    }

    @Test
    void theHomeConfigurationAndWhatItIncludesCount() throws Exception {
        Path r = repo("h", "[core]\n\tbare = false\n");
        Files.writeString(home().resolve(".gitconfig"), "[includeIf \"gitdir:/nowhere/\"]\n\tpath = .extra\n");
        Files.writeString(home().resolve(".extra"), "[diff \"pdf\"]\n\ttextconv = \"sh -c 'rm -f x'\"\n");
        Verdict v = judge(r, "git", "diff");
        assertWrite(v, "~/.extra: diff.pdf.textconv");
        Files.writeString(home().resolve(".extra"), "[user]\n\tname = Someone\n");
        assertThat(judge(r, "git", "diff").classification().commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void aWorktreeReadsItsOwnAndTheSharedConfiguration() throws Exception {
        Path main = repo("main", "[core]\n\tbare = false\n");
        Path wtGit = Files.createDirectories(main.resolve(".git/worktrees/wt"));
        Files.writeString(wtGit.resolve("commondir"), "../..\n");
        Files.writeString(wtGit.resolve("config.worktree"), "[core]\n\tpager = rm -f y\n");
        Path wt = Files.createDirectories(tmp.resolve("wt"));
        Files.writeString(wt.resolve(".git"), "gitdir: " + wtGit + "\n");
        assertThat(strongest(judge(wt, "git", "log"))).contains("config.worktree: core.pager");
        Files.delete(wtGit.resolve("config.worktree"));
        Verdict clean = judge(wt, "git", "log");
        assertThat(clean.classification().commandClass()).as(strongest(clean)).isEqualTo(CommandClass.READ);
        Files.writeString(main.resolve(".git/config"), "[alias]\n\tst = \"!rm -f z\"\n");
        // git runs an alias with the arguments it was given: rm -f z "$@"
        assertThat(judge(wt, "git", "log").classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void aHookThatExistsOrAFileThatCannotBeReadIsNotRead() throws Exception {
        Path r = repo("k", "[core]\n\tbare = false\n");
        Files.writeString(r.resolve(".git/hooks/post-index-change"), "#!/bin/sh\n");
        assertThat(strongest(judge(r, "git", "status"))).contains("post-index-change");
        Files.delete(r.resolve(".git/hooks/post-index-change"));
        Files.delete(r.resolve(".git/config"));
        Process p = new ProcessBuilder("mkfifo", r.resolve(".git/config").toString()).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Verdict v = judge(r, "git", "status");
        assertWrite(v, "not a regular file");
    }

    @Test
    void aSubmoduleFoundThroughTheIndexIsReadWithItsOwnConfigurationAndHooks() throws Exception {
        Path r = repo("super", "[core]\n\tbare = false\n");
        assertThat(judge(r, "git", "status").classification().commandClass()).isEqualTo(CommandClass.READ);
        // an embedded submodule: the index's gitlink names libs/x, whose own .git holds the setting
        Files.write(r.resolve(".git/index"), indexWithGitlinks("libs/x"));
        Path sub = repo("super/libs/x", "[core]\n\tfsmonitor = \"touch /tmp/marker\"\n");
        Verdict v = judge(r, "git", "status");
        assertWrite(v, "libs/x/.git/config: core.fsmonitor");
        // the same, absorbed: a .git file naming .git/modules/libs/x (a name holding a slash, one level deeper)
        Files.writeString(sub.resolve(".git/config"), "[core]\n\tbare = false\n");
        Path absorbed = Files.createDirectories(r.resolve(".git/modules/libs/x"));
        Files.createDirectories(absorbed.resolve("hooks"));
        Files.writeString(absorbed.resolve("HEAD"), "ref: refs/heads/main\n");
        Files.writeString(absorbed.resolve("hooks/post-index-change"), "#!/bin/sh\n");
        assertThat(strongest(judge(r, "git", "status"))).contains("modules/libs/x/hooks");
        // a nested submodule's index is read in turn
        Files.delete(absorbed.resolve("hooks/post-index-change"));
        Files.write(sub.resolve(".git/index"), indexWithGitlinks("deeper"));
        repo("super/libs/x/deeper", "[diff]\n\texternal = env\n");
        assertThat(strongest(judge(r, "git", "diff"))).contains("deeper/.git/config: diff.external");
        // an index cmdgate cannot read: not every submodule is known
        Files.write(r.resolve(".git/index"), new byte[] {'D', 'I', 'R', 'C', 0, 0, 0, 9});
        Verdict cut = judge(r, "git", "status");
        assertWrite(cut, "index cannot be read for its submodules");
    }

    @Test
    void aDotGitDirectoryGitWouldRejectIsPassedOverAsGitDoes() throws Exception {
        Path r = repo("outer", "[core]\n\tfsmonitor = \"touch /tmp/marker\"\n");
        Path sub = Files.createDirectories(r.resolve("sub/.git"));
        Files.writeString(sub.resolve("config"), "[core]\n\tbare = false\n");
        assertThat(strongest(judge(r.resolve("sub"), "git", "status"))).contains("core.fsmonitor");
        // HEAD, objects, but no refs: still not a repository for git
        Files.writeString(sub.resolve("HEAD"), "ref: refs/heads/main\n");
        Files.createDirectories(sub.resolve("objects"));
        assertThat(strongest(judge(r.resolve("sub"), "git", "status"))).contains("core.fsmonitor");
        // a HEAD that is no reference nor object name
        Files.createDirectories(sub.resolve("refs"));
        Files.writeString(sub.resolve("HEAD"), "main\n");
        assertThat(strongest(judge(r.resolve("sub"), "git", "status"))).contains("core.fsmonitor");
        // once git accepts it, it is the repository and the one above is not read
        Files.writeString(sub.resolve("HEAD"), "0123456789abcdef0123456789abcdef01234567\n");
        Verdict v = judge(r.resolve("sub"), "git", "status");
        assertThat(v.classification().commandClass()).as(strongest(v)).isEqualTo(CommandClass.READ);
        // a HEAD that is a symbolic link git judges by its text, which cmdgate does not read: both are read
        Files.delete(sub.resolve("HEAD"));
        Files.createSymbolicLink(sub.resolve("HEAD"), Path.of("refs/heads/none"));
        assertThat(strongest(judge(r.resolve("sub"), "git", "status"))).contains("core.fsmonitor");
    }

    @Test
    void aDirectoryThroughASymbolicLinkIsWhereTheKernelTakesIt() throws Exception {
        repo("proj", "[core]\n\tbare = false\n");
        Path elsewhere = repo("elsewhere", "[core]\n\tfsmonitor = \"touch /tmp/marker\"\n");
        Path deep = Files.createDirectories(elsewhere.resolve("deep/dir"));
        Files.createSymbolicLink(tmp.resolve("proj/link"), deep);
        assertThat(strongest(judge(tmp.resolve("proj"), "git", "-C", "link/..", "status"))).contains("core.fsmonitor");
        assertThat(strongest(judge(tmp.resolve("proj"), "git", "-C", "link", "status"))).contains("core.fsmonitor");
        assertThat(strongest(judge(Path.of(tmp.resolve("proj/link") + "/.."), "git", "status"))).contains("core.fsmonitor");
        Verdict plain = judge(tmp.resolve("proj"), "git", "status");
        assertThat(plain.classification().commandClass()).as(strongest(plain)).isEqualTo(CommandClass.READ);
        Verdict none = judge(tmp.resolve("proj"), "git", "-C", "no/such/dir", "status");
        assertThat(none.classification().commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aPartialCloneMayFetchAndItsTransportAndHelpersAreJudged() throws Exception {
        Path r = repo("pc", "[extensions]\n\tpartialClone = origin\n[remote \"origin\"]\n\turl = https://example.com/r.git\n"
                + "\tpromisor = true\n");
        Verdict v = judge(r, "git", "cat-file", "-p", "HEAD");
        assertThat(v.classification().commandClass()).as(strongest(v)).isEqualTo(CommandClass.NETWORK);
        assertThat(strongest(v)).contains(".git/config: extensions.partialclone");
        Files.writeString(home().resolve(".gitconfig"), "[credential]\n\thelper = \"!rm -rf ~\"\n");
        assertThat(judge(r, "git", "log").classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Files.delete(home().resolve(".gitconfig"));
        Files.writeString(r.resolve(".git/config"), "[remote \"origin\"]\n\turl = ext::rm -rf ~\n");
        assertThat(judge(r, "git", "log").classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // a credential helper alone never runs for a Read command: left out (machines set them widely)
        Files.writeString(r.resolve(".git/config"), "[credential]\n\thelper = \"!rm -rf ~\"\n[remote \"o\"]\n\tpromisor = false\n");
        assertThat(judge(r, "git", "log").classification().commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void aWrapperGitRunsWithItsOwnArgumentsIsNotRead() throws Exception {
        for (String wrapper : List.of("env", "nice", "timeout 5", "xargs", "sh", "busybox", "env -i")) {
            Path r = repo("w" + wrapper.replace(' ', '_'), "[diff]\n\texternal = " + wrapper + "\n");
            Verdict v = judge(r, "git", "diff");
            assertThat(v.classification().commandClass()).as(wrapper + ": " + strongest(v)).isNotEqualTo(CommandClass.READ);
        }
        Path ok = repo("wok", "[diff \"x\"]\n\ttextconv = cat\n[pager]\n\tlog = less -R\n");
        assertThat(judge(ok, "git", "log").classification().commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void gitConfigSystemTakesThePlaceOfEtcGitconfigAsForGit() throws Exception {
        Path r = repo("sys", "[core]\n\tbare = false\n");
        Path system = Files.writeString(tmp.resolve("system.gitconfig"), "[core]\n\tfsmonitor = \"touch /tmp/marker\"\n");
        Map<String, String> env = Map.of("GIT_CONFIG_SYSTEM", system.toString());
        assertThat(strongest(judge(env, r, "git", "status"))).contains("system.gitconfig: core.fsmonitor");
        Files.writeString(system, "[user]\n\tname = x\n");
        // /etc/gitconfig is not read then (this machine's may name anything)
        assertThat(judge(env, r, "git", "status").classification().commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void otherProgramsAreJudgedWithTheFilesTheyStartFrom() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("proj/module"));
        assertThat(judge(project, "mvn", "-v").classification().commandClass()).isEqualTo(CommandClass.READ);
        Files.createDirectories(tmp.resolve("proj/.mvn"));
        Files.writeString(tmp.resolve("proj/.mvn/jvm.config"), "-XX:OnOutOfMemoryError=/tmp/x\n");
        assertThat(strongest(judge(project, "mvn", "-v"))).contains(".mvn/jvm.config");
        Files.writeString(home().resolve(".mavenrc"), "rm -rf ~/x\n");
        assertThat(judge(tmp, "mvn", "-v").classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(judge(Map.of("MAVEN_SKIP_RC", "1"), tmp, "mvn", "-v").classification().commandClass()).isEqualTo(CommandClass.READ);

        Path site = Files.createDirectories(home().resolve(".local/lib/python3.11/site-packages"));
        Files.writeString(site.resolve("a.pth"), "import os; os.system('touch /tmp/m')\n");
        assertThat(strongest(judge(tmp, "python3", "-m", "pip", "list"))).contains("a.pth");
        assertThat(judge(tmp, "python3", "-I", "-m", "pip", "list").classification().commandClass()).isEqualTo(CommandClass.READ);
        assertThat(judge(Map.of("PYTHONNOUSERSITE", "1"), tmp, "python3", "-m", "pip", "list").classification().commandClass())
                .isEqualTo(CommandClass.READ);

        Files.writeString(tmp.resolve("proj/rust-toolchain.toml"), "[toolchain]\npath = \"/tmp/tc\"\n");
        assertThat(strongest(judge(project, "cargo", "--version"))).contains("rust-toolchain.toml");
        Files.writeString(home().resolve(".lesskey"), "#env\nLESSOPEN=|/tmp/x %s\n");
        assertThat(judge(tmp, "less", "f.txt").classification().commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void withoutSteeringRowsNothingIsRead() throws Exception {
        Path r = repo("n", "[core]\n\tfsmonitor = rm -rf ~\n");
        assertThat(judge(r, "ls", "-la").classification().commandClass()).isEqualTo(CommandClass.READ);
        assertThat(judge(r, "git", "commit", "-m", "x").classification().commandClass()).isEqualTo(CommandClass.WRITE);
    }
}
