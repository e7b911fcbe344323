package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.EarlyLoader;
import dev.cmdgate.it.apps.SpawnsJava;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.JavaSources;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDK 25's one-step AOT cache ({@code java -XX:AOTCacheOutput=F}): after its training run the JVM starts a second
 * JVM itself to assemble the cache, with the training JVM's options in {@code JAVA_TOOL_OPTIONS} and those of
 * {@code JDK_AOT_VM_OPTIONS}; no Java agent runs in it. A child JVM launched by a gated one that would give that
 * assembly JVM code to run ({@code JDK_AOT_VM_OPTIONS=-Djava.system.class.loader=…}, set in the launch's environment,
 * inline in a shell line, exported) is refused as unverifiable; an ordinary AOT cache build works, with and without
 * an audit file (the training JVM's gate takes cmdgate's own agent word the JDK copies for the assembly JVM as
 * cmdgate's, not as a write of the audit file).
 */
class AotCacheIT {

    @TempDir
    Path tmp;

    private Path victim;
    private Path touched;
    private Path marker;
    private Path cache;
    /** The child's classes as one jar: the JDK's AOT cache takes no non-empty directory on the class path. */
    private Path app;

    @BeforeEach
    void files() throws IOException {
        victim = Files.createDirectories(tmp.resolve("victim"));
        Files.writeString(victim.resolve("keep.txt"), "precious\n");
        touched = tmp.resolve("touched-by-child");
        marker = tmp.resolve("touched-by-assembly-jvm");
        cache = tmp.resolve("app.aot");
        app = JavaSources.jar(tmp.resolve("app.jar"), ForkedJvm.APP_CLASSES, Map.of("Main-Class", Commands.class.getName()));
    }

    private static void onJdk25(Jdk jdk) {
        Assumptions.assumeTrue(jdk.feature() >= 25, "-XX:AOTCacheOutput (the one-step AOT cache, whose assembly JVM reads"
                + " JDK_AOT_VM_OPTIONS) is new in JDK 25: on " + jdk + " the JVM does not know the option; this test runs on JDK 25 only");
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home());
    }

    /** What the assembly JVM would run: a system class loader that launches touch of {@link #marker} before any agent. */
    private String hostile() {
        return "-Dit.marker=" + marker + " -Djava.system.class.loader=" + EarlyLoader.class.getName();
    }

    /** {@link SpawnsJava} launching {@code java OPTIONS -jar app.jar …}: MODE {@code direct}, {@code shell} or {@code shell=TEMPLATE}. */
    private Run parent(Jdk jdk, String agentArgs, String mode, String... childOptions) {
        List<String> args = new ArrayList<>(List.of(mode.equals("direct") ? "jar=" + app : "jar=" + app + "|" + mode));
        args.addAll(List.of(childOptions));
        args.add("::");
        args.addAll(List.of("child-touch", "touch", touched.toString(), "--", "child-rm", "rm", "-rf", victim.toString()));
        return ForkedJvm.on(jdk).in(tmp).withAgent(agentArgs).env("HOME", tmp.toString()).timeout(Duration.ofSeconds(120))
                .main(SpawnsJava.class).args(args).run();
    }

    private void assertRefused(Run run) {
        assertThat(run.result("spawn").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("spawn").message()).contains("Destructive").contains("unverifiable code");
        assertThat(run.results()).as(run.describe()).doesNotContainKey("child-touch");
        assertThat(marker).as(run.describe()).doesNotExist();
        assertThat(touched).doesNotExist();
        assertThat(victim.resolve("keep.txt")).exists();
        assertThat(cache).doesNotExist();
    }

    @OnEachJdk
    void assemblyJvmOptionsThatRunCodeAreRefusedWhereverTheyAreSet(Jdk jdk) throws IOException {
        onJdk25(jdk);
        String out = "-XX:AOTCacheOutput=" + cache;
        String settings = "autonomy=full,prompt=deny";
        // in the environment of the java launch
        assertRefused(parent(jdk, settings, "direct", out, "env:JDK_AOT_VM_OPTIONS=" + hostile()));
        // another Java agent there (no agent runs in the assembly JVM, but it is no option cmdgate lets through)
        assertRefused(parent(jdk, settings, "direct", out, "env:JDK_AOT_VM_OPTIONS=-javaagent:" + tmp.resolve("ag.jar")));
        // in the environment of a shell that starts java
        assertRefused(parent(jdk, settings, "shell", out, "env:JDK_AOT_VM_OPTIONS=" + hostile()));
        // in the shell line itself: inline, exported, through env
        for (String template : List.of("JDK_AOT_VM_OPTIONS='" + hostile() + "' exec {java}",
                "export JDK_AOT_VM_OPTIONS='" + hostile() + "'; exec {java}",
                "exec env JDK_AOT_VM_OPTIONS='" + hostile() + "' {java}")) {
            assertRefused(parent(jdk, settings, "shell=" + template, out));
        }
    }

    @OnEachJdk
    void anOrdinaryAotCacheBuildWorksWithAndWithoutAnAuditFile(Jdk jdk) throws IOException {
        onJdk25(jdk);
        Path audit = tmp.resolve("audit.jsonl");
        for (String settings : List.of("autonomy=full,prompt=deny", "autonomy=full,prompt=deny,audit=" + audit)) {
            Files.deleteIfExists(cache);
            Files.deleteIfExists(touched);
            Run run = parent(jdk, settings, "direct", "-XX:AOTCacheOutput=" + cache);
            assertThat(run.result("spawn").ok()).as(run.describe()).isTrue();
            assertThat(run.result("child-touch").ok()).as(run.describe()).isTrue();
            // the training JVM ran under cmdgate
            assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
            assertThat(victim.resolve("keep.txt")).exists();
            // and let the JDK start its assembly JVM, which wrote the cache
            assertThat(run.stderr() + run.stdout()).as(run.describe()).doesNotContain("cmdgate: blocked /")
                    .contains("AOTCache creation is complete");
            assertThat(cache).as(run.describe()).exists();
        }
        Audit.Line assembly = Audit.read(audit).only(l -> l.argv().size() == 1 && l.argv().get(0).endsWith("/java"),
                "the assembly JVM's launch");
        assertThat(assembly.outcome()).isEqualTo("allowed");
    }
}
