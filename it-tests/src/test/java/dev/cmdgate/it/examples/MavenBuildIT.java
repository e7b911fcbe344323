package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A build tool under cmdgate (examples/maven-build): {@code ./cmdgate run … -- mvn -o -q test} on a
 * tiny project whose build runs a command (exec-maven-plugin, in Maven's JVM) and forks a JVM
 * (surefire) whose test launches processes. JAVA_TOOL_OPTIONS carries the agent into every JVM, so
 * the audit file gets lines from both: Maven's own JVM (kept in audit mode through MAVEN_OPTS, so the
 * build itself is never stopped) and the forked test JVM (enforcing), told apart by their mode and
 * caller.
 */
class MavenBuildIT {

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void theForkedTestJvmIsGatedToo(ExampleRun.Jdk jdk) throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path project = copyFixture();
        Path audit = project.resolve("audit.jsonl");
        ExampleRun.Result r = mvnUnderCmdgate(jdk, project, audit);
        if (r.exit() != 0 && (r.out() + r.err()).contains("offline")) {
            // the fixture's plugins (exec-maven-plugin) are not in the local repository yet: resolve
            // them once with a plain online build of another copy, then build offline under cmdgate
            Path primer = copyFixture();
            ExampleRun.Result p = ExampleRun.exec(List.of("mvn", "-B", "-q", "-Dmaven.repo.local=" + localRepo(), "test"),
                    primer, Map.of("JAVA_HOME", jdk.home().toString()), 300, null);
            assertThat(p.exit()).as("priming the local repository\n" + p.describe()).isZero();
            Files.deleteIfExists(audit);
            r = mvnUnderCmdgate(jdk, project, audit);
        }
        assertThat(r.exit()).as(r.describe()).isZero();
        String all = r.out() + r.err();
        assertThat(all.split("Picked up JAVA_TOOL_OPTIONS: -javaagent:", -1).length - 1)
                .as("Maven's JVM and surefire's fork both start with the agent\n" + r.describe()).isGreaterThanOrEqualTo(2);

        Audit lines = Audit.read(audit);
        // Maven's JVM (audit mode): the command run by exec-maven-plugin and surefire's fork of a JVM
        assertThat(lines.where(l -> "audit".equals(l.get("mode"))
                && l.argv().equals(List.of("sh", "-c", "echo built-by-exec-maven-plugin > target/exec-stamp.txt"))))
                .singleElement().satisfies(l -> {
                    assertThat((String) l.get("caller")).startsWith("org.codehaus.mojo.exec.");
                    assertThat(l.get("outcome")).isEqualTo("allowed");
                });
        assertThat(lines.where(l -> "audit".equals(l.get("mode")) && String.join(" ", l.argv()).contains("surefirebooter")))
                .as("surefire's fork in %s", lines).hasSize(1)
                .allSatisfy(l -> assertThat((String) l.get("caller")).contains("surefire"));
        // the forked test JVM (enforce): its own launches, from the test's frame
        List<Audit.Line> fromTest = lines.where(l -> String.valueOf(l.get("caller")).startsWith("demo.LaunchesTest.launchesProcesses("));
        assertThat(fromTest).extracting(Audit.Line::argv).containsExactly(List.of("ls", "target"),
                List.of("touch", "target/touched-by-test.txt"), List.of("rm", "-rf", "target/victim"));
        assertThat(fromTest).allSatisfy(l -> assertThat(l.get("mode")).isEqualTo("enforce"));
        assertThat(fromTest.get(2).get("outcome")).isEqualTo("blocked");

        // what the test in the fork saw, and the disk
        List<String> report = Files.readAllLines(project.resolve("target/launches.txt"));
        assertThat(report).hasSize(3);
        for (int i = 0; i < 3; i++) {
            boolean allowed = "allowed".equals(fromTest.get(i).get("outcome"));
            assertThat(report.get(i)).startsWith(allowed ? "RAN " : "REFUSED ");
            if (!allowed) {
                assertThat(report.get(i)).contains(" — java.lang.SecurityException: cmdgate: blocked ");
            }
        }
        assertThat(Files.exists(project.resolve("target/touched-by-test.txt"))).isEqualTo("allowed".equals(fromTest.get(1).get("outcome")));
        assertThat(project.resolve("target/victim/keep.txt")).exists();
        assertThat(project.resolve("target/exec-stamp.txt")).hasContent("built-by-exec-maven-plugin");
    }

    /**
     * {@code ./cmdgate run --autonomy full --prompt deny --audit FILE -- mvn -B -o -q test} with
     * {@code MAVEN_OPTS=-Dcmdgate.mode=audit}. The launcher script is used when the agent jar is where it
     * builds it (agent/target); another build directory gets the same JAVA_TOOL_OPTIONS directly.
     */
    private static ExampleRun.Result mvnUnderCmdgate(ExampleRun.Jdk jdk, Path project, Path audit) throws IOException {
        List<String> mvn = List.of("mvn", "-B", "-o", "-q", "-Dmaven.repo.local=" + localRepo(), "test");
        Map<String, String> env = new HashMap<>();
        env.put("JAVA_HOME", jdk.home().toString());
        env.put("MAVEN_OPTS", "-Dcmdgate.mode=audit");
        List<String> cmd = new ArrayList<>();
        Path script = ExampleRun.ROOT.resolve("cmdgate");
        boolean scriptJar = ExampleRun.AGENT_JAR.toAbsolutePath().normalize().equals(ExampleRun.ROOT.resolve("agent/target/cmdgate.jar"))
                && Files.isDirectory(ExampleRun.ROOT.resolve("examples/target/classes"));
        if (scriptJar && Files.isExecutable(script)) {
            cmd.addAll(List.of(script.toString(), "run", "--autonomy", "full", "--prompt", "deny", "--audit", audit.toString(), "--"));
        } else {
            env.put("JAVA_TOOL_OPTIONS", "-javaagent:" + ExampleRun.AGENT_JAR + "=autonomy=full,prompt=deny,audit=" + audit);
        }
        cmd.addAll(mvn);
        return ExampleRun.exec(cmd, project, env, 300, audit);
    }

    static String localRepo() {
        String repo = System.getProperty("cmdgate.it.localRepo");
        return repo == null || repo.isBlank() ? System.getProperty("user.home") + "/.m2/repository" : repo;
    }

    static Path copyFixture() {
        Path from = ExampleRun.ROOT.resolve("examples/maven-build");
        try {
            Path to = Files.createTempDirectory("cmdgate-it-maven");
            try (Stream<Path> s = Files.walk(from)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Path rel = from.relativize(p);
                    if (rel.toString().startsWith("target")) {
                        continue;
                    }
                    Path dest = to.resolve(rel.toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(dest);
                    } else {
                        Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
