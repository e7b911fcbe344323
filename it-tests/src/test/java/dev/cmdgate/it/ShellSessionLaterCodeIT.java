package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.ShellArgvSessions;
import dev.cmdgate.it.support.AppResult;
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
 * Real gated sessions under {@code autonomy=full}, fed the ways around the gate a red team found: a value only known at
 * run time evaluated as arithmetic (its array subscript runs a command), a trap whose action runs later with the
 * session's input ({@code CHLD}, {@code EXIT} in a subshell), an interactive shell told to stop reading {@code #} as a
 * comment, and readers whose option values were taken for files ({@code od -N 6}, {@code cmp a}, {@code jq --arg}).
 * Each session runs in its own directory of a fresh temporary directory; the payload only touches that directory
 * ({@code touch pwned; rm -rf victim}), and must not run: either the write holding it is refused, or the session
 * stopped taking commands before it.
 */
class ShellSessionLaterCodeIT {

    static final String PAYLOAD = "touch pwned; rm -rf victim";
    static final String PADDED = "echo '" + " ".repeat(5000) + "\n" + PAYLOAD + "\n'\n";

    /** Session → shell argv, then its writes; the name says which write must be refused. */
    static Map<String, List<List<String>>> sessions() {
        Map<String, List<List<String>>> m = new LinkedHashMap<>();
        List<String> bash = List.of("bash");
        List<String> interactive = List.of("bash", "-i");
        // refused as it is written: w1
        m.put("w1-arith-read", List.of(bash, List.of("read -r x <<< 'a[$(" + PAYLOAD + ")]'; (( x ))\n")));
        m.put("w1-arith-mapfile", List.of(bash, List.of("mapfile -t m <<< 'a[$(" + PAYLOAD + ")]'; (( m[0] ))\n")));
        m.put("w1-arith-param", List.of(bash, List.of("f(){ echo $(( $1 )); }; f 'a[$(" + PAYLOAD + ")]'\n")));
        // a value from a file of the directory (a cloned repository's): refused where arithmetic evaluates it
        m.put("w1-arith-file", List.of(bash, List.of("read -r x < n.txt; (( x ))\n")));
        m.put("w1-arith-file-subst", List.of(bash, List.of("echo $(( $(cat n.txt) + 1 ))\n")));
        // the session stops after the command that sets up later code: the next write is refused (w2)
        m.put("w2-trap-chld", List.of(bash, List.of("trap 'head -c 6 >/dev/null' CHLD\n", "ls >/dev/null\n",
                "echo '\n" + PAYLOAD + "\n'\n")));
        m.put("w2-trap-exit-subshell", List.of(bash, List.of("( trap 'head -c 6 >/dev/null' EXIT; true )\n",
                "echo '\n" + PAYLOAD + "\n'\n")));
        m.put("w2-trap-exit-substitution", List.of(bash, List.of("echo \"$(trap 'head -c 6 >/dev/null' EXIT)\"\n",
                "echo '\n" + PAYLOAD + "\n'\n")));
        m.put("w2-comments-shopt", List.of(interactive, List.of("shopt -u interactive_comments\n",
                "echo x # ; " + PAYLOAD + "\n")));
        m.put("w2-comments-set", List.of(interactive, List.of("set +o interactive-comments\n",
                "echo x # ; " + PAYLOAD + "\n")));
        m.put("w2-od", List.of(bash, List.of("od -N 6 >/dev/null\n", PADDED)));
        m.put("w2-od-long", List.of(bash, List.of("od --read-bytes 6 >/dev/null\n", PADDED)));
        m.put("w2-jq", List.of(bash, List.of("jq -n --arg a b input >/dev/null 2>&1\n", PADDED)));
        m.put("w3-cmp", List.of(bash, List.of("echo hi > a\n", "cmp a >/dev/null\n", PADDED)));
        return m;
    }

    @TempDir
    Path tmp;

    @OnEachJdk
    void laterCodeAndMisjudgedReadersNoLongerGetAroundTheSessionGate(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        List<String> args = new ArrayList<>();
        Map<String, List<List<String>>> cases = sessions();
        for (Map.Entry<String, List<List<String>>> e : cases.entrySet()) {
            Path dir = Dirs.mkdir(work, e.getKey());
            Dirs.write(dir.resolve("victim").resolve("keep.txt"), "precious\n");
            Dirs.write(dir.resolve("n.txt"), "a[$(" + PAYLOAD + ")]\n");
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.add(e.getKey());
            args.addAll(e.getValue().get(0));
            args.add("::");
            args.addAll(e.getValue().get(1));
        }
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,stdin=gate")
                .env("HOME", home.toString()).main(ShellArgvSessions.class).args(args).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdout()).as(run.describe()).contains("DONE");
        SoftAssertions soft = new SoftAssertions();
        for (String c : cases.keySet()) {
            Path dir = work.resolve(c);
            soft.assertThat(dir.resolve("victim").resolve("keep.txt")).as(c + " " + run.describe()).exists();
            soft.assertThat(dir.resolve("pwned")).as(c + " " + run.describe()).doesNotExist();
            int refused = Integer.parseInt(c.substring(1, 2));
            for (int w = 1; w < refused; w++) {
                AppResult before = run.result(c + ".w" + w);
                soft.assertThat(before.ok()).as(c + ".w" + w + ": " + before).isTrue();
            }
            AppResult r = run.result(c + ".w" + refused);
            soft.assertThat(r.blocked()).as(c + ".w" + refused + ": " + r).isTrue();
            soft.assertThat(r.message()).as(c).startsWith("cmdgate: blocked sh -c ");
        }
        soft.assertAll();
    }

    /** Everyday arithmetic and the options and traps that change nothing keep a session going. */
    @OnEachJdk
    void everydayArithmeticKeepsTheSession(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path dir = Dirs.mkdir(work, "s");
        Dirs.write(dir.resolve("notes.txt"), "TODO one\nTODO two\n");
        List<String> writes = List.of("n=$(grep -c TODO notes.txt); if (( n > 0 )); then echo \"todo $n\"; fi\n",
                "for ((i=0;i<3;i++)); do echo \"i=$i\"; done\n", "trap - EXIT\n", "shopt -s globstar\n",
                "echo \"lines=$(( $(wc -l < notes.txt) + 0 ))\"\n");
        List<String> args = new ArrayList<>(List.of("s", "bash", "::"));
        args.addAll(writes);
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,stdin=gate")
                .env("HOME", tmp.toString()).main(ShellArgvSessions.class).args(args).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        for (int w = 1; w <= writes.size(); w++) {
            assertThat(run.result("s.w" + w).ok()).as("s.w" + w + " " + run.describe()).isTrue();
        }
        assertThat(run.stdout()).contains("todo 2").contains("i=2").contains("lines=2");
    }
}
