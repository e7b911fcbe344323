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
        SiteReader reader = new SiteReader(Map.of(), home().toString(), 2_000);
        Launch l = new Launch(List.of(argv), null, cwd.toString(), Map.of(), List.of(), null, null);
        return gate.judge(l, LaunchSite.of(cwd.toString(), LaunchSite.NoFrames.NO_FRAMES, reader.forLaunch()));
    }

    private Path repo(String name, String config) throws Exception {
        Path r = Files.createDirectories(tmp.resolve(name));
        Files.createDirectories(r.resolve(".git/hooks"));
        Files.writeString(r.resolve(".git/hooks/pre-commit.sample"), "#!/bin/sh\n");
        Files.writeString(r.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(r.resolve(".git/config"), config);
        return r;
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
        assertThat(v.classification().commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(strongest(v)).contains("~/.extra: diff.pdf.textconv");
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
        assertThat(judge(wt, "git", "log").classification().commandClass()).isEqualTo(CommandClass.WRITE);
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
        assertThat(v.classification().commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(strongest(v)).contains("not a regular file");
    }

    @Test
    void withoutSteeringRowsNothingIsRead() throws Exception {
        Path r = repo("n", "[core]\n\tfsmonitor = rm -rf ~\n");
        assertThat(judge(r, "ls", "-la").classification().commandClass()).isEqualTo(CommandClass.READ);
        assertThat(judge(r, "git", "commit", "-m", "x").classification().commandClass()).isEqualTo(CommandClass.WRITE);
    }
}
