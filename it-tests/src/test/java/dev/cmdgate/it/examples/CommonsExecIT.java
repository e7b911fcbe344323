package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apache Commons Exec (examples/commons-exec): DefaultExecutor with an ExecuteWatchdog. Synchronous
 * {@code execute} throws the plain java.lang.SecurityException (Commons Exec catches only
 * IOException around the launch, so nothing wraps it); asynchronous {@code execute(cmd, handler)}
 * reports it to the result handler as an ExecuteException ("Execution failed (Exit value:
 * -559038737)") whose cause is the SecurityException. The watchdog never fires for a refused launch.
 */
class CommonsExecIT {

    static final String MAIN = "dev.cmdgate.examples.commonsexec.CommonsExecLaunches";

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void syncAndAsyncRefusalsAsTheApplicationSeesThem(ExampleRun.Jdk jdk) {
        Path ws = Workspaces.create("commons-exec");
        ExampleRun.Result r = ExampleRun.of(jdk, "commons-exec", MAIN).agent("autonomy", "full").agent("prompt", "deny").run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();
        Map<String, Expected.Verdict> e = Expected.argv("full", List.of(List.of("ls"), List.of("touch", "commons-exec-sync.txt"),
                List.of("touch", "commons-exec-async.txt")));
        assertThat(e.get("ls").allowed()).isTrue();
        assertThat(r.lines("RAN     sync  ls (exit 0)")).as(r.describe()).hasSize(1);
        boolean touch = e.get("touch commons-exec-sync.txt").allowed();
        assertThat(r.lines(touch ? "RAN     sync  touch commons-exec-sync.txt (exit 0)"
                : "REFUSED sync  touch commons-exec-sync.txt — java.lang.SecurityException: cmdgate: blocked touch")).as(r.describe()).hasSize(1);
        assertThat(r.lines("REFUSED sync  rm -rf scratch — java.lang.SecurityException: cmdgate: blocked rm -rf scratch ("))
                .as(r.describe()).hasSize(1);
        assertThat(r.lines("REFUSED async rm -rf scratch — handler.getException(): org.apache.commons.exec.ExecuteException: "
                + "Execution failed (Exit value: -559038737) <- caused by java.lang.SecurityException: cmdgate: blocked rm -rf scratch ("))
                .as(r.describe()).hasSize(1);
        assertThat(r.out()).doesNotContain("watchdog killed the process: true").doesNotContain("NORESULT");
        assertThat(Files.exists(ws.resolve("commons-exec-sync.txt"))).isEqualTo(touch);
        assertThat(Files.exists(ws.resolve("commons-exec-async.txt"))).isEqualTo(e.get("touch commons-exec-async.txt").allowed());
        assertThat(ws.resolve("scratch/keep.txt")).exists();
        Audit audit = Audit.read(r.audit());
        assertThat(audit.where(l -> l.argv().equals(List.of("rm", "-rf", "scratch")))).hasSize(2)
                .allSatisfy(l -> assertThat(l.get("outcome")).isEqualTo("blocked"));
    }
}
