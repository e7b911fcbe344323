package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.CallerFrames;
import dev.cmdgate.it.apps.TouchOnlyPrompt;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Sources;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * The caller recorded for a launch is the application's own frame — exactly
 * {@code dev.cmdgate.it.apps.CallerFrames.main(CallerFrames.java:N)} — never a JDK, reflection,
 * {@code java.lang.invoke} or cmdgate frame, whatever path the launch took and whether it was allowed,
 * prompted or refused. The prompt handler is told the same frame.
 */
class CallerFrameIT {

    private static final List<String> NAMES = List.of("exec_array", "exec_string", "pb_start", "pipeline", "rm_refused",
            "touch_prompted", "reflect_exec", "method_handle", "reflect_start", "reflect_construct");

    @TempDir
    Path tmp;

    @OnEachJdk
    void the_caller_is_the_application_frame_on_every_path(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path victim = Dirs.mkdir(tmp, "victim");
        Dirs.write(victim.resolve("keep"), "keep\n");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + TouchOnlyPrompt.class.getName())
                .cmdgate("audit", audit).openJavaLang().main(CallerFrames.class, victim).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.results().keySet()).as(run.describe()).containsExactlyElementsOf(NAMES);
        assertThat(run.result("rm_refused").status()).as(run.describe()).isEqualTo("blocked");
        assertThat(victim.resolve("keep")).exists();
        assertThat(run.result("touch_prompted").status()).as(run.describe()).isEqualTo("ok");
        assertThat(victim.resolve("prompted")).exists();

        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : NAMES) {
            String expected = Sources.frame(CallerFrames.class, "main", "// caller:" + name);
            Audit.Line line = switch (name) {
                case "rm_refused" -> log.forWord("rm");
                case "touch_prompted" -> log.forWord(victim.resolve("prompted").toString());
                case "pipeline" -> log.only(l -> l.argv().contains("pipeline") && l.argv().contains("cat"), "the pipeline");
                default -> log.forWord(name);
            };
            soft.assertThat(line.caller()).as(name + ": " + line.raw()).isEqualTo(expected);
        }
        soft.assertThat(run.tagged("HANDLER-CALLER")).as("the prompt handler is given the application frame")
                .contains(Sources.frame(CallerFrames.class, "main", "// caller:rm_refused"),
                        Sources.frame(CallerFrames.class, "main", "// caller:touch_prompted"))
                .allMatch(c -> c.startsWith(CallerFrames.class.getName() + ".main("));
        soft.assertAll();
    }
}
