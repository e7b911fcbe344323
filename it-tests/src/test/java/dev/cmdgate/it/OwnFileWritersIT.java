package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs that write a file the command line names only inside an option or not at all, aimed at the gate's own
 * files under {@code full} (where every Write is allowed): a child JVM's own output options ({@code -Xlog:…:file=},
 * {@code -XX:DumpLoadedClassList=}, JFR's {@code filename=}, also from {@code JDK_JAVA_OPTIONS}), {@code ssh-keygen
 * -f}, {@code keytool -keystore}, and git commands that rewrite a work tree holding the audit file (the audit file
 * tracked in a commit: {@code git stash} would put the committed version back, every line the gate wrote since
 * gone). Each is refused as changing the gate's own files; the files are as the gate left them. A JVM logging
 * into a file of its own directory still runs.
 */
class OwnFileWritersIT {

    private static final String COMMITTED = "P72Q committed\n";

    @TempDir
    Path tmp;

    @OnEachJdk
    void writers_named_in_options_or_through_a_work_tree_do_not_change_the_gates_files(Jdk jdk) throws Exception {
        OwnFilesFixture own = new OwnFilesFixture(tmp, COMMITTED);
        Path home = own.home;
        Path state = own.state;
        Path rules = own.rules;
        Path audit = own.audit;
        Path repo = Dirs.mkdir(tmp, "repo");
        // a repository whose work tree is the state directory and whose commit holds the audit file as it is now
        git(home, "--git-dir=" + repo.resolve(".git"), "init", "-q");
        git(home, "--git-dir=" + repo.resolve(".git"), "--work-tree=" + state, "add", "audit.jsonl");
        git(home, "--git-dir=" + repo.resolve(".git"), "--work-tree=" + state, "-c", "user.name=t", "-c",
                "user.email=t@example.com", "commit", "-q", "-m", "audit");
        Path work = own.work;
        String java = jdk.java().toString();
        Spec spec = Spec.attempts()
                .add("xlog_file", java, "-Xlog:gc:file=" + audit, "-version")
                .add("xlog_output_field", java, "-Xlog:all=off,os=info:" + audit + ":none", "-version")
                .add("xlog_relative_after_cd", "sh", "-c", "cd " + state + " && " + java + " -Xlog:gc:file=audit.jsonl -version")
                .add("dump_class_list", java, "-XX:DumpLoadedClassList=" + audit, "-version")
                .add("flight_recording", java, "-XX:StartFlightRecording=duration=1s,filename=" + audit, "-version")
                .add("xlog_in_jdk_java_options", "@env=JDK_JAVA_OPTIONS=-Xlog:gc:file=" + audit, java, "-version")
                .add("ssh_keygen", "ssh-keygen", "-q", "-N", "secret-pass", "-C", "x", "-f", rules)
                .add("keytool_keystore", "keytool", "-genkeypair", "-alias", "a", "-keyalg", "EC", "-dname", "CN=x",
                        "-storepass", "changeit", "-keystore", rules)
                .add("git_stash", "sh", "-c", "cd " + state + " && git --git-dir=" + repo.resolve(".git") + " --work-tree=. stash -q")
                .add("git_reset_merge", "git", "--git-dir=" + repo.resolve(".git"), "--work-tree=" + state, "reset", "-q", "--merge")
                .add("git_checkout_env", "@env=GIT_DIR=" + repo.resolve(".git"), "@dir=" + state, "git", "checkout", "-q", "HEAD")
                .add("java_logs_elsewhere", java, "-Xlog:gc:file=" + work.resolve("gc.log"), "-version");

        Run run = own.run(jdk, spec);

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        List<String> refused = List.of("xlog_file", "xlog_output_field", "xlog_relative_after_cd", "dump_class_list",
                "flight_recording", "xlog_in_jdk_java_options", "ssh_keygen", "keytool_keystore", "git_stash",
                "git_reset_merge", "git_checkout_env");
        own.assertRefused(soft, run, refused);
        soft.assertThat(state.resolve("team.rules.pub")).doesNotExist();
        soft.assertThat(Dirs.read(audit).lines().findFirst()).as("the committed line first").hasValue(COMMITTED.strip());
        own.assertGateLines(soft, 1, refused.size());
        soft.assertThat(run.result("java_logs_elsewhere").status()).as(run.result("java_logs_elsewhere").toString()).isEqualTo("ok");
        soft.assertThat(work.resolve("gc.log")).exists();
        soft.assertAll();
    }

    /** Runs git (no shell) in the test's own JVM to make the repository the attempts use. */
    private static void git(Path home, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        argv.add("git");
        argv.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(argv).redirectErrorStream(true);
        b.environment().put("HOME", home.toString());
        b.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("git " + String.join(" ", args) + ": " + out).isZero();
    }
}
