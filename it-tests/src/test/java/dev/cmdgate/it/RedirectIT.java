package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
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
 * A ProcessBuilder redirect is a write the JDK does for the process: refused launches leave their
 * redirect targets untouched (not created, and an existing file not truncated), and even a Read command
 * with an output redirect is a Write, so readonly refuses it. Under supervised with {@code prompt=allow}
 * the same attempts run and write their files (the control).
 */
class RedirectIT {

    private static final String ORIGINAL = "original content\n";

    @TempDir
    Path tmp;

    private Path work;
    private Path files;

    private Spec attempts() {
        work = Dirs.mkdir(tmp, "work");
        files = Dirs.mkdir(tmp, "files");
        Dirs.write(files.resolve("existing"), ORIGINAL);
        return Spec.attempts()
                .add("blocked_cmd_with_redirect", "@out=" + files.resolve("touch_out"), "touch", files.resolve("touched"))
                .add("read_with_out_redirect", "@out=" + files.resolve("echo_out"), "echo", "hi")
                .add("read_with_append_redirect", "@append=" + files.resolve("echo_append"), "echo", "hi")
                .add("read_with_err_redirect", "@err=" + files.resolve("ls_err"), "ls", files.resolve("missing"))
                .add("read_over_existing_file", "@out=" + files.resolve("existing"), "echo", "hi")
                .add("read_without_redirect", "echo", "hi");
    }

    @OnEachJdk
    void readonly_refuses_redirects_and_leaves_their_targets_untouched(Jdk jdk) {
        Spec spec = attempts();
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        Blocked.check(soft, run.result("blocked_cmd_with_redirect"), "touch " + files.resolve("touched"),
                log.forWord(files.resolve("touched").toString()));
        soft.assertThat(files.resolve("touched")).doesNotExist();
        soft.assertThat(files.resolve("touch_out")).as("redirect target of a refused launch").doesNotExist();
        for (String name : new String[] {"read_with_out_redirect", "read_with_append_redirect", "read_over_existing_file"}) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("echo hi");
        }
        Blocked.assertBlocked(run.result("read_with_err_redirect"));
        soft.assertThat(files.resolve("echo_out")).doesNotExist();
        soft.assertThat(files.resolve("echo_append")).doesNotExist();
        soft.assertThat(files.resolve("ls_err")).doesNotExist();
        soft.assertThat(files.resolve("existing")).as("an existing redirect target is not truncated").hasContent(ORIGINAL);
        AppResult control = run.result("read_without_redirect");
        soft.assertThat(control.status()).as(control.toString()).isEqualTo("ok");
        soft.assertThat(control.output()).as(control.toString()).isEqualTo("hi\n");
        soft.assertThat(log.size()).as(log.dump()).isEqualTo(6);
        soft.assertAll();
    }

    @OnEachJdk
    void allowed_launches_write_their_redirect_targets(Jdk jdk) {
        Spec spec = attempts();

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=allow")
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (AppResult r : run.results().values()) {
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        }
        soft.assertThat(run.results()).hasSize(6);
        soft.assertThat(files.resolve("touched")).exists();
        soft.assertThat(files.resolve("touch_out")).exists().isEmptyFile();
        soft.assertThat(files.resolve("echo_out")).hasContent("hi");
        soft.assertThat(files.resolve("echo_append")).hasContent("hi");
        soft.assertThat(files.resolve("ls_err")).isNotEmptyFile();
        soft.assertThat(files.resolve("existing")).hasContent("hi");
        soft.assertAll();
    }
}
