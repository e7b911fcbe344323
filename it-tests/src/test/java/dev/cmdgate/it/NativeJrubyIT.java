package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.NativeJruby;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * JRuby creates processes through jnr-posix's {@code posix_spawnp}, not through the JDK's launcher: its
 * {@code system}, backticks, {@code spawn} and {@code IO.popen} are decided with their real argv (and the
 * files a spawn's file actions open for writing), with the same refusal, audit line and stderr report as
 * any launch; a refused process never exists. Ruby code reaching jnr-posix's libc binding directly
 * ({@code JRuby.runtime.posix.libc.posix_spawnp/execv/fork}) is decided or refused too, and Ruby FFI
 * cannot bind {@code system}. Two JVMs per JDK (JRuby starts slowly), every attempt in each.
 */
class NativeJrubyIT {

    private static final List<String> ATTEMPTS = List.of("system_echo", "backtick_echo", "popen_echo", "system_touch",
            "system_line_touch", "backtick_touch", "spawn_touch", "spawn_echo_out", "popen_touch", "libc_spawnp",
            "libc_execv", "libc_fork", "ffi_system");
    private static final List<String> TOUCHES = List.of("system_touch", "system_line_touch", "backtick_touch",
            "spawn_touch", "popen_touch", "libc_spawnp", "libc_execv");

    @TempDir
    Path tmp;

    @OnEachJdk
    void under_readonly_ruby_processes_are_decided_with_their_argv_and_refused_ones_never_exist(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = jruby(jdk, dir, "autonomy=readonly,audit=" + audit).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as(run.describe()).contains("DONE");
        Audit lines = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();

        // JRuby's own RUBY variable is an environment change like any other: at least Write
        AppResult withRuby = run.result("echo_with_ruby_variable");
        Blocked.assertBlocked(withRuby);
        soft.assertThat(withRuby.message()).contains("RUBY");

        // Read commands still run, through jnr-posix, and are audited as allowed
        soft.assertThat(run.result("system_echo").detail()).as(run.describe()).isEqualTo("exit=0 out=true");
        soft.assertThat(run.result("backtick_echo").output()).isEqualTo("ruby-backtick\n");
        soft.assertThat(run.result("popen_echo").output()).isEqualTo("ruby-popen\n");
        soft.assertThat(lines.forWord("ruby-backtick").outcome()).isEqualTo("allowed");
        soft.assertThat(lines.forWord("ruby-backtick").argv()).containsExactly("echo", "ruby-backtick");

        for (String name : TOUCHES) {
            String file = dir.resolve("rb-" + name).toString();
            AppResult r = run.result(name);
            Audit.Line line = lines.forWord(file);
            Blocked.check(soft, r, "touch " + file, line);
            soft.assertThat(line.argv()).as(name + " audit argv").containsExactly("touch", file);
            soft.assertThat(line.caller()).as(name + " caller").startsWith(NativeJruby.class.getName() + ".main(NativeJruby.java:");
            soft.assertThat(nativeContext(line)).as(name + " route").startsWith(name.startsWith("libc_") ? "jnr-libc " : "jnr-posix ");
            soft.assertThat(Path.of(file)).as(name + ": the refused process never ran").doesNotExist();
        }

        // a Read command whose spawn file actions open an output file is a Write: refused, no file
        String out = dir.resolve("rb-spawn_echo_out").toString();
        Audit.Line redirect = lines.forWord("ruby-spawn");
        Blocked.check(soft, run.result("spawn_echo_out"), "echo ruby-spawn", redirect);
        soft.assertThat(redirect.argv()).containsExactly("echo", "ruby-spawn");
        soft.assertThat(run.result("spawn_echo_out").message()).contains(out);
        soft.assertThat(Path.of(out)).doesNotExist();

        // fork through jnr-posix's libc binding: nothing to judge, refused
        Blocked.assertBlocked(run.result("libc_fork"));
        soft.assertThat(run.result("libc_fork").message()).contains("fork");
        soft.assertThat(lines.only(l -> l.argv().equals(List.of("fork")), "fork").reasonCodes()).containsExactly("native.unjudgeable");

        // Ruby FFI cannot bind system: the function is "not found", the refusal recorded
        soft.assertThat(run.result("ffi_system").status()).isEqualTo("error");
        soft.assertThat(run.result("ffi_system").detail()).contains("NotFoundError").contains("system");
        soft.assertThat(lines.only(l -> l.argv().equals(List.of("system")), "system").outcome()).isEqualTo("blocked");
        soft.assertThat(Path.of(dir.resolve("rb-ffi_system").toString())).doesNotExist();

        // one stderr line per refusal (JDK 25 adds JRuby's own sun.misc.Unsafe warnings, which are not ours)
        List<String> ours = run.stderrLines().stream().filter(l -> l.startsWith("cmdgate: ")).toList();
        // (+ 1: the echo with JRuby's RUBY variable)
        soft.assertThat(ours).as(run.describe()).hasSize(TOUCHES.size() + 4).allMatch(l -> l.startsWith("cmdgate: blocked "));
        soft.assertAll();
    }

    @OnEachJdk
    void under_full_with_prompts_allowed_the_same_processes_run(Jdk jdk) throws Exception {
        Path dir = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = jruby(jdk, dir, "autonomy=full,prompt=allow,audit=" + audit).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit lines = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : TOUCHES) {
            if (name.equals("libc_execv")) {
                continue;   // would replace this JVM: only ever attempted where it is refused
            }
            Path file = dir.resolve("rb-" + name);
            soft.assertThat(run.result(name).status()).as(run.describe()).isEqualTo("ok");
            soft.assertThat(file).as(name).exists();
            soft.assertThat(lines.forWord(file.toString()).outcome()).as(name).isEqualTo("allowed");
        }
        soft.assertThat(run.result("spawn_echo_out").status()).isEqualTo("ok");
        soft.assertThat(Dirs.read(dir.resolve("rb-spawn_echo_out"))).isEqualTo("ruby-spawn\n");
        soft.assertThat(lines.forWord("ruby-spawn").commandClass()).as("echo with an output file is a Write").isEqualTo("Write");
        // fork and an FFI binding of system stay refused whatever the tier: there is nothing to judge
        soft.assertThat(run.result("libc_fork").status()).isEqualTo("blocked");
        soft.assertThat(run.result("ffi_system").status()).isEqualTo("error");
        soft.assertAll();
    }

    private ForkedJvm jruby(Jdk jdk, Path dir, String agentArgs) throws URISyntaxException {
        List<String> attempts = agentArgs.contains("readonly") ? ATTEMPTS
                : ATTEMPTS.stream().filter(a -> !a.equals("libc_execv")).toList();
        ForkedJvm jvm = ForkedJvm.on(jdk).in(dir).withAgent(agentArgs)
                .classPath(jarOf(org.jruby.Ruby.class))
                .env("HOME", tmp.toString())
                .timeout(Duration.ofSeconds(180))
                .main(NativeJruby.class, dir)
                .args(attempts);
        return jdk.feature() >= 22 ? jvm.jvmArg("--enable-native-access=ALL-UNNAMED") : jvm;
    }

    @SuppressWarnings("unchecked")
    static String nativeContext(Audit.Line line) {
        Object context = line.json().get("context");
        return context instanceof Map<?, ?> m ? String.valueOf(((Map<String, Object>) m).get("native")) : null;
    }

    static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
