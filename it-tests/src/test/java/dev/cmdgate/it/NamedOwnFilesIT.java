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
                // the .. made at run time: the names after it decide
                .add("dots_at_run_time", "sh", "-c", "cp " + x + " " + work + "/.$(:)./state/audit.jsonl")
                .add("dots_printed", "sh", "-c", "printf 'model text r\\n' >> " + work + "/$(echo ..)/state/team.rules")
                .add("gzip_own_file", "gzip", y.toString());

        Run run = run(jdk, g, spec);

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        List<String> refused = List.of("rename_ul", "sdiff_o", "lz4_out", "gzip_removes", "cp_backup_suffix",
                "sed_backup_suffix", "git_trace", "tmpdir_mktemp", "find_exec_up", "dots_at_run_time", "dots_printed");
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

    /** Each of {@code refused} was refused as a change of the gate's files, and the rules and audit files are intact. */
    private static SoftAssertions refusedAndIntact(Run run, Gate p, List<String> refused) {
        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : refused) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        soft.assertThat(Dirs.read(p.rules())).isEqualTo(RULES_TEXT);
        List<String> lines = Dirs.read(p.audit()).lines().toList();
        soft.assertThat(lines).as("only the gate's own lines").allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(lines.size()).as("a line for every launch, none taken away").isGreaterThan(refused.size());
        return soft;
    }

    /**
     * bash's words for the directories it keeps — {@code ~+} ({@code $PWD}), {@code ~-} ({@code $OLDPWD}, after a cd or
     * as the line set it), the stack's {@code ~1} after {@code pushd -n} — leading to the gate's files, under
     * {@code full}: each is refused and the files are as the gate left them; {@code ~+} to the model's own file runs.
     */
    @OnEachJdk
    void the_shells_own_directory_words_do_not_reach_the_gates_files(Jdk jdk) {
        Gate p = gate();
        Path work = p.work();
        Dirs.write(work.resolve("x"), "model text\n");
        String s = p.state().toString();
        Spec spec = Spec.attempts()
                .add("tilde_plus", "bash", "-c", "cp x ~+/../state/audit.jsonl")
                .add("tilde_plus_after_cd", "bash", "-c", "cd " + s + " && cp " + work + "/x ~+/team.rules")
                .add("tilde_minus_after_cd", "bash", "-c", "cd " + s + " && cd " + work + " && cp x ~-/audit.jsonl")
                .add("tilde_minus_assigned", "bash", "-c", "OLDPWD=" + s + "; cp x ~-/audit.jsonl")
                .add("directory_stack", "bash", "-c", "pushd -n " + s + " >/dev/null; cp x ~1/team.rules")
                .add("pwd_variable", "bash", "-c", "cd " + s + " && cp " + work + "/x $PWD/team.rules")
                .add("tilde_plus_own_file", "bash", "-c", "cp x ~+/copy");

        Run run = run(jdk, p, spec);

        SoftAssertions soft = refusedAndIntact(run, p, List.of("tilde_plus", "tilde_plus_after_cd", "tilde_minus_after_cd",
                "tilde_minus_assigned", "directory_stack", "pwd_variable"));
        soft.assertThat(run.result("tilde_plus_own_file").status()).as(run.result("tilde_plus_own_file").toString())
                .isEqualTo("ok");
        soft.assertThat(work.resolve("copy")).exists();
        soft.assertAll();
    }

    /**
     * bash's pattern forms and options the gate's matcher does not model — a collating symbol {@code [[.s.]]}, an
     * equivalence class {@code [[=s=]]}, {@code shopt -s nocaseglob} — and literal rests after a part only known at
     * run time that are patterns ({@code ${PWD%/*}/state/[a]udit.jsonl}) or are cut by another such part
     * ({@code …/audit.jsonl$(:)}, {@code ../st*}{@code /audit.jsonl$(:)}), under {@code full}: each is refused and the gate's files are as it left them; a
     * run-time path to the model's own file runs.
     */
    @OnEachJdk
    void pattern_forms_and_run_time_rests_do_not_reach_the_gates_files(Jdk jdk) throws Exception {
        Gate p = gate();
        Path work = p.work();
        Dirs.write(work.resolve("x"), "model text\n");
        Spec spec = Spec.attempts()
                .add("collating_symbol", "bash", "-c", "cp x ../[[.s.]]tate/audit.jsonl")
                .add("equivalence_class", "bash", "-c", "echo appended >> ../state/team.rule[[=s=]]")
                .add("nocaseglob", "bash", "-c", "shopt -s nocaseglob; cp x ../STAT[E]/audit.jsonl")
                .add("bracket_rest", "bash", "-c", "cp x ${PWD%/*}/state/[a]udit.jsonl")
                .add("question_rest", "bash", "-c", "cp x $(cd ..;pwd)/state/audit.json?")
                .add("star_rest", "bash", "-c", "cp x ${PWD%/*}/st*/audit.jsonl")
                .add("cut_rest", "bash", "-c", "cp x ${PWD%/*}/state/audit.jsonl$(:)")
                .add("cut_name", "bash", "-c", "echo appended >> ${PWD%/*}/state/team.rule$(echo s)")
                .add("cut_pattern", "bash", "-c", "cp x ../st*/audit.jsonl$(:)")
                .add("run_time_own_file", "bash", "-c", "cp x ${PWD%/*}/work/copy$(:)");

        Run run = run(jdk, p, spec);

        SoftAssertions soft = refusedAndIntact(run, p, List.of("collating_symbol", "equivalence_class", "nocaseglob",
                "bracket_rest", "question_rest", "star_rest", "cut_rest", "cut_name", "cut_pattern"));
        try (Stream<Path> files = Files.list(p.state())) {
            soft.assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).as("nothing made in the state"
                    + " directory").allMatch(n -> n.equals("team.rules") || n.startsWith("audit.jsonl"));
        }
        soft.assertThat(run.result("run_time_own_file").status()).as(run.describe()).isEqualTo("ok");
        soft.assertThat(work.resolve("copy")).exists();
        soft.assertAll();
    }

    /**
     * sqlite3's statements and dot commands name the files they write inside their text, relative names too: {@code
     * VACUUM INTO}, {@code ATTACH} (a database file made when missing) and {@code .once}, aimed at the audit file and
     * its rotated names, under {@code full}. Each is refused and nothing is made or changed in the state directory;
     * {@code VACUUM INTO} a file of the model's own runs.
     */
    @OnEachJdk
    void sqlite_statements_and_dot_commands_do_not_write_the_gates_files(Jdk jdk) throws Exception {
        Gate p = gate();
        Path state = p.state();
        String db = p.work().resolve("app.db").toString();
        String s = state.toString();
        Spec spec = Spec.attempts()
                .add("make_db", "sqlite3", db, "create table t(a); insert into t values (1)")
                .add("vacuum_into", "sqlite3", db, "VACUUM INTO '" + s + "/audit.jsonl.1'")
                .add("attach_relative", "sh", "-c", "cd " + s + " && sqlite3 " + db
                        + " \"attach 'audit.jsonl.2' as a; create table a.t(x)\"")
                .add("once_relative", "sh", "-c", "cd " + s + " && sqlite3 -cmd '.once audit.jsonl' " + db + " 'select 1'")
                .add("vacuum_own_file", "sqlite3", db, "VACUUM INTO '" + p.work().resolve("copy.db") + "'");

        Run run = run(jdk, p, spec);

        SoftAssertions soft = refusedAndIntact(run, p, List.of("vacuum_into", "attach_relative", "once_relative"));
        try (Stream<Path> files = Files.list(state)) {
            soft.assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).as("nothing made in the state"
                    + " directory").allMatch(n -> n.equals("team.rules") || n.startsWith("audit.jsonl"));
        }
        soft.assertThat(state.resolve("audit.jsonl.1")).doesNotExist();
        soft.assertThat(state.resolve("audit.jsonl.2")).doesNotExist();
        soft.assertThat(run.result("vacuum_own_file").status()).as(run.describe()).isEqualTo("ok");
        soft.assertThat(p.work().resolve("copy.db")).exists();
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
