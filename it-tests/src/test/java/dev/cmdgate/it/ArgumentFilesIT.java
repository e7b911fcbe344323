package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compiler given its options in a file ({@code javac @args.txt}) under {@code full}, where every Write is allowed:
 * the file's {@code -Xstdout AUDIT} or {@code -d STATE} is refused as on the line, a file the same line writes
 * first is refused as arguments that cannot be told, and the gate's files are as it left them; a harmless argument
 * file still compiles.
 */
class ArgumentFilesIT {

    private static final String FIRST = "P7Q8 first line\n";

    @TempDir
    Path tmp;

    @OnEachJdk
    void options_in_an_argument_file_are_judged_as_on_the_line(Jdk jdk) throws Exception {
        Path home = Dirs.mkdir(tmp, "home");
        Path state = Dirs.mkdir(tmp, "state");
        Path audit = Dirs.write(state.resolve("audit.jsonl"), FIRST);
        Path work = Dirs.mkdir(tmp, "work");
        Dirs.write(work.resolve("A.java"), "class A {}\n");
        Dirs.write(work.resolve("stdout.txt"), "-Xstdout\n" + audit + "\nNope.java\n");
        Dirs.write(work.resolve("outdir.txt"), "# classes beside the gate's files\n-d \"" + state + "\"\nA.java\n");
        Dirs.write(work.resolve("ok.txt"), "-d out\nA.java\n");
        String javac = jdk.home().resolve("bin/javac").toString();
        Spec spec = Spec.attempts()
                .add("xstdout_in_file", javac, "@stdout.txt")
                .add("outdir_in_file", javac, "@outdir.txt")
                .add("written_in_the_line", "sh", "-c",
                        "printf -- '-Xstdout\\n" + audit + "\\nNope.java\\n' > late.txt && " + javac + " @late.txt")
                .add("harmless_file", javac, "@ok.txt");

        Run run = ForkedJvm.on(jdk).in(work).env("HOME", home.toString())
                .withAgent("autonomy=full,prompt=deny,audit=" + audit)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : List.of("xstdout_in_file", "outdir_in_file")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        AppResult late = run.result("written_in_the_line");
        Blocked.assertBlocked(late);
        soft.assertThat(late.message()).as(late.toString()).contains("unverifiable arguments");
        soft.assertThat(work.resolve("late.txt")).doesNotExist();
        soft.assertThat(state.resolve("A.class")).doesNotExist();
        List<String> lines = Dirs.read(audit).lines().toList();
        soft.assertThat(lines.get(0)).isEqualTo(FIRST.strip());
        soft.assertThat(lines.subList(1, lines.size())).as("only the gate's own lines after the first")
                .allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(lines.size()).as("a line for every launch, none taken away").isGreaterThan(4);
        AppResult ok = run.result("harmless_file");
        soft.assertThat(ok.status()).as(ok.toString()).isEqualTo("ok");
        soft.assertThat(Files.exists(work.resolve("out/A.class"))).as("the harmless file compiled").isTrue();
        soft.assertAll();
    }
}
