package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.TouchOnlyPrompt;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ProcessBuilder.startPipeline} is decided whole, before its first stage starts: a pipeline whose
 * first stage would be allowed on its own but whose later stage is refused starts no stage at all.
 * The gate here is supervised with a prompt handler class that allows {@code touch} and denies anything
 * containing {@code rm}, so "stage 1 alone is allowed" holds whatever the classifier says about
 * {@code touch}; the later stage is an {@code rm -rf} of a temp directory that must survive.
 */
class PipelineIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_refused_pipeline_starts_no_stage(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path victim = Dirs.mkdir(files, "victim");
        Dirs.write(victim.resolve("keep"), "keep\n");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + TouchOnlyPrompt.class.getName())
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("stage1_alone", "touch", files.resolve("alone"))
                        .add("two_stages", "touch", files.resolve("s1"), "|", "rm", "-rf", victim)
                        .add("three_stages", "touch", files.resolve("t1"), "|", "cat", "|", "rm", "-rf", victim)
                        .add("allowed_pipeline", "touch", files.resolve("p1"), "|", "cat")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        AppResult alone = run.result("stage1_alone");
        soft.assertThat(alone.status()).as("control: stage 1 is allowed on its own " + alone).isEqualTo("ok");
        soft.assertThat(files.resolve("alone")).exists();

        Blocked.check(soft, run.result("two_stages"), "touch " + files.resolve("s1"), log.forWord(files.resolve("s1").toString()));
        Blocked.check(soft, run.result("three_stages"), "touch " + files.resolve("t1"), log.forWord(files.resolve("t1").toString()));
        soft.assertThat(files.resolve("s1")).as("first stage of a refused pipeline").doesNotExist();
        soft.assertThat(files.resolve("t1")).as("first stage of a refused pipeline").doesNotExist();
        soft.assertThat(victim.resolve("keep")).as("the refused rm -rf stage").exists();
        soft.assertThat(log.forWord(files.resolve("s1").toString()).argv()).as("the whole pipeline is judged")
                .contains("rm", victim.toString());

        AppResult allowed = run.result("allowed_pipeline");
        soft.assertThat(allowed.status()).as("control: a pipeline the handler allows runs " + allowed).isEqualTo("ok");
        soft.assertThat(files.resolve("p1")).exists();

        soft.assertThat(run.tagged("HANDLER")).as("the handler saw each refused pipeline once, whole")
                .filteredOn(l -> l.contains(" rm "))
                .hasSize(2)
                .allMatch(l -> l.startsWith("DENY "));
        soft.assertAll();
    }
}
