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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
 * directory; the payload only touches that directory ({@code touch pwned; rm -rf victim}), and must not run. The other
 * ways to the session's input (another spelling of its path, {@code exec} redirecting the shell, traps, aliases,
 * {@code PATH}, functions named like programs, here-document delimiters bash computes differently) run the same way:
 * each write is refused, or the session takes no more commands after it, and the marker is absent.
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

    /** The payload hidden in a write the gate judges as one {@code echo}: runs only if a reader ate {@code echo '}. */
    static final String HIDDEN = "echo '\n" + PAYLOAD + "\n'\n";

    /** What the gated JVM must do with a way around: refuse one write and keep the session, or end the session. */
    enum Outcome { REFUSED, ENDS_SESSION }

    /**
     * One way around the gate, in a session of its own. {@code REFUSED}: write {@code at} (from 1) is refused with a
     * message containing {@code says}, the others pass. {@code ENDS_SESSION}: the writes up to {@code at} pass, every
     * later one is refused because the session takes no more commands.
     */
    record Way(String name, Outcome outcome, int at, String says, List<String> writes) {

        static Way refused(String name, String says, String... writes) {
            return new Way(name, Outcome.REFUSED, 1, says, List.of(writes));
        }

        static Way endsSession(String name, int at, String... writes) {
            return new Way(name, Outcome.ENDS_SESSION, at, "may have read the session's standard input", List.of(writes));
        }
    }

    static final String OTHER_INPUT = "may name the pipe the shell reads its commands from";
    static final String REDIRECTS_SHELL = "makes the shell read its next commands from";
    static final String DELIMITER = "here-document delimiter";

    /**
     * The red team's reproducers of other ways to the session's input: other spellings of its path, {@code exec}
     * pointing the shell's input elsewhere, code the shell runs around later commands, names that stop meaning the
     * program the rules describe, here-document delimiters bash computes differently, and readers reached through
     * another program or descriptor.
     */
    static List<Way> otherWays() {
        return List.of(
                // another spelling of the input, read: the reader would take "echo '" and leave the payload to bash
                Way.refused("devstdin", OTHER_INPUT, "head -c 6 < /dev/stdin >/dev/null\n", HIDDEN),
                Way.refused("devfd0", OTHER_INPUT, "head -c 6 < /dev/fd/0 >/dev/null\n", HIDDEN),
                Way.refused("procself", OTHER_INPUT, "head -c 6 < /proc/self/fd/0 >/dev/null\n", HIDDEN),
                Way.refused("procpid", OTHER_INPUT, "head -c 6 < /proc/$$/fd/0 >/dev/null\n", HIDDEN),
                Way.refused("threadself", OTHER_INPUT, "head -c 6 < /proc/thread-self/fd/0 >/dev/null\n", HIDDEN),
                Way.refused("glob", OTHER_INPUT, "head -c 6 < /dev/std[i]n >/dev/null\n", HIDDEN),
                Way.refused("fdglob", OTHER_INPUT, "head -c 6 < /dev/fd/[0] >/dev/null\n", HIDDEN),
                Way.refused("devdot", OTHER_INPUT, "head -c 6 < /dev/./stdin >/dev/null\n", HIDDEN),
                Way.refused("slashes", OTHER_INPUT, "head -c 6 < //dev//stdin >/dev/null\n", HIDDEN),
                Way.refused("procdotdot", OTHER_INPUT, "head -c 6 < /proc/self/fd/../fd/0 >/dev/null\n", HIDDEN),
                Way.refused("operand", OTHER_INPUT, "head -c 6 /dev/./stdin >/dev/null\n", HIDDEN),
                Way.refused("sedR", OTHER_INPUT, "sed 'R /dev/stdin' a\n", HIDDEN),
                Way.refused("awkgetline", OTHER_INPUT, "awk 'NR==1{getline l < \"/dev/stdin\"; exit}' a\n", HIDDEN),
                Way.refused("link", OTHER_INPUT, "ln -s /proc/self/fd/0 myin </dev/null\n",
                        "head -c 6 < myin >/dev/null\n", HIDDEN),
                Way.refused("sourcefd", "reads the session's own input", ". /dev/fd/0\n", ":\n"),
                // another spelling of the input, written: bash would read the payload as its next command
                Way.refused("writefd0", OTHER_INPUT, "echo '" + PAYLOAD + "' > /dev/fd/0\n", ":\n"),
                Way.refused("writeproc", OTHER_INPUT, "echo '" + PAYLOAD + "' > /proc/self/fd/0\n", ":\n"),
                Way.refused("writepid", OTHER_INPUT, "echo '" + PAYLOAD + "' > /proc/$$/fd/0\n", ":\n"),
                // exec pointing the shell's own input at text the gate never judges
                Way.refused("execherestring", REDIRECTS_SHELL, "exec <<< '" + PAYLOAD + "'\n", ":\n"),
                Way.refused("execfile", REDIRECTS_SHELL, "exec < cmds.txt\n", ":\n"),
                Way.refused("execheredoc", REDIRECTS_SHELL, "exec 0<<EOF\n" + PAYLOAD + "\nEOF\n", ":\n"),
                Way.refused("commandexec", REDIRECTS_SHELL, "command exec < cmds.txt\n", ":\n"),
                // code the shell runs around every later command
                Way.endsSession("trapdebug", 1, "trap 'head -c 6 >/dev/null' DEBUG\n", "true\n", HIDDEN),
                Way.endsSession("traperr", 1, "trap 'head -c 6 >/dev/null' ERR\n", "false\n", HIDDEN),
                Way.endsSession("setT", 1, "set -T; trap 'read -r -N 6 _x' DEBUG\n", "true\n", HIDDEN),
                Way.endsSession("setE", 1, "set -E\n", "trap 'head -c 6 >/dev/null' ERR\n", "false\n", HIDDEN),
                // names that stop meaning the program the rules describe
                Way.endsSession("expandaliases", 1, "shopt -s expand_aliases\n", "alias ls='head -c 6'\n",
                        "ls >/dev/null\n", HIDDEN),
                Way.endsSession("alias", 1, "alias git='head -c 6'\n", "git status >/dev/null\n", HIDDEN),
                Way.endsSession("path", 1, "PATH=$PWD/bin:$PATH\n", "ls\n", HIDDEN),
                Way.endsSession("pathdot", 1, "export PATH=.:$PATH\n", "cd bin\n", "ls\n", HIDDEN),
                Way.endsSession("pathprefix", 1, "PATH=./bin ls\n", HIDDEN),
                Way.endsSession("home", 1, "HOME=/dev\n", "head -c 6 < ~/stdin >/dev/null\n", HIDDEN),
                // hash -p rebinds a name to any file: Destructive, so refused alone under prompt=deny
                Way.refused("hashp", "rebinds a command name", "hash -p /usr/bin/head ls\n", "ls -c 6 >/dev/null\n",
                        HIDDEN),
                Way.endsSession("enable", 1, "enable -n echo\n", HIDDEN),
                Way.endsSession("function", 1, "ls() { head -c 6 >/dev/null; }\n", "ls\n", HIDDEN),
                Way.endsSession("functionkw", 1, "function git { head -c 6 >/dev/null; }\n", "git status\n", HIDDEN),
                Way.endsSession("cddev", 1, "cd /dev; head -c 6 < ./stdin >/dev/null; cd - >/dev/null\n", HIDDEN),
                // here-document delimiters bash computes from quoting cmdgate does not: EOF would end bash's document
                Way.refused("ansidelim", DELIMITER, "cat <<$'E\\x4fF'\nx\nEOF\n" + PAYLOAD + "\nE\\x4fF\n", ":\n"),
                Way.refused("ansimiddelim", DELIMITER, "cat <<E$'\\x4f'F\nx\nEOF\n" + PAYLOAD + "\nE\\x4fF\n", ":\n"),
                Way.refused("ansioctal", DELIMITER, "cat <<$'\\105OF'\nx\nEOF\n" + PAYLOAD + "\n\\105OF\n", ":\n"),
                Way.refused("localedelim", DELIMITER, "cat <<$\"EOF\"\nx\nEOF\n" + PAYLOAD + "\n$\"EOF\"\n", ":\n"),
                // readers of the input reached through a descriptor copy, another program or code run later
                Way.endsSession("fdcopy", 1, "exec 3<&0\n", "head -c 6 <&3 >/dev/null\n", HIDDEN),
                Way.endsSession("selfdup", 1, "{ head -c 6 >/dev/null; } <&0\n", HIDDEN),
                Way.endsSession("env", 1, "env head -c 6 >/dev/null\n", HIDDEN),
                Way.endsSession("eval", 1, "eval 'head -c 6 >/dev/null'\n", HIDDEN),
                Way.endsSession("findexec", 1, "find . -maxdepth 0 -exec head -c 6 \\;\n", HIDDEN),
                Way.endsSession("xargs", 1, "xargs -a empty head -c 6\n", HIDDEN),
                Way.endsSession("cmdsubst", 1, "echo $(head -c 6) >/dev/null\n", HIDDEN),
                Way.endsSession("readu", 1, "read -r -n 6 -u 0 _x\n", HIDDEN),
                Way.endsSession("ddbs1", 1, "dd bs=1 count=6 of=/dev/null status=none\n", HIDDEN));
    }

    @OnEachJdk
    void otherWaysToTheSessionsInputAreRefusedOrEndTheSession(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        List<String> args = new ArrayList<>();
        List<Way> ways = otherWays();
        for (Way w : ways) {
            Path dir = Dirs.mkdir(work, w.name());
            Dirs.write(dir.resolve("victim").resolve("keep.txt"), "precious\n");
            Dirs.write(dir.resolve("a"), "a\n");
            Dirs.write(dir.resolve("empty"), "");
            Dirs.write(dir.resolve("cmds.txt"), PAYLOAD + "\n");
            // a program named like one the rules describe, which reads the session's input
            executable(dir.resolve("bin").resolve("ls"), "#!/bin/sh\nhead -c 6 >/dev/null\n");
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.add(w.name());
            args.addAll(w.writes());
        }
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(args)
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdout()).as(run.describe()).contains("DONE");
        SoftAssertions soft = new SoftAssertions();
        for (Way w : ways) {
            Path dir = work.resolve(w.name());
            String session = w.name() + " " + run.tagged("SESSION " + w.name());
            soft.assertThat(dir.resolve("pwned")).as(session).doesNotExist();
            soft.assertThat(dir.resolve("victim").resolve("keep.txt")).as(session).exists();
            for (int i = 1; i <= w.writes().size(); i++) {
                AppResult r = run.result(w.name() + ".w" + i);
                boolean refused = w.outcome() == Outcome.REFUSED ? i == w.at() : i > w.at();
                if (!refused) {
                    soft.assertThat(r.ok()).as(session + ": write " + i + " " + r).isTrue();
                    continue;
                }
                soft.assertThat(r.blocked()).as(session + ": write " + i + " " + r).isTrue();
                soft.assertThat(r.exceptionClass()).as(session).isEqualTo("java.io.IOException");
                soft.assertThat(r.message()).as(session).startsWith("cmdgate: blocked ").contains(w.says());
            }
        }
        soft.assertAll();
    }

    /**
     * A program the rules say leaves its input alone ({@code git diff}) may start a helper that reads it: here an
     * external diff tool from the repository's configuration, which the gate sees (Write, allowed under full) but
     * which would inherit the session's input and eat the start of the next command. Every command is forwarded
     * with {@code /dev/null} as its input, so the helper reads nothing and the session goes on.
     */
    @OnEachJdk
    void aHelperOfAProgramThatLeavesItsInputAloneGetsNoSessionInput(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Path repo = Dirs.mkdir(work, "repo");
        Dirs.write(repo.resolve("victim").resolve("keep.txt"), "precious\n");
        Dirs.write(repo.resolve("a"), "a\n");
        executable(repo.resolve("helper.sh"), "#!/bin/sh\nhead -c 6 >/dev/null\n");
        git(repo, "init", "-q", ".");
        git(repo, "add", "a");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "a");
        git(repo, "config", "diff.external", repo.resolve("helper.sh").toString());
        Dirs.write(repo.resolve("a"), "a\nb\n");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(List.of("repo", "git diff\n", HIDDEN, "echo \"after=$?\"\n"))
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(repo.resolve("pwned")).as(run.describe()).doesNotExist();
        soft.assertThat(repo.resolve("victim").resolve("keep.txt")).exists();
        for (int i = 1; i <= 3; i++) {
            soft.assertThat(run.result("repo.w" + i).ok()).as(run.describe()).isTrue();
        }
        soft.assertThat(run.tagged("SESSION repo")).singleElement().asString()
                .contains("touch pwned; rm -rf victim").contains("after=0");
        soft.assertAll();
    }

    /**
     * A name of the command's own input that the text check cannot see, because it is built at run time, names
     * {@code /dev/null} while the command runs: what is written there no longer reaches the shell as a command.
     */
    @OnEachJdk
    void aNameOfTheOwnInputBuiltAtRunTimeIsDevNull(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Map<String, String> ways = new LinkedHashMap<>();
        ways.put("python", "python3 -c 'open(\"/dev/\" \"stdin\", \"w\").write(\"" + PAYLOAD + "\\n\")'\n");
        ways.put("shell", "F=$(printf '/pr%sc/self/fd/0' o); echo '" + PAYLOAD + "' > \"$F\"\n");
        List<String> args = new ArrayList<>();
        for (Map.Entry<String, String> w : ways.entrySet()) {
            Path dir = Dirs.mkdir(work, w.getKey());
            Dirs.write(dir.resolve("victim").resolve("keep.txt"), "precious\n");
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.addAll(List.of(w.getKey(), w.getValue(), "echo done\n"));
        }
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(args)
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String w : ways.keySet()) {
            soft.assertThat(run.result(w + ".w1").ok()).as(w + " ran: " + run.describe()).isTrue();
            soft.assertThat(work.resolve(w).resolve("pwned")).as(w + " " + run.describe()).doesNotExist();
            soft.assertThat(work.resolve(w).resolve("victim").resolve("keep.txt")).as(w).exists();
        }
        soft.assertAll();
    }

    /** With every command given its own input, what a session keeps from one command to the next stays. */
    @OnEachJdk
    void aSessionKeepsItsStateAcrossCommands(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Dirs.mkdir(Dirs.mkdir(work, "s"), "sub");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(List.of("s",
                        "false\n", "echo \"status=$?\"\n",
                        "export A=1\n", "B=2\n", "greet() { echo \"hello $1 $A$B\"; }\n",
                        // a function may read the session's input: given its own, the session goes on
                        "greet you </dev/null\n",
                        "cd sub\n", "pwd\n",
                        "cat <<EOF\nbody $A\nEOF\n",
                        "# only a comment\n", "\n",
                        "read -r x <<< 'from-herestring'; echo \"x=$x\"\n",
                        "exit 3\n"))
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (int i = 1; i <= 12; i++) {
            soft.assertThat(run.result("s.w" + i).ok()).as(i + " " + run.describe()).isTrue();
        }
        String session = String.join("\n", run.tagged("SESSION s"));
        soft.assertThat(session).as(run.describe()).startsWith("exit=3 ").contains("status=1")
                .contains("hello you 12").contains("/s/sub").contains("body 1").contains("x=from-herestring")
                .doesNotContain("syntax error");
        soft.assertAll();
    }

    private static void git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(argv + ": " + out).isZero();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void executable(Path file, String text) {
        Dirs.write(file, text);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
