package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit file failing in the ways real disks fail, in a real JVM: full (writes to {@code /dev/full}
 * fail with ENOSPC), on a read-only file system (EROFS), deleted under the running JVM, and an outage
 * that ends. With the default {@code audit.failure=block} even a Read is refused, naming the audit file;
 * with {@code continue} launches run unaudited. Either way the outage is one stderr line, however many
 * launches meet it, and its end is one more.
 */
class AuditFaultsIT {

    /** The start of the one stderr line that reports an outage (LaunchGuard). */
    static final String CANNOT_WRITE = "cmdgate: cannot write the audit file ";
    static final String WRITABLE_AGAIN = "can be written again";

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_full_disk_refuses_every_launch_and_says_so_once(Jdk jdk) throws IOException {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = Files.createSymbolicLink(tmp.resolve("audit.jsonl"), Path.of("/dev/full"));

        // the link exists before start-up: the start-up check accepts it (it is not a directory)
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(threeEchoes().args()).run();

        assertRefused(run, "No space left on device", "echo1", "echo2", "echo3");
        assertThat(stderrCount(run, CANNOT_WRITE)).as("one report for the whole outage\n" + run.describe()).isEqualTo(1);
        assertThat(stderrLine(run, CANNOT_WRITE)).as("the report names the file").contains(audit.toString(),
                "No space left on device", "launches are refused");
    }

    /**
     * The refusal the application gets should name the file too, as it does for a directory in the way
     * (whose error message carries the path). A failed write's message ("No space left on device")
     * carries none, and LaunchGuard's reason only adds e.getMessage().
     */
    @OnEachJdk
    void a_full_disk_refusal_names_the_audit_file(Jdk jdk) throws IOException {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = Files.createSymbolicLink(tmp.resolve("audit.jsonl"), Path.of("/dev/full"));

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("echo1", "echo", "one").args()).run();

        Blocked.assertBlocked(run.result("echo1"));
        assertThat(run.result("echo1").message()).as(run.describe()).contains(audit.toString());
    }

    @OnEachJdk
    void a_full_disk_with_audit_failure_continue_lets_launches_run_unaudited(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");

        // an ordinary file at start-up, replaced by a link to /dev/full while the JVM runs
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,audit.failure=continue").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("before", "echo", "before")
                        .add("java-await-exits", audit, 1)
                        .add("java-rm", audit)
                        .add("java-ln", audit, "/dev/full")
                        .add("echo1", "echo", "one")
                        .add("echo2", "echo", "two")
                        .add("echo3", "echo", "three")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        assertThat(run.result("before").output()).isEqualTo("before\n");
        assertThat(run.result("echo1").output()).as(run.describe()).isEqualTo("one\n");
        assertThat(run.result("echo2").output()).as(run.describe()).isEqualTo("two\n");
        assertThat(run.result("echo3").output()).as(run.describe()).isEqualTo("three\n");
        assertThat(stderrCount(run, CANNOT_WRITE)).as("one report for the whole outage\n" + run.describe()).isEqualTo(1);
        assertThat(run.stderr()).as(run.describe()).contains(audit.toString(), "No space left on device", "unaudited");
        assertThat(stderrCount(run, "cmdgate: blocked")).as(run.describe()).isZero();
    }

    @OnEachJdk
    void a_read_only_file_system_refuses_every_launch_and_says_so_once(Jdk jdk) {
        // Running as root, chmod does not stop a write: only a read-only mount really yields EROFS.
        // Mounting one needs privileges CI may not have, so the test uses one the machine already has
        // (container runtimes usually mount /sys and /proc/sys read-only) and is skipped without one.
        // The agent's unit tests (LaunchGuardAuditFailureTest) inject the same error on every machine.
        Optional<Path> dir = readOnlyMount();
        Assumptions.assumeTrue(dir.isPresent(), "no read-only mount among " + CONVENTIONAL_READ_ONLY
                + " in /proc/mounts: EROFS is covered by the agent's unit test only");
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = dir.get().resolve("cmdgate-audit-" + UUID.randomUUID() + ".jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(threeEchoes().args()).run();

        assertRefused(run, "Read-only file system", "echo1", "echo2", "echo3");
        assertThat(stderrCount(run, CANNOT_WRITE)).as("one report for the whole outage\n" + run.describe()).isEqualTo(1);
        assertThat(stderrLine(run, CANNOT_WRITE)).as("the report names the file").contains(audit.toString(), "Read-only file system");
        assertThat(audit).doesNotExist();
    }

    @OnEachJdk
    void a_deleted_audit_file_is_recreated_and_gets_the_later_lines(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("first", "echo", "first-line")
                        .add("java-await-exits", audit, 1)
                        .add("java-rm", audit)
                        .add("second", "echo", "second-line")
                        .add("third", "echo", "third-line")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        for (String name : List.of("first", "second", "third")) {
            assertThat(run.result(name).ok()).as(run.describe()).isTrue();
        }
        Audit log = Audit.read(audit);
        assertThat(log.lines()).as("the new file holds the launches after the deletion\n" + log.dump()).hasSize(2);
        assertThat(log.forWord("second-line").outcome()).isEqualTo("allowed");
        assertThat(log.forWord("third-line").outcome()).isEqualTo("allowed");
        assertThat(run.stderr()).as("a deletion is no outage\n" + run.describe()).doesNotContain(CANNOT_WRITE);
    }

    @OnEachJdk
    void an_outage_that_ends_is_reported_once_and_its_end_once(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("first", "echo", "first-line")
                        .add("java-await-exits", audit, 1)
                        .add("java-rm", audit)
                        .add("java-mkdir", audit)            // a directory where the file should be
                        .add("during1", "echo", "during-line")
                        .add("during2", "echo", "during-line")
                        .add("java-rm", audit)               // gone again: the file can be created
                        .add("after", "echo", "after-line")
                        .add("after2", "echo", "after-line-2")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Blocked.assertBlocked(run.result("during1"));
        Blocked.assertBlocked(run.result("during2"));
        assertThat(run.result("during1").message()).as("the refusal names the audit file").contains(audit.toString());
        assertThat(run.result("after").output()).as(run.describe()).isEqualTo("after-line\n");
        assertThat(run.result("after2").output()).as(run.describe()).isEqualTo("after-line-2\n");

        Audit log = Audit.read(audit);
        assertThat(log.forWord("after-line").outcome()).isEqualTo("allowed");
        assertThat(log.forWord("after-line-2").outcome()).isEqualTo("allowed");
        assertThat(log.lines()).as("the refused launches could not be recorded\n" + log.dump()).hasSize(2);

        List<String> err = run.stderrLines();
        assertThat(stderrCount(run, CANNOT_WRITE)).as(run.describe()).isEqualTo(1);
        assertThat(stderrCount(run, WRITABLE_AGAIN)).as(run.describe()).isEqualTo(1);
        int down = indexOf(err, CANNOT_WRITE);
        int up = indexOf(err, WRITABLE_AGAIN);
        assertThat(down).as("the outage is reported before its end\n" + run.describe()).isLessThan(up);
        assertThat(err.get(up)).contains(audit.toString());
    }

    private static Spec threeEchoes() {
        return Spec.attempts().add("echo1", "echo", "one").add("echo2", "echo", "two").add("echo3", "echo", "three");
    }

    /** Each attempt refused because of the audit file, with the system's error, and the application went on to the end. */
    static void assertRefused(Run run, String systemError, String... names) {
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        for (String name : names) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            assertThat(r.message()).as("the reason is the audit file\n" + run.describe())
                    .contains("the audit file", "cannot be written", systemError);
        }
    }

    static long stderrCount(Run run, String text) {
        return run.stderrLines().stream().filter(l -> l.contains(text)).count();
    }

    static String stderrLine(Run run, String text) {
        return run.stderrLines().stream().filter(l -> l.contains(text)).findFirst().orElse("(none)\n" + run.describe());
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    /** Mount points containers commonly make read-only; only these are tried, nothing else on the machine. */
    static final List<String> CONVENTIONAL_READ_ONLY = List.of("/sys", "/proc/sys", "/sys/fs/cgroup", "/usr", "/");

    /** The first of {@link #CONVENTIONAL_READ_ONLY} that /proc/mounts lists as mounted {@code ro}. */
    static Optional<Path> readOnlyMount() {
        List<String> mounts;
        try {
            mounts = Files.readAllLines(Path.of("/proc/mounts"));
        } catch (IOException e) {
            return Optional.empty();
        }
        for (String candidate : CONVENTIONAL_READ_ONLY) {
            // a later line for the same mount point is mounted over the earlier ones: it is the one in effect
            String options = null;
            for (String m : mounts) {
                String[] f = m.split(" ");
                if (f.length > 3 && f[1].equals(candidate)) {
                    options = f[3];
                }
            }
            if (options != null && List.of(options.split(",")).contains("ro") && Files.isDirectory(Path.of(candidate))) {
                return Optional.of(Path.of(candidate));
            }
        }
        return Optional.empty();
    }
}
