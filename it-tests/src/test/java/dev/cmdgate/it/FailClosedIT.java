package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fail closed: when cmdgate cannot do its job on the launch path — here, the configured audit file
 * became impossible to write after start-up (a directory now stands where the file should be) — even a
 * Read command is refused, with the reason, and the application neither crashes nor hangs.
 */
class FailClosedIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_launch_that_cannot_be_audited_is_refused(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("java-mkdir", audit)
                        .add("echo", "echo", "unaudited")
                        .add("echo_again", "echo", "unaudited again")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Blocked.assertBlocked(run.result("echo"));
        Blocked.assertBlocked(run.result("echo_again"));
        assertThat(run.result("echo").message()).as("the reason names the audit file").contains("audit");
        assertThat(run.stderr()).as(run.describe()).contains(audit.toString());
    }
}
