package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
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
 * {@code mode=audit} blocks nothing — the files are really created — but every decision is recorded with
 * what the gate said ({@code gate=block} or {@code prompt}) and what happened ({@code outcome=allowed}).
 */
class AuditModeIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void audit_mode_under_readonly_runs_everything_and_records_the_blocks(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,mode=audit").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("touch", "touch", files.resolve("touched"))
                        .add("pipeline", "touch", files.resolve("piped"), "|", "cat")
                        .add("redirect", "@out=" + files.resolve("redirected"), "echo", "hi")
                        .add("read", "echo", "read")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (AppResult r : run.results().values()) {
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        }
        soft.assertThat(run.results()).hasSize(4);
        soft.assertThat(files.resolve("touched")).exists();
        soft.assertThat(files.resolve("piped")).exists();
        soft.assertThat(files.resolve("redirected")).hasContent("hi");
        soft.assertThat(run.result("read").output()).isEqualTo("read\n");
        for (String f : new String[] {"touched", "piped"}) {
            Audit.Line l = log.forWord(files.resolve(f).toString());
            soft.assertThat(l.gate()).as(l.raw()).isEqualTo("block");
            soft.assertThat(l.outcome()).as(l.raw()).isEqualTo("allowed");
            soft.assertThat(l.str("mode")).as(l.raw()).isEqualTo("audit");
            soft.assertThat(l.commandClass()).as(l.raw()).isNotEqualTo("Read");
        }
        Audit.Line redirect = log.forWord("hi");
        soft.assertThat(redirect.gate()).as("a Read with an output redirect is a Write " + redirect.raw()).isEqualTo("block");
        soft.assertThat(redirect.outcome()).as(redirect.raw()).isEqualTo("allowed");
        Audit.Line read = log.forWord("read");
        soft.assertThat(read.gate()).as(read.raw()).isEqualTo("allow");
        soft.assertThat(read.outcome()).as(read.raw()).isEqualTo("allowed");
        soft.assertThat(run.stderrLines()).as("nothing was blocked, so nothing says so").noneMatch(l -> l.contains("cmdgate: blocked"));
        soft.assertAll();
    }

    @OnEachJdk
    void audit_mode_under_supervised_records_the_prompt_it_did_not_ask(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,mode=audit,prompt=deny").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("touched")).args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("ok");
        assertThat(files.resolve("touched")).exists();
        Audit log = Audit.read(audit);
        assertThat(log.size()).as(log.dump()).isEqualTo(1);
        Audit.Line l = log.forWord(files.resolve("touched").toString());
        assertThat(l.gate()).as(l.raw()).isEqualTo("prompt");
        assertThat(l.outcome()).as(l.raw()).isEqualTo("allowed");
        assertThat(l.str("mode")).as(l.raw()).isEqualTo("audit");
    }
}
