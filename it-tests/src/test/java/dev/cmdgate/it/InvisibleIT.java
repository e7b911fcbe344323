package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.Hello;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Invisible when nothing is wrong: under the agent an application prints exactly what it prints without
 * it, and nothing appears on stderr — no JDK, class-sharing, Unsafe or logging warnings — also after the
 * agent has loaded its rules and classified launches. When something is refused, the only extra output
 * is cmdgate's own one-line report.
 */
class InvisibleIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void hello_world_under_the_agent_prints_only_its_own_output(Jdk jdk) {
        Run without = ForkedJvm.on(jdk).in(tmp).main(Hello.class).run();
        Run with = ForkedJvm.on(jdk).in(tmp).withAgent().main(Hello.class).run();

        assertThat(without.stdout()).as("baseline " + without.describe()).isEqualTo("hello from app" + System.lineSeparator());
        assertThat(without.stderr()).as("baseline " + without.describe()).isEmpty();
        assertThat(with.exit()).as(with.describe()).isZero();
        assertThat(with.stdout()).as(with.describe()).isEqualTo(without.stdout());
        assertThat(with.stderr()).as(with.describe()).isEmpty();
    }

    @OnEachJdk
    void allowed_launches_add_nothing_to_stderr(Jdk jdk) {
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts().add("echo", "echo", "quiet").add("ls_exec", "@exec", "ls", tmp);

        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("quiet\n");
        assertThat(run.result("ls_exec").status()).as(run.describe()).isEqualTo("ok");
        assertThat(audit).isNotEmptyFile();
        assertThat(run.stderr()).as(run.describe()).isEmpty();
    }

    @OnEachJdk
    void a_refusal_adds_exactly_one_stderr_line(Jdk jdk) {
        Path audit = tmp.resolve("audit.jsonl");
        Path files = Dirs.mkdir(tmp, "files");
        Spec spec = Spec.attempts().add("touch", "touch", files.resolve("a"));

        // supervised + prompt=deny: the refusal goes through the prompt machinery and cmdgate's own logging
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=supervised,prompt=deny").cmdgate("audit", audit)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("blocked");
        assertThat(files.resolve("a")).doesNotExist();
        assertThat(run.stderrLines()).as(run.describe()).hasSize(1);
        assertThat(run.stderrLines().get(0)).as(run.describe()).startsWith("cmdgate: blocked touch " + files.resolve("a"));
    }
}
