package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Downcalls through the JDK's foreign function API (final in JDK 22, so this runs on JDK 25 only; on
 * JDK 17 the API is an incubator module that needs {@code --add-modules jdk.incubator.foreign}, and is
 * not gated: the case is skipped with that reason). {@code system(CMD)} is decided as {@code sh -c CMD}
 * whether its address comes from the default lookup, a library lookup of libc or is passed to an
 * unbound handle; {@code posix_spawnp} is decided by the argv read from native memory; {@code fork} is
 * refused. The test application ({@code src/test/java25}) is compiled here by that JDK's javac.
 */
class NativeFfmIT {

    private static final List<String> TOUCHES = List.of("system_touch", "libc_lookup_system_touch",
            "unbound_system_touch", "spawn_touch");

    @TempDir
    Path tmp;

    @OnEachJdk
    void under_readonly_downcalls_to_process_functions_are_decided_and_refused_ones_never_run(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ffm(jdk, dir, "autonomy=readonly,audit=" + audit, "getpid", "system_echo", "system_touch",
                "libc_lookup_system_touch", "unbound_system_touch", "spawn_touch", "fork");

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE", "ffm-echo");
        Audit lines = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(run.result("getpid").status()).isEqualTo("ok");
        soft.assertThat(run.result("system_echo").detail()).isEqualTo("exit=0 out=");
        soft.assertThat(lines.forWord("echo ffm-echo").outcome()).isEqualTo("allowed");
        for (String name : TOUCHES) {
            String file = dir.resolve("ffm-" + name).toString();
            boolean spawn = name.equals("spawn_touch");
            Audit.Line line = lines.forFragment(file);
            Blocked.check(soft, run.result(name), "touch " + file, line);
            soft.assertThat(line.argv()).as(name).isEqualTo(spawn ? List.of("touch", file) : List.of("sh", "-c", "touch " + file));
            soft.assertThat(line.caller()).as(name).startsWith("dev.cmdgate.it.apps.NativeFfm.");
            soft.assertThat(NativeJrubyIT.nativeContext(line)).as(name).isEqualTo(spawn ? "ffm posix_spawnp" : "ffm system");
            soft.assertThat(Path.of(file)).as(name + ": never ran").doesNotExist();
        }
        Blocked.assertBlocked(run.result("fork"));
        soft.assertThat(run.result("fork").message()).contains("blocked fork ");
        soft.assertThat(run.stderrLines()).as(run.describe()).hasSize(TOUCHES.size() + 1).allMatch(l -> l.startsWith("cmdgate: blocked "));
        soft.assertAll();
    }

    @OnEachJdk
    void under_full_with_prompts_allowed_they_run(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ffm(jdk, dir, "autonomy=full,prompt=allow,audit=" + audit, TOUCHES.toArray(new String[0]));

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : TOUCHES) {
            soft.assertThat(run.result(name).detail()).as(run.describe()).isEqualTo("exit=0 out=");
            soft.assertThat(dir.resolve("ffm-" + name)).exists();
        }
        soft.assertThat(Audit.read(audit).lines()).hasSize(TOUCHES.size()).allMatch(l -> l.outcome().equals("allowed"));
        soft.assertThat(run.stderr()).isEmpty();
        soft.assertAll();
    }

    private Run ffm(Jdk jdk, Path dir, String agentArgs, String... attempts) throws Exception {
        Assumptions.assumeTrue(jdk.feature() >= 22, "the foreign function API is final from JDK 22: on " + jdk
                + " it is an incubator module behind --add-modules jdk.incubator.foreign, which cmdgate does not gate;"
                + " this test runs on JDK 25 only");
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home());
        Path classes = compile(jdk);
        return ForkedJvm.on(jdk).in(dir).withAgent(agentArgs)
                .jvmArg("--enable-native-access=ALL-UNNAMED")
                .classPath(classes)
                .env("HOME", tmp.toString())
                .main("dev.cmdgate.it.apps.NativeFfm", dir)
                .args(List.of(attempts))
                .run();
    }

    /** The app's source (Java 22+ API) compiled by the JDK under test. */
    private Path compile(Jdk jdk) throws IOException, InterruptedException {
        Path out = Dirs.mkdir(tmp, "ffm-classes");
        Path source = Path.of(System.getProperty("cmdgate.it.appSources")).resolveSibling("java25")
                .resolve("dev/cmdgate/it/apps/NativeFfm.java");
        Process javac = new ProcessBuilder(jdk.home().resolve("bin/javac").toString(), "-d", out.toString(), source.toString())
                .redirectErrorStream(true).start();
        String output = new String(javac.getInputStream().readAllBytes());
        assertThat(javac.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(javac.exitValue()).as("javac " + source + "\n" + output).isZero();
        return out;
    }
}
