package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.SessionWrites;
import dev.cmdgate.it.apps.SessionsOfWrites;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real bash session under {@code stdin=gate} shares its standard input with the commands it runs: bash reads the
 * pipe one byte at a time so that a command can take the bytes after it. A command that may read it ({@code head -c
 * 6}, {@code read -n 6}, {@code read -N 2}, {@code read -r}, {@code dd bs=1 count=6}, {@code dd bs=10 count=1}, the
 * first stage of a pipeline) would take the start of the next command the gate judged as a whole, and the shell would
 * run the rest; so after it the session takes no more commands. A command that names the input by a path (which,
 * opened for writing, is the same pipe) is refused. Each session runs in its own directory of a fresh temporary
 * directory; the payload only touches that directory ({@code touch pwned; rm -rf victim}), and must not run.
 */
class ShellSessionStdinIT {

    static final String PAYLOAD = "touch pwned; rm -rf victim";

    /** The red team's reproducers: the first write reads the session's input, the later ones carry the payload. */
    static Map<String, List<String>> reproducers() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("headc", List.of("head -c 6 >/dev/null\n", "echo '\n" + PAYLOAD + "\n'\n"));
        m.put("readn", List.of("read -r -n 6 _junk\n", "echo '\n" + PAYLOAD + "\n'\n"));
        m.put("readN", List.of("read -r -N 2 _junk\n", "# " + PAYLOAD + "\n"));
        m.put("readr", List.of("read -r _junk\n", "cat <<'EOF'\n" + PAYLOAD + "\nEOF\n"));
        m.put("dd1", List.of("dd bs=1 count=6 of=/dev/null status=none\n", "echo '\n" + PAYLOAD + "\n'\n"));
        m.put("dd10", List.of("dd bs=10 count=1 of=/dev/null status=none\n", "cat <<EOF\n" + PAYLOAD + "\nEOF\n"));
        m.put("onewrite", List.of("head -c 6 >/dev/null\necho '\n" + PAYLOAD + "\n'\n", ":\n"));
        m.put("pipe", List.of("head -c 6 | wc -c >/dev/null\n", "echo '\n" + PAYLOAD + "\n'\n"));
        m.put("greedy", List.of("wc -c >/dev/null\n", "echo '\n" + PAYLOAD + "\n'\n"));
        return m;
    }

    @TempDir
    Path tmp;

    @OnEachJdk
    void aCommandThatMayReadTheSessionsInputEndsTheSessionUnderFull(Jdk jdk) {
        reproducersHold(jdk, "autonomy=full,prompt=deny,stdin=gate", List.of());
    }

    @OnEachJdk
    void aCommandThatMayReadTheSessionsInputEndsTheSessionUnderReadonly(Jdk jdk) {
        // dd is Write: refused alone under readonly, so the next write is judged and runs as judged (harmless)
        reproducersHold(jdk, "autonomy=readonly,prompt=deny,stdin=gate", List.of("dd1", "dd10"));
    }

    private void reproducersHold(Jdk jdk, String settings, List<String> refusedAlone) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Path audit = tmp.resolve("audit.jsonl");
        List<String> args = new ArrayList<>();
        Map<String, List<String>> cases = reproducers();
        for (Map.Entry<String, List<String>> e : cases.entrySet()) {
            Path dir = Dirs.mkdir(work, e.getKey());
            Dirs.write(dir.resolve("victim").resolve("keep.txt"), "precious\n");
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.add(e.getKey());
            args.addAll(e.getValue());
        }
        // a path that opens the session's input, written into: the shell would read it as its next command
        Path inj = Dirs.mkdir(work, "inject");
        Dirs.write(inj.resolve("victim").resolve("keep.txt"), "precious\n");
        args.addAll(List.of("--", "inject", "echo '" + PAYLOAD + "' > /dev/stdin\n", ":\n"));

        Run run = ForkedJvm.on(jdk).in(work).withAgent(settings)
                .cmdgate("audit", audit).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(args)
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdout()).as(run.describe()).contains("DONE");
        SoftAssertions soft = new SoftAssertions();
        int sealed = 0;
        for (String c : cases.keySet()) {
            Path dir = work.resolve(c);
            soft.assertThat(dir.resolve("victim").resolve("keep.txt")).as(c + " " + run.describe()).exists();
            soft.assertThat(dir.resolve("pwned")).as(c).doesNotExist();
            if (refusedAlone.contains(c)) {
                soft.assertThat(run.result(c + ".w1").blocked()).as(c).isTrue();
                continue;
            }
            // one write holding both: the reader passes, the rest of that write is refused
            AppResult first = run.result(c + ".w1");
            soft.assertThat(c.equals("onewrite") ? first.blocked() : first.ok()).as(c + ": " + first).isTrue();
            AppResult next = run.result(c + ".w2");
            soft.assertThat(next.blocked()).as(c + ": " + next).isTrue();
            soft.assertThat(next.exceptionClass()).as(c).isEqualTo("java.io.IOException");
            soft.assertThat(next.message()).as(c).startsWith("cmdgate: blocked sh -c ")
                    .contains("may have read the session's standard input");
            sealed += c.equals("onewrite") ? 2 : 1;
        }
        soft.assertThat(inj.resolve("victim").resolve("keep.txt")).exists();
        soft.assertThat(inj.resolve("pwned")).doesNotExist();
        soft.assertThat(run.result("inject.w1").message()).contains("/dev/stdin")
                .contains("pipe the shell reads its commands from");
        soft.assertThat(run.result("inject.w2").ok()).as("the refused write left the session open").isTrue();

        Audit log = Audit.read(audit);
        // headc and onewrite: the reader is allowed, and its line says the session takes no more commands
        soft.assertThat(log.where(l -> l.argv().equals(List.of("sh", "-c", "head -c 6 >/dev/null")))).hasSize(2)
                .allSatisfy(l -> {
                    soft.assertThat(l.outcome()).isEqualTo("allowed");
                    soft.assertThat(l.map("context")).containsKey("stdin_read");
                });
        soft.assertThat(log.lines()).filteredOn(l -> l.raw().contains("may have read the session's standard input"))
                .hasSize(sealed)
                .allSatisfy(l -> soft.assertThat(l.outcome()).isEqualTo("blocked"));
        soft.assertAll();
    }

    /** What an ordinary session does keeps working: no command of it may read the session's input. */
    @OnEachJdk
    void anOrdinarySessionRunsAsBefore(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Dirs.write(work.resolve("notes.txt"), "first line\nsecond line\n");
        Dirs.mkdir(work, "sub");
        List<String> commands = List.of(
                "ls",
                "git status",
                "cd sub",
                "export A=1",
                "echo \"A=$A\"",
                "cd ..",
                "cat < notes.txt",
                "head -c 5 </dev/null",
                "git log --oneline | head -n 3",
                "read -r x y <<< 'a b'; echo \"$y\"",
                "grep -n second notes.txt",
                "pwd",
                "ls");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionWrites.class).args(commands)
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (int i = 1; i <= commands.size(); i++) {
            soft.assertThat(run.result("c" + i).ok()).as(commands.get(i - 1) + " " + run.describe()).isTrue();
        }
        soft.assertThat(run.result("c5").output()).contains("A=1");
        soft.assertThat(run.result("c7").output()).contains("second line");
        soft.assertThat(run.result("c10").output()).contains("b");
        soft.assertThat(run.result("c11").output()).contains("2:second line");
        soft.assertThat(run.result("c13").output()).contains("notes.txt");
        soft.assertAll();
    }
}
