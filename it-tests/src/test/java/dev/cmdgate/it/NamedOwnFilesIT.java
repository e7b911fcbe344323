package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Dirs;
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

    @OnEachJdk
    void programs_not_known_only_to_read_do_not_change_the_gates_files(Jdk jdk) throws Exception {
        OwnFilesFixture own = new OwnFilesFixture(tmp, null);
        Path state = own.state;
        Path rules = own.rules;
        Path audit = own.audit;
        Dirs.write(state.resolve("audit"), "model text a\n");
        Dirs.mkdir(state, "dst");
        Path work = own.work;
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

        Run run = own.run(jdk, spec);

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        List<String> refused = List.of("rename_ul", "sdiff_o", "lz4_out", "gzip_removes", "cp_backup_suffix",
                "sed_backup_suffix", "git_trace", "tmpdir_mktemp", "find_exec_up");
        own.assertRefused(soft, run, refused);
        soft.assertThat(x).exists();
        own.assertGateLines(soft, 0, refused.size());
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
}
