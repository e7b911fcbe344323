package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.SessionWrites;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real bash session under {@code stdin=gate}: a command that is harmless alone is judged with the
 * state the session's earlier allowed commands left. {@code set -k} in one write makes the
 * {@code GIT_CONFIG_…} words of a later {@code git status} its environment (git -c core.fsmonitor=…),
 * so that write is refused under readonly and the shell never sees it. A refused state change leaves
 * no state. The session runs in a fresh temporary directory with HOME pointing at another; its payloads
 * only touch files there.
 */
class ShellSessionStateIT {

    static final String GIT_STATUS = "git status GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch %s'";

    @TempDir
    Path tmp;

    @OnEachJdk
    void aCommandIsJudgedWithTheStateEarlierWritesLeft(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Path audit = tmp.resolve("audit.jsonl");
        String before = String.format(GIT_STATUS, "pwned-before");
        String after = String.format(GIT_STATUS, "pwned-after");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,stdin=gate")
                .cmdgate("audit", audit).env("HOME", home.toString())
                .main(SessionWrites.class).args(List.of(
                        before,                                 // c1: git status with pathspecs: Read
                        "set -k",                               // c2: Read, and the shell's state changes
                        after,                                  // c3: now git -c core.fsmonitor=…: refused
                        "printf -v PATH '%s' /nonexistent",     // c4: a hook: refused, leaves no state
                        "ls"))                                  // c5: Read
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String ok : List.of("c1", "c2", "c5")) {
            AppResult r = run.result(ok);
            soft.assertThat(r.ok()).as(ok + ": " + r).isTrue();
        }
        for (String refused : List.of("c3", "c4")) {
            AppResult r = run.result(refused);
            soft.assertThat(r.blocked()).as(refused + ": " + r).isTrue();
            soft.assertThat(r.exceptionClass()).isEqualTo("java.io.IOException");
            soft.assertThat(r.message()).startsWith("cmdgate: blocked sh -c ");
        }
        soft.assertThat(work.resolve("pwned-after")).doesNotExist();
        soft.assertThat(work.resolve("pwned-before")).doesNotExist();

        Audit log = Audit.read(audit);
        Audit.Line c1 = log.only(l -> l.argv().equals(List.of("sh", "-c", before)), "c1");
        soft.assertThat(c1.commandClass()).isEqualTo("Read");
        Audit.Line c3 = log.only(l -> l.argv().equals(List.of("sh", "-c", after)), "c3");
        soft.assertThat(c3.commandClass()).isEqualTo("Write");
        soft.assertThat(c3.outcome()).isEqualTo("blocked");
        soft.assertThat(((Map<?, ?>) c3.json().get("context")).containsKey("shell_state")).as(c3.raw()).isTrue();
        soft.assertThat(c3.raw()).contains("fsmonitor");
        Audit.Line ls = log.only(l -> l.argv().equals(List.of("sh", "-c", "ls")), "c5");
        soft.assertThat(ls.commandClass()).as("the refused printf -v PATH left no state").isEqualTo("Read");
        soft.assertAll();
    }

    /**
     * The shell reads its commands from the gated pipe only: a write that would point its standard input
     * elsewhere (a file the session wrote earlier, a here-string, a here-document, a descriptor opened earlier)
     * is refused as unverifiable code, and the commands in that input never run. Under full, where every one of
     * those writes alone would run (Read), and with prompts denied.
     */
    @OnEachJdk
    void aWriteThatWouldMakeTheShellReadItsCommandsElsewhereIsRefused(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Path audit = tmp.resolve("audit.jsonl");
        Path cmds = Dirs.write(work.resolve("cmds.txt"), "rm -rf victim1\n");
        for (String v : List.of("victim1", "victim2", "victim3", "victim4", "victim5")) {
            Dirs.write(work.resolve(v).resolve("keep.txt"), "precious\n");
        }
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", audit).env("HOME", home.toString())
                .main(SessionWrites.class).args(List.of(
                        "exec < " + cmds,                               // c1
                        "exec <<< 'rm -rf victim2'",                    // c2
                        "exec 0<<EOF\nrm -rf victim3\nEOF",           // c3
                        "exec 3< " + cmds + "; exec 0<&3",              // c4
                        "f() { exec < " + cmds + "; }",                 // c5: the body, at its definition
                        "eval 'exec <<< \"rm -rf victim4\"'",          // c6
                        "source /dev/stdin",                            // c7
                        "ls"))                                          // c8: the session still reads the pipe
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String refused : List.of("c1", "c2", "c3", "c4", "c5", "c6", "c7")) {
            AppResult r = run.result(refused);
            soft.assertThat(r.blocked()).as(refused + ": " + r).isTrue();
            soft.assertThat(r.message()).as(refused).contains("unverifiable code");
        }
        soft.assertThat(run.result("c8").ok()).as(run.describe()).isTrue();
        soft.assertThat(run.result("c8").output()).contains("cmds.txt");
        for (String v : List.of("victim1", "victim2", "victim3", "victim4", "victim5")) {
            soft.assertThat(work.resolve(v).resolve("keep.txt")).exists();
        }
        Audit log = Audit.read(audit);
        soft.assertThat(log.lines()).filteredOn(l -> l.outcome().equals("blocked")).hasSize(7)
                .allSatisfy(l -> soft.assertThat(l.commandClass()).isEqualTo("Destructive"));
        soft.assertAll();
    }
}
