package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.SessionsOfWrites;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real bash session under {@code stdin=gate} evaluates arithmetic as bash does: a name is looked up again, and an
 * array subscript in a value runs its command substitution. Each session runs in its own directory of a fresh
 * temporary directory, beside a data file {@code f} holding {@code a[$(touch pwned)]}; the ways to reach that value
 * from arithmetic — a variable bash sets itself ({@code REPLY}, {@code _}, {@code MAPFILE}, {@code BASH_COMMAND}), a
 * known value naming one read at run time, {@code OPTIND} given one, a producer shadowed by a function, a name a
 * producer prints — are refused, and the marker {@code pwned} is absent. Ordinary arithmetic still runs.
 */
class ShellSessionArithmeticIT {

    static final String PAYLOAD = "a[$(touch pwned)]\n";

    /** Each session: the writes, the last of which bash would evaluate the payload in. */
    static Map<String, List<String>> reproducers() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("reply", List.of("read < f\n", "echo $((REPLY))\n"));
        m.put("under", List.of(": \"$(cat f)\"\n", "echo $((_))\n"));
        m.put("mapfile", List.of("mapfile < f; echo $((MAPFILE))\n"));
        m.put("chain", List.of("x=y\n", "read -r y < f\n", "(( x > 0 )) || echo small\n"));
        m.put("bcmd", List.of(": 'a[$(touch pwned)]' $(( ${BASH_COMMAND:3:17} ))\n"));
        m.put("optind", List.of("read -r x < f\n", "OPTIND=$x\n"));
        m.put("shadow", List.of("wc(){ cat f; }; n=$(wc -l < f); echo $((n))\n"));
        m.put("printed", List.of("read -r g < f\n", "n=$(wc -l g); echo $((n))\n"));
        return m;
    }

    @TempDir
    java.nio.file.Path tmp;

    @OnEachJdk
    void arithmeticThatReachesARunTimeValueIsRefused(Jdk jdk) {
        java.nio.file.Path work = Dirs.mkdir(tmp, "work");
        java.nio.file.Path home = Dirs.mkdir(tmp, "home");
        List<String> args = new ArrayList<>();
        Map<String, List<String>> cases = reproducers();
        for (Map.Entry<String, List<String>> e : cases.entrySet()) {
            java.nio.file.Path dir = Dirs.mkdir(work, e.getKey());
            Dirs.write(dir.resolve("f"), PAYLOAD);
            Dirs.write(dir.resolve("g"), "one line\n");
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.add(e.getKey());
            args.addAll(e.getValue());
        }
        java.nio.file.Path ok = Dirs.mkdir(work, "ok");
        Dirs.write(ok.resolve("f"), "one\ntwo\n");
        args.addAll(List.of("--", "ok", "n=$(wc -l < f); echo \"n=$((n+1))\"\n",
                "for i in 1 2 3; do echo \"i=$((i*2))\"; done\n", "echo \"r=$(( RANDOM % 1 ))\"\n"));

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=deny,stdin=gate")
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("HOME", home.toString())
                .main(SessionsOfWrites.class).args(args)
                .run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdout()).as(run.describe()).contains("DONE");
        SoftAssertions soft = new SoftAssertions();
        for (Map.Entry<String, List<String>> e : cases.entrySet()) {
            String c = e.getKey();
            soft.assertThat(work.resolve(c).resolve("pwned")).as(c + " " + run.describe()).doesNotExist();
            int last = e.getValue().size();
            soft.assertThat(run.result(c + ".w" + last).blocked()).as(c + " " + run.describe()).isTrue();
        }
        for (int i = 1; i <= 3; i++) {
            soft.assertThat(run.result("ok.w" + i).ok()).as("ok " + i + " " + run.describe()).isTrue();
        }
        soft.assertThat(String.join("\n", run.tagged("SESSION ok"))).as(run.describe())
                .contains("n=3").contains("i=6").contains("r=0");
        soft.assertAll();
    }
}
