package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.LaunchPaths;
import dev.cmdgate.it.apps.NoLeak;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Sources;
import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a JVM launches a process goes through the gate: the six {@code Runtime.exec} overloads,
 * {@code ProcessBuilder.start}, {@code startPipeline}, a new thread, a fixed pool, the common
 * ForkJoinPool, a reflective call of {@code ProcessImpl.start} and reflective construction of
 * {@code ProcessImpl} (both with {@code --add-opens}). Each attempt really tries to create its own file
 * with {@code touch}: under readonly none may exist afterwards; under supervised with
 * {@code prompt=allow} (the control: the same code does launch) every one must.
 */
class LaunchPathsIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void every_launch_path_is_refused_under_readonly_and_creates_nothing(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .openJavaLang().main(LaunchPaths.class, files).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : LaunchPaths.ALL) {
            Path target = files.resolve(name);
            AppResult r = run.result(name);
            soft.assertThat(target).as(name + " must not have run").doesNotExist();
            String command = "touch " + (name.endsWith("_dir") ? name : target.toString());
            Audit.Line line = log.forWord(target.toString(), name);
            Blocked.check(soft, r, command, line);
            soft.assertThat(line.str("mode")).as(name).isEqualTo("enforce");
            soft.assertThat(line.str("cwd")).as(name + " working directory")
                    .isEqualTo((name.endsWith("_dir") ? files : work).toString());
            soft.assertThat(line.str("scheme")).as(name).contains("readonly");
            soft.assertThat(line.caller()).as(name + " caller frame")
                    .startsWith(LaunchPaths.class.getName() + ".")
                    .endsWith("(LaunchPaths.java:" + Sources.lineOf(LaunchPaths.class, "// launch:" + name) + ")");
        }
        soft.assertThat(log.size()).as("one audit line per attempt\n" + log.dump()).isEqualTo(LaunchPaths.ALL.size());
        soft.assertThat(run.stderrLines().stream().filter(l -> l.startsWith("cmdgate: blocked ")).count())
                .as("each refusal reported once on stderr\n" + run.stderr()).isEqualTo(LaunchPaths.ALL.size());
        soft.assertAll();
    }

    @OnEachJdk
    void every_launch_path_runs_when_the_gate_allows_it(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=allow").cmdgate("audit", audit)
                .openJavaLang().main(LaunchPaths.class, files).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : LaunchPaths.ALL) {
            Path target = files.resolve(name);
            AppResult r = run.result(name);
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
            soft.assertThat(r.ok() ? r.exitStatus() : -1).as(r.toString()).isZero();
            soft.assertThat(target).as(name + " must have run").exists();
            Audit.Line line = log.forWord(target.toString(), name);
            soft.assertThat(line.outcome()).as(name).isEqualTo("allowed");
            soft.assertThat(line.gate()).as(name).isEqualTo("prompt");
            soft.assertThat(line.prompt()).as(name + " prompt record").isNotNull();
            if (line.prompt() != null) {
                soft.assertThat(line.prompt().get("handler")).as(name).isEqualTo("allow");
                soft.assertThat(line.prompt().get("answer")).as(name).isEqualTo("allow");
            }
        }
        soft.assertThat(log.size()).as("one audit line per attempt\n" + log.dump()).isEqualTo(LaunchPaths.ALL.size());
        soft.assertAll();
    }

    @OnEachJdk
    void refused_launches_leave_no_pipe_or_file_open(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        int rounds = 15;

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").openJavaLang()
                .main(NoLeak.class, files, rounds).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.tagged("REFUSED")).as(run.describe()).containsExactly(String.valueOf(rounds * LaunchPaths.ALL.size()));
        assertThat(run.tagged("OTHER")).as(run.describe()).containsExactly("0");
        String[] fds = run.tagged("FDS").get(0).split(" ");
        assertThat(Integer.parseInt(fds[1])).as("open file descriptors after %d refused launches (before: %s)",
                (rounds - 1) * LaunchPaths.ALL.size(), fds[0]).isLessThanOrEqualTo(Integer.parseInt(fds[0]) + 2);
        for (String name : LaunchPaths.ALL) {
            assertThat(files.resolve(name)).doesNotExist();
        }
    }
}
