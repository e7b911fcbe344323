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
 * Read commands still run under the strictest tier and their output comes back to the application
 * unchanged: {@code echo} (through ProcessBuilder and Runtime.exec), {@code cat FILE}, {@code ls DIR}
 * and {@code cat} fed by an input redirect (reading a file is not a write).
 */
class ReadCommandsIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void read_commands_run_under_readonly_and_return_their_output(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path data = Dirs.write(work.resolve("data.txt"), "line one\nline two\n");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("echo_pb", "echo", "hello")
                        .add("echo_exec", "@exec", "echo", "hello", "world")
                        .add("cat_file", "cat", data)
                        .add("ls_dir", "ls", work)
                        .add("cat_input_redirect", "@in=" + data, "cat")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        expectOutput(soft, run.result("echo_pb"), "hello\n");
        expectOutput(soft, run.result("echo_exec"), "hello world\n");
        expectOutput(soft, run.result("cat_file"), "line one\nline two\n");
        expectOutput(soft, run.result("ls_dir"), "data.txt\n");
        expectOutput(soft, run.result("cat_input_redirect"), "line one\nline two\n");
        Audit log = Audit.read(audit);
        soft.assertThat(log.size()).as(log.dump()).isEqualTo(5);
        for (Audit.Line l : log.lines()) {
            soft.assertThat(l.commandClass()).as(l.raw()).isEqualTo("Read");
            soft.assertThat(l.gate()).as(l.raw()).isEqualTo("allow");
            soft.assertThat(l.outcome()).as(l.raw()).isEqualTo("allowed");
            soft.assertThat(l.prompt()).as(l.raw()).isNull();
        }
        soft.assertThat(run.stderr()).as("allowed Read launches are not reported on stderr").isEmpty();
        soft.assertAll();
    }

    private static void expectOutput(SoftAssertions soft, AppResult r, String output) {
        soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        if (r.ok()) {
            soft.assertThat(r.exitStatus()).as(r.toString()).isZero();
            soft.assertThat(r.output()).as(r.toString()).isEqualTo(output);
        }
    }
}
