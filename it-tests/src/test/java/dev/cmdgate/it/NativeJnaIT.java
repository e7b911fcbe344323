package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.NativeJna;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * C functions that create processes, called through JNA: {@code system(CMD)} is decided as {@code sh -c CMD}
 * and {@code execv(path, argv)} as that argv, whether called through interface mapping, through
 * {@code Function.getFunction(…).invokeInt} or through a Function made from the raw address; {@code fork}
 * (nothing to judge) and direct mapping of {@code system} ({@code Native.register}: its calls never reach
 * Java) are refused. Other C functions ({@code getpid}) are untouched. JNA's own library search runs
 * {@code ldconfig -p} through the JDK's launcher, where it is decided like any launch.
 */
class NativeJnaIT {

    private static final List<String> TOUCHES = List.of("system_touch", "execv_touch", "function_invoke", "raw_address");

    @TempDir
    Path tmp;

    @OnEachJdk
    void under_readonly_jna_calls_of_process_functions_are_decided_and_refused_ones_never_run(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = jna(jdk, dir, "autonomy=readonly,audit=" + audit, "getpid", "system_echo", "system_touch",
                "execv_touch", "fork", "function_invoke", "raw_address", "direct").run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Audit lines = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(run.result("getpid").status()).as(run.describe()).isEqualTo("ok");
        soft.assertThat(run.result("system_echo").detail()).as(run.describe()).isEqualTo("exit=0 out=");
        soft.assertThat(run.stdoutLines()).as("system(\"echo …\") ran").contains("jna-echo");
        soft.assertThat(lines.forWord("echo jna-echo").argv()).containsExactly("sh", "-c", "echo jna-echo");
        soft.assertThat(lines.forWord("echo jna-echo").outcome()).isEqualTo("allowed");

        for (String name : TOUCHES) {
            String file = dir.resolve("jna-" + name).toString();
            Audit.Line line = lines.forFragment(file);
            boolean shell = !name.equals("execv_touch");
            Blocked.check(soft, run.result(name), "touch " + file, line);
            soft.assertThat(line.argv()).as(name).isEqualTo(shell ? List.of("sh", "-c", "touch " + file) : List.of("touch", file));
            soft.assertThat(line.caller()).as(name).startsWith(NativeJna.class.getName() + ".");
            soft.assertThat(NativeJrubyIT.nativeContext(line)).as(name).startsWith("jna " + (shell ? "system" : "execv"));
            soft.assertThat(Path.of(file)).as(name + ": never ran").doesNotExist();
        }
        Blocked.assertBlocked(run.result("fork"));
        soft.assertThat(lines.only(l -> l.argv().equals(List.of("fork")), "fork").reasonCodes()).containsExactly("native.unjudgeable");
        Blocked.assertBlocked(run.result("direct"));
        soft.assertThat(run.result("direct").message()).contains("direct mapping");
        soft.assertThat(Path.of(dir.resolve("jna-direct").toString())).doesNotExist();
        soft.assertAll();
    }

    @OnEachJdk
    void under_full_with_prompts_allowed_they_run_and_an_allowed_execv_replaces_the_jvm(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = jna(jdk, dir, "autonomy=full,prompt=allow,audit=" + audit, "system_touch", "function_invoke",
                "raw_address", "direct", "execv_last").run();

        assertThat(run.exit()).as("the JVM became touch, which exited 0\n" + run.describe()).isZero();
        Audit lines = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : List.of("system_touch", "function_invoke", "raw_address")) {
            soft.assertThat(run.result(name).detail()).as(run.describe()).isEqualTo("exit=0 out=");
            soft.assertThat(dir.resolve("jna-" + name)).exists();
        }
        soft.assertThat(run.result("direct").status()).as("direct mapping stays refused").isEqualTo("blocked");
        Path last = dir.resolve("jna-execv_last");
        soft.assertThat(last).as("execv replaced the JVM with touch").exists();
        soft.assertThat(lines.forWord(last.toString()).argv()).containsExactly("touch", last.toString());
        soft.assertThat(run.stdoutLines()).as("nothing after execv: the JVM was replaced").doesNotContain("DONE");
        soft.assertAll();
    }

    private ForkedJvm jna(Jdk jdk, Path dir, String agentArgs, String... attempts) throws URISyntaxException {
        ForkedJvm jvm = ForkedJvm.on(jdk).in(dir).withAgent(agentArgs)
                .classPath(NativeJrubyIT.jarOf(com.sun.jna.Native.class))
                .env("HOME", tmp.toString())
                .main(NativeJna.class, dir)
                .args(List.of(attempts));
        return jdk.feature() >= 22 ? jvm.jvmArg("--enable-native-access=ALL-UNNAMED") : jvm;
    }
}
