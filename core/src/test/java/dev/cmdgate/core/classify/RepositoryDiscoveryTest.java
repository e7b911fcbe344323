package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where git finds its repository, read through a site's bounded files, on real temporary trees. */
class RepositoryDiscoveryTest {

    @TempDir
    Path tmp;

    private RepositoryDiscovery git() {
        return new RepositoryDiscovery(new DiskSiteFiles(Map.of(), tmp.toString()));
    }

    /** A repository directory git accepts: a HEAD naming a branch, objects and refs. */
    static void repository(Path gitDir) throws IOException {
        Files.createDirectories(gitDir.resolve("objects"));
        Files.createDirectories(gitDir.resolve("refs"));
        Files.writeString(gitDir.resolve("HEAD"), "ref: refs/heads/main\n");
    }

    @Test
    void aDotGitGitDoesNotAcceptIsPassedOverAndAGitFileIsFollowed() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("srv/.git"));
        Files.createDirectories(top.resolve("srv/sub/.git"));   // no HEAD: git goes on upward
        assertThat(git().upward(top.resolve("srv/sub").toString(), ".git"))
                .containsExactly(new RepositoryDiscovery.Found(top.resolve("srv/.git").toString(), top.resolve("srv").toString()));

        repository(top.resolve("modules/m"));
        Files.createDirectories(top.resolve("linked"));
        Files.writeString(top.resolve("linked/.git"), "gitdir: ../modules/m\n");
        assertThat(git().upward(top.resolve("linked").toString(), ".git"))
                .containsExactly(new RepositoryDiscovery.Found(top.resolve("modules/m").toString(), top.resolve("linked").toString()));

        Files.createDirectories(top.resolve("odd"));
        Files.writeString(top.resolve("odd/.git"), "not a repository\n");
        assertThatThrownBy(() -> git().upward(top.resolve("odd").toString(), ".git"))
                .isInstanceOf(RepositoryDiscovery.NotAGitFile.class);
    }

    @Test
    void theConfiguredWorkTreeIsReadBoundedAndRelativeToTheRepository() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("r/.git"));
        String gitDir = top.resolve("r/.git").toString();
        assertThat(git().configuredWorkTrees(gitDir, "core.worktree")).isEmpty();
        Files.writeString(top.resolve("r/.git/config"), "[core]\n\tworktree = ../elsewhere\n");
        assertThat(git().configuredWorkTrees(gitDir, "core.worktree")).containsExactly(top.resolve("r/elsewhere").toString());
        Files.delete(top.resolve("r/.git/config"));
        Files.createDirectories(top.resolve("r/.git/config"));
        assertThatThrownBy(() -> git().configuredWorkTrees(gitDir, "core.worktree"))
                .isInstanceOf(SiteFiles.Unreadable.class).hasMessageContaining("is not a regular file");
    }

    /** A repository whose configuration cannot be read in bounds: where git would rewrite files is not known. */
    @Test
    void aWorkTreeThatCannotBeToldIsTheGatesFiles() throws Exception {
        Path state = Files.createDirectories(tmp.resolve("state"));
        Files.writeString(state.resolve("audit.jsonl"), "");
        OwnFiles own = OwnFiles.builder(tmp.toString()).add(state.resolve("audit.jsonl"), OwnFiles.Kind.FILE, "the audit file").build();
        repository(tmp.resolve("r/.git"));
        Files.write(tmp.resolve("r/.git/config"), new byte[DiskSiteFiles.MAX_BYTES + 1]);
        Classification c = Classifiers.standard(null, own).classifyArgv(List.of("git", "stash"), Map.of(),
                dev.cmdgate.core.LaunchSite.of(tmp.resolve("r").toString(), dev.cmdgate.core.LaunchSite.NoFrames.NO_FRAMES));
        assertThat(c.commandClass()).as(c.findings().toString()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings().toString()).contains("where the work tree the command rewrites is cannot be told");
    }

    /** git takes a .git file's path verbatim after the exact prefix "gitdir: ", less only trailing CR and LF. */
    @Test
    void aGitFilesPathKeepsItsBlanksAsGitReadsIt() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("repo/ evil"));
        Files.writeString(top.resolve("repo/.git"), "gitdir:  evil");
        assertThat(git().upward(top.resolve("repo").toString(), ".git"))
                .containsExactly(new RepositoryDiscovery.Found(top.resolve("repo/ evil").toString(), top.resolve("repo").toString()));

        repository(top.resolve("two/evil "));
        Files.writeString(top.resolve("two/.git"), "gitdir: evil \r\n");
        assertThat(git().gitFile(top.resolve("two").toString(), top.resolve("two/.git").toString()))
                .isEqualTo(top.resolve("two/evil ").toString());

        Files.createDirectories(top.resolve("three"));
        Files.writeString(top.resolve("three/.git"), "gitdir:x\n");   // git wants "gitdir: " exactly
        assertThatThrownBy(() -> git().upward(top.resolve("three").toString(), ".git"))
                .isInstanceOf(RepositoryDiscovery.NotAGitFile.class);
        Files.writeString(top.resolve("three/.git"), " gitdir: x\n");
        assertThatThrownBy(() -> git().upward(top.resolve("three").toString(), ".git"))
                .isInstanceOf(RepositoryDiscovery.NotAGitFile.class);
        Files.writeString(top.resolve("three/.git"), "gitdir: \r\n");
        assertThatThrownBy(() -> git().upward(top.resolve("three").toString(), ".git"))
                .isInstanceOf(RepositoryDiscovery.NotAGitFile.class);
        Files.write(top.resolve("three/.git"), "gitdir: x\0y\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThatThrownBy(() -> git().upward(top.resolve("three").toString(), ".git"))
                .isInstanceOf(SiteFiles.Unreadable.class);
    }

    /** A worktree's commondir keeps its blanks too: the shared repository "common " is not "common". */
    @Test
    void aCommondirKeepsItsBlanksAsGitReadsIt() throws Exception {
        Path top = tmp.toRealPath();
        Files.createDirectories(top.resolve("repo/common /objects"));
        Files.createDirectories(top.resolve("repo/common /refs/heads"));
        Files.createDirectories(top.resolve("repo/wt"));
        Files.writeString(top.resolve("repo/wt/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(top.resolve("repo/wt/commondir"), "../common \n");
        Files.writeString(top.resolve("repo/.git"), "gitdir: wt\n");
        String wt = top.resolve("repo/wt").toString();
        assertThat(git().upward(top.resolve("repo").toString(), ".git"))
                .containsExactly(new RepositoryDiscovery.Found(wt, top.resolve("repo").toString()));
        assertThat(git().commonDir(wt)).isEqualTo(top.resolve("repo/common ").toString());

        Files.writeString(top.resolve("repo/wt/commondir"), "");
        assertThatThrownBy(() -> git().commonDir(wt)).isInstanceOf(SiteFiles.Unreadable.class);
    }

    /** git reads 255 bytes of HEAD and skips only space, tab, LF and CR after "ref:": else it walks on upward. */
    @Test
    void aHeadIsJudgedAsGitJudgesIt() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("p/.git"));
        repository(top.resolve("p/sub/.git"));
        Path head = top.resolve("p/sub/.git/HEAD");
        RepositoryDiscovery.Found outer = new RepositoryDiscovery.Found(top.resolve("p/.git").toString(), top.resolve("p").toString());
        RepositoryDiscovery.Found inner = new RepositoryDiscovery.Found(top.resolve("p/sub/.git").toString(), top.resolve("p/sub").toString());
        String sub = top.resolve("p/sub").toString();

        Files.writeString(head, "ref:\frefs/heads/main\n");
        assertThat(git().upward(sub, ".git")).containsExactly(outer);
        Files.writeString(head, "ref:\u000brefs/heads/main\n");
        assertThat(git().upward(sub, ".git")).containsExactly(outer);
        Files.writeString(head, "ref:" + " ".repeat(300) + "refs/heads/main\n");
        assertThat(git().upward(sub, ".git")).containsExactly(outer);
        Files.writeString(head, "ref:" + " ".repeat(246) + "refs/\n");   // refs/ ends at byte 255: still read
        assertThat(git().upward(sub, ".git")).containsExactly(inner);
        Files.writeString(head, "ref: \t\r\nrefs/heads/main\n");
        assertThat(git().upward(sub, ".git")).containsExactly(inner);
        Files.writeString(head, "0123456789abcdef0123456789abcdef0123456\n");   // 39 hex digits
        assertThat(git().upward(sub, ".git")).containsExactly(outer);
        Files.writeString(head, "0123456789abcdef0123456789abcdef01234567\n");
        assertThat(git().upward(sub, ".git")).containsExactly(inner);
    }

    /** A linked worktree's work tree: the shared config's core.worktree, and config.worktree's with worktreeConfig. */
    @Test
    void aWorktreesConfiguredWorkTreeIsReadWhereGitReadsIt() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("w/common"));
        Files.createDirectories(top.resolve("w/wt"));
        Files.writeString(top.resolve("w/wt/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(top.resolve("w/wt/commondir"), "../common\n");
        Files.writeString(top.resolve("w/.git"), "gitdir: wt\n");
        Files.createDirectories(top.resolve("state"));
        String wt = top.resolve("w/wt").toString();
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).isEmpty();

        Files.writeString(top.resolve("w/common/config"), "[core]\n\tworktree = " + top.resolve("shared") + "\n");
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).containsExactly(top.resolve("shared").toString());

        Files.writeString(top.resolve("w/wt/config.worktree"), "[core]\n\tworktree = " + top.resolve("state") + "\n");
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).containsExactly(top.resolve("shared").toString());
        Files.writeString(top.resolve("w/common/config"), "[core]\n\trepositoryformatversion = 1\n\tbare = false\n"
                + "[extensions]\n\tworktreeConfig = true\n");
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).containsExactly(top.resolve("state").toString());
        Files.writeString(top.resolve("w/common/config"), "[extensions]\n\tworktreeConfig\n");
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).containsExactly(top.resolve("state").toString());
        Files.writeString(top.resolve("w/common/config"), "[extensions]\n\tworktreeConfig = off\n");
        assertThat(git().configuredWorkTrees(wt, "core.worktree")).isEmpty();
    }

    /** core.worktree = W/lnk/..: git chdir()s there and the kernel follows lnk first, so the work tree is lnk's parent. */
    @Test
    void aConfiguredWorkTreeWithDotDotIsTakenOnDisk() throws Exception {
        Path top = tmp.toRealPath();
        repository(top.resolve("W/.git"));
        Files.createDirectories(top.resolve("S/sub"));
        Files.createSymbolicLink(top.resolve("W/lnk"), top.resolve("S/sub"));
        String gitDir = top.resolve("W/.git").toString();
        Files.writeString(top.resolve("W/.git/config"), "[core]\n\tworktree = " + top.resolve("W/lnk/..") + "\n");
        assertThat(git().configuredWorkTrees(gitDir, "core.worktree")).containsExactly(top.resolve("S").toString());
        Files.writeString(top.resolve("W/.git/config"), "[core]\n\tworktree = ../lnk/../x\n");
        assertThat(git().configuredWorkTrees(gitDir, "core.worktree")).containsExactly(top.resolve("S/x").toString());
        Files.writeString(top.resolve("W/.git/config"), "[core]\n\tworktree = ../gone/..\n");
        assertThatThrownBy(() -> git().configuredWorkTrees(gitDir, "core.worktree")).isInstanceOf(SiteFiles.Unreadable.class);
    }

    /** git stash in a linked worktree whose config.worktree names the gate's state directory rewrites the gate's files. */
    @Test
    void aWorkTreeNamedInConfigWorktreeHoldingTheGatesFilesIsRefused() throws Exception {
        Path top = tmp.toRealPath();
        Path state = Files.createDirectories(top.resolve("state"));
        Files.writeString(state.resolve("audit.jsonl"), "");
        OwnFiles own = OwnFiles.builder(top.toString()).add(state.resolve("audit.jsonl"), OwnFiles.Kind.FILE, "the audit file").build();
        repository(top.resolve("w/common"));
        Files.writeString(top.resolve("w/common/config"), "[extensions]\n\tworktreeConfig = true\n");
        Files.createDirectories(top.resolve("w/wt"));
        Files.writeString(top.resolve("w/wt/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(top.resolve("w/wt/commondir"), "../common\n");
        Files.writeString(top.resolve("w/.git"), "gitdir: wt\n");
        Files.writeString(top.resolve("w/wt/config.worktree"), "[core]\n\tworktree = " + state + "\n");
        Classification c = Classifiers.standard(null, own).classifyArgv(List.of("git", "stash"), Map.of(),
                dev.cmdgate.core.LaunchSite.of(top.resolve("w").toString(), dev.cmdgate.core.LaunchSite.NoFrames.NO_FRAMES));
        assertThat(c.commandClass()).as(c.findings().toString()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings().toString()).contains("own files");

        Files.delete(top.resolve("w/wt/config.worktree"));
        c = Classifiers.standard(null, own).classifyArgv(List.of("git", "stash"), Map.of(),
                dev.cmdgate.core.LaunchSite.of(top.resolve("w").toString(), dev.cmdgate.core.LaunchSite.NoFrames.NO_FRAMES));
        assertThat(c.findings().toString()).doesNotContain("own files");
    }
}
