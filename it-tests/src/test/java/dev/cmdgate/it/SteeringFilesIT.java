package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.WritesThenRuns;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Read command is judged with the files that steer it. The application writes them from Java, as an agent
 * framework's file-editing tool does (cmdgate never sees that write), then launches the Read command: git's
 * {@code core.fsmonitor} in the repository's configuration or in the home directory's names a program that
 * creates a marker file. Under readonly the launch is refused and the marker never appears; the same
 * application in audit mode (nothing blocked) shows the marker does appear when git runs.
 */
class SteeringFilesIT {

    @TempDir
    Path tmp;

    /** The test's places: the application's directory, its HOME, the repository, the marker program and its marker. */
    private record Tree(Path work, Path home, Path repo, Path program, Path marker, Path audit) {
    }

    private Tree tree() {
        Path work = Dirs.mkdir(tmp, "work");
        return new Tree(work, Dirs.mkdir(tmp, "home"), work.resolve("repo"), tmp.resolve("bin/mark"), tmp.resolve("marker"),
                tmp.resolve("audit.jsonl"));
    }

    /** The steps that write a marker program and a repository whose configuration is {@code config}. */
    private static List<String> repoWith(Path repo, Path program, Path marker, String config) {
        List<String> steps = new ArrayList<>(List.of(
                "script", program.toString(), "#!/bin/sh\necho made > '" + marker + "'\n",
                "write", repo.resolve(".git/HEAD").toString(), "ref: refs/heads/main\n",
                "mkdir", repo.resolve(".git/objects").toString(),
                "mkdir", repo.resolve(".git/refs/heads").toString(),
                "write", repo.resolve(".git/config").toString(), config));
        steps.add("--run");
        return steps;
    }

    private ForkedJvm jvm(Jdk jdk, Path work, Path home, String agentArgs, Path audit) {
        return ForkedJvm.on(jdk).in(work).withAgent(agentArgs).cmdgate("audit", audit)
                .env("HOME", home.toString()).env("XDG_CONFIG_HOME", home.resolve(".config").toString())
                .main(WritesThenRuns.class);
    }

    @OnEachJdk
    void git_status_with_a_repository_fsmonitor_is_refused_under_readonly(Jdk jdk) {
        Tree t = tree();
        String config = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = " + t.program() + "\n";

        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit())
                .args(repoWith(t.repo(), t.program(), t.marker(), config))
                .args(Spec.attempts()
                        .add("status", "@dir=" + t.repo(), "git", "status")
                        .add("status_C", "git", "-C", "repo", "status")
                        .add("ls", "ls", t.repo()).args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("status").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("status_C").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("ls").ok()).as(run.describe()).isTrue();
        assertThat(Files.exists(t.marker())).as("the fsmonitor program never ran").isFalse();
        Audit log = Audit.read(t.audit());
        List<Audit.Line> gits = log.lines().stream().filter(l -> l.argv().contains("git")).toList();
        assertThat(gits).as(log.dump()).hasSize(2);
        for (Audit.Line status : gits) {
            assertThat(status.outcome()).as(status.raw()).isEqualTo("blocked");
            assertThat(status.raw()).contains(".git/config: core.fsmonitor");
        }
        assertThat(run.stderr()).contains(".git/config: core.fsmonitor");

        // the control: the same files, nothing blocked — git runs the t.program()
        Path controlMarker = tmp.resolve("control-marker");
        Path controlRepo = t.work().resolve("control");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(repoWith(controlRepo, tmp.resolve("bin/control"), controlMarker,
                        config.replace(t.program().toString(), tmp.resolve("bin/control").toString())))
                .args(Spec.attempts().add("status", "@dir=" + controlRepo, "git", "status").args())
                .run();
        assertThat(control.result("status").ok()).as(control.describe()).isTrue();
        assertThat(Files.exists(controlMarker)).as("git runs core.fsmonitor on status: " + control.describe()).isTrue();
    }

    @OnEachJdk
    void git_status_with_a_home_fsmonitor_is_refused_and_allowed_once_it_is_gone(Jdk jdk) {
        Tree t = tree();
        List<String> steps = new ArrayList<>(repoWith(t.repo(), t.program(), t.marker(), "[core]\n\tbare = false\n"));
        steps.remove(steps.size() - 1);
        steps.addAll(List.of("write", t.home().resolve(".gitconfig").toString(), "[core]\n\tfsmonitor = " + t.program() + "\n", "--run"));

        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit())
                .args(steps)
                .args(Spec.attempts()
                        .add("status", "@dir=" + t.repo(), "git", "status")
                        .add("java-rm", t.home().resolve(".gitconfig"))
                        .add("again", "@dir=" + t.repo(), "git", "status").args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("status").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("again").ok()).as("the same launch once the file is gone: " + run.describe()).isTrue();
        assertThat(Files.exists(t.marker())).isFalse();
        List<Audit.Line> gits = Audit.read(t.audit()).lines().stream().filter(l -> l.argv().contains("git")).toList();
        assertThat(gits).hasSize(2);
        assertThat(gits.get(0).raw()).contains("~/.gitconfig: core.fsmonitor");
        assertThat(gits.get(1).outcome()).as(gits.get(1).raw()).isEqualTo("allowed");
    }
}
