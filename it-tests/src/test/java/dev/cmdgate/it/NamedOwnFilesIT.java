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
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A word naming one of the gate's files, given to a program the rules do not know only to read it, is a write of it
 * under {@code full}: programs not known to write ({@code rename.ul}, {@code sdiff -o}, {@code lz4 IN OUT}), programs
 * that remove their input ({@code gzip F}), backups named after a written file ({@code cp -b -S SUF}, {@code
 * sed -i.SUF}), files and directories the environment names ({@code GIT_TRACE}, {@code TMPDIR}), and {@code ..} after
 * {@code find -exec}'s {@code {}}. Each is refused; the gate's files and directory are as it left them. The same
 * programs on the model's own files still run.
 */
class NamedOwnFilesIT {

    @TempDir
    Path tmp;

    private static final String RULES_TEXT = "# the team's rules\n";

    /** The gate's places: HOME, the state directory with its rules and audit files, and the application's directory. */
    private record Gate(Path home, Path state, Path rules, Path audit, Path work) {
    }

    private Gate gate() {
        Path state = Dirs.mkdir(tmp, "state");
        return new Gate(Dirs.mkdir(tmp, "home"), state, Dirs.write(state.resolve("team.rules"), RULES_TEXT),
                state.resolve("audit.jsonl"), Dirs.mkdir(tmp, "work"));
    }

    /** The attempts, launched by an application under {@code full} with the gate's rules and audit files. */
    private static Run run(Jdk jdk, Gate g, Spec spec) {
        return ForkedJvm.on(jdk).in(g.work()).env("HOME", g.home().toString())
                .withAgent("autonomy=full,prompt=deny,audit=" + g.audit() + ",rules=" + g.rules())
                .main(Commands.class).args(spec.args()).run();
    }

    @OnEachJdk
    void programs_not_known_only_to_read_do_not_change_the_gates_files(Jdk jdk) throws Exception {
        Gate g = gate();
        Path state = g.state();
        String rulesText = RULES_TEXT;
        Path rules = g.rules();
        Path audit = g.audit();
        Dirs.write(state.resolve("audit"), "model text a\n");
        Dirs.mkdir(state, "dst");
        Path work = g.work();
        Path x = Dirs.write(work.resolve("x"), "model text a\n");
        Path y = Dirs.write(work.resolve("y"), "model text y\n");
        String s = state.toString();
        Spec spec = Spec.attempts()
                .add("rename_ul", "rename.ul", x.toString(), audit.toString(), x.toString())
                .add("sdiff_o", "sdiff", "-o", audit.toString(), x.toString(), x.toString())
                .add("lz4_out", "lz4", "-q", "-f", x.toString(), rules.toString())
                .add("gzip_removes", "gzip", rules.toString())
                .add("cp_backup_suffix", "cp", "-b", "-S", ".jsonl", x.toString(), s + "/audit")
                .add("sed_backup_suffix", "sed", "-i.jsonl", "s/a/b/", s + "/audit")
                .add("git_trace", "@env=GIT_TRACE=" + audit, "git", "version")
                .add("tmpdir_mktemp", "@env=TMPDIR=" + s, "mktemp")
                .add("find_exec_up", "find", s + "/dst", "-maxdepth", "0", "-exec", "cp", x.toString(),
                        "{}/../audit.jsonl", ";")
                .add("gzip_own_file", "gzip", y.toString());

        Run run = run(jdk, g, spec);

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        List<String> refused = List.of("rename_ul", "sdiff_o", "lz4_out", "gzip_removes", "cp_backup_suffix",
                "sed_backup_suffix", "git_trace", "tmpdir_mktemp", "find_exec_up");
        for (String name : refused) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        soft.assertThat(Dirs.read(rules)).isEqualTo(rulesText);
        soft.assertThat(x).exists();
        List<String> lines = Dirs.read(audit).lines().toList();
        soft.assertThat(lines).as("only the gate's own lines").allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(lines.size()).as("a line for every launch, none taken away").isGreaterThan(refused.size());
        try (Stream<Path> files = Files.list(state)) {
            soft.assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).as("nothing made in the state"
                    + " directory").allMatch(n -> n.equals("team.rules") || n.equals("audit") || n.equals("dst")
                            || n.startsWith("audit.jsonl"));
        }
        soft.assertThat(state.resolve("audit.jsonl.jsonl")).doesNotExist();
        soft.assertThat(run.result("gzip_own_file").status()).as(run.result("gzip_own_file").toString()).isEqualTo("ok");
        soft.assertThat(work.resolve("y.gz")).exists();
        soft.assertAll();
    }

    /**
     * A relative link made where its text leads nowhere, then moved where it leads into the gate's state directory,
     * then written through by a pattern ({@code z/[S]/audit.jsonl}) the shell expands to it: the pattern is expanded
     * on disk when the launch is decided, and the write is refused as the literal path through the link is. A
     * pattern matching only the model's own directory still runs.
     */
    @OnEachJdk
    void a_pattern_matching_a_link_into_the_state_directory_does_not_change_the_gates_files(Jdk jdk) throws Exception {
        Gate g = gate();
        Path work = g.work();
        Dirs.write(work.resolve("x"), "model text\n");
        Spec spec = Spec.attempts()
                .add("make_link", "sh", "-c", "mkdir -p a/b/c z y/T && ln -s ../../state a/b/c/S")
                .add("move_link", "sh", "-c", "mv a/b/c/S z/")
                .add("literal", "sh", "-c", "cp x z/S/audit.jsonl")
                .add("bracket", "sh", "-c", "cp x z/[S]/audit.jsonl")
                .add("star_append", "sh", "-c", "echo appended >> z/*/team.rule[s]")
                .add("question", "sh", "-c", "cp x z/?/team.rules")
                .add("own_dir", "sh", "-c", "cp x y/[T]/");

        Run run = run(jdk, g, spec);

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : List.of("make_link", "move_link", "own_dir")) {
            soft.assertThat(run.result(name).status()).as(run.result(name).toString()).isEqualTo("ok");
        }
        for (String name : List.of("literal", "bracket", "star_append", "question")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        soft.assertThat(Files.isSymbolicLink(work.resolve("z/S"))).as("the link was moved").isTrue();
        soft.assertThat(Dirs.read(g.rules())).isEqualTo(RULES_TEXT);
        soft.assertThat(Dirs.read(g.audit()).lines().toList()).as("only the gate's own lines")
                .allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(work.resolve("y/T/x")).as("the shell expanded y/[T]/").exists();
        soft.assertAll();
    }
}
