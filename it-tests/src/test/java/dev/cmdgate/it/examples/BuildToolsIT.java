package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everyday tools at the default tier, for real: Maven whose Surefire forks a test JVM (trusted by the
 * shipped rows of examples/trust/build-tools.rules), Apache Ant whose {@code <exec failonerror="false">}
 * tolerates a refusal under {@code cmdgate.refusal=io}, and JShell under plain {@code -javaagent}: its local
 * engine runs snippets in its own gated JVM; its default remote engine, a debuggee, is refused whatever the rows. Each runs on JDK 17 and 25 in a temporary directory with
 * HOME pointed there; every command they run touches only that directory.
 */
class BuildToolsIT {

    static final Path TRUST_ROWS = ExampleRun.ROOT.resolve("examples/trust/build-tools.rules");

    @TempDir
    Path tmp;

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    // ------------------------------------------------------------------ Maven Surefire

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void surefireForksItsTestJvmUnderSupervisedWithTheShippedTrustRows(ExampleRun.Jdk jdk) throws IOException {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path project = MavenBuildIT.copyFixture();
        Path audit = project.resolve("audit.jsonl");
        ExampleRun.Result r = mvn(jdk, project, audit, true);
        assertThat(r.exit()).as(r.describe()).isZero();

        Audit lines = Audit.read(audit);
        Audit.Line fork = lines.where(l -> String.join(" ", l.argv()).contains("surefirebooter")).get(0);
        assertThat(lines.where(l -> String.join(" ", l.argv()).contains("surefirebooter"))).hasSize(1);
        assertThat(fork.json()).containsEntry("outcome", "allowed").containsEntry("gate", "allow").containsEntry("mode", "enforce")
                .containsEntry("scheme", "autonomy=supervised");
        assertThat(fork.argv().subList(0, 2)).containsExactly("/bin/sh", "-c");
        assertThat(reasons(fork)).filteredOn(m -> "trust".equals(m.get("code"))).singleElement()
                .satisfies(m -> assertThat((String) m.get("message")).contains("/bin/java' '-jar'")
                        .contains("is trusted by " + TRUST_ROWS + ":" + rowOf("Maven Surefire's forked test JVM")
                                + ": Maven Surefire's forked test JVM"));
        assertThat((String) fork.get("caller")).startsWith("org.apache.maven.plugin.surefire.booterclient.ForkStarter.");

        // the forked test JVM runs under cmdgate too, its launches decided there under the same tier
        List<Audit.Line> fromTest = lines.where(l -> String.valueOf(l.get("caller")).startsWith("demo.LaunchesTest."));
        assertThat(fromTest).extracting(Audit.Line::argv).containsExactly(List.of("ls", "target"),
                List.of("touch", "target/touched-by-test.txt"), List.of("rm", "-rf", "target/victim"));
        assertThat(fromTest).extracting(l -> l.get("outcome")).containsExactly("allowed", "blocked", "blocked");
        assertThat(fromTest).allSatisfy(l -> assertThat(l.json()).containsEntry("parent_decision_id", fork.get("decision_id")));
        List<String> report = Files.readAllLines(project.resolve("target/launches.txt"));
        assertThat(report).hasSize(3);
        assertThat(report.get(0)).startsWith("RAN ls target");
        assertThat(report.get(1)).startsWith("REFUSED touch");
        assertThat(report.get(2)).startsWith("REFUSED rm -rf target/victim");
        assertThat(project.resolve("target/touched-by-test.txt")).doesNotExist();
        assertThat(project.resolve("target/victim/keep.txt")).exists();

        // without the trust rows the same build stops at the fork: no test JVM, a failed build
        Path plain = MavenBuildIT.copyFixture();
        Path plainAudit = plain.resolve("audit.jsonl");
        ExampleRun.Result refused = mvn(jdk, plain, plainAudit, false);
        assertThat(refused.exit()).as(refused.describe()).isNotZero();
        assertThat(Audit.read(plainAudit).where(l -> String.join(" ", l.argv()).contains("surefirebooter")))
                .singleElement().satisfies(l -> assertThat(l.json()).containsEntry("outcome", "blocked"));
        assertThat(plain.resolve("target/launches.txt")).doesNotExist();
    }

    /**
     * {@code mvn -B -o -q -Dexec.skip=true test} under cmdgate: {@code ./cmdgate run --autonomy supervised
     * --prompt deny [--rules build-tools.rules] --audit FILE -- mvn …} (or the same JAVA_TOOL_OPTIONS when
     * the jar under test is not where the launcher builds it). Primes the local repository once when
     * a plugin is missing, as MavenBuildIT does.
     */
    private static ExampleRun.Result mvn(ExampleRun.Jdk jdk, Path project, Path audit, boolean trust) throws IOException {
        List<String> mvn = List.of("mvn", "-B", "-o", "-q", "-Dmaven.repo.local=" + MavenBuildIT.localRepo(),
                "-Dexec.skip=true", "test");
        Map<String, String> env = new HashMap<>();
        env.put("JAVA_HOME", jdk.home().toString());
        env.put("HOME", project.toString());
        List<String> cmd = new ArrayList<>();
        Path script = ExampleRun.ROOT.resolve("cmdgate");
        boolean scriptJar = ExampleRun.AGENT_JAR.toAbsolutePath().normalize().equals(ExampleRun.ROOT.resolve("agent/target/cmdgate.jar"))
                && Files.isDirectory(ExampleRun.ROOT.resolve("examples/target/classes"));
        if (scriptJar && Files.isExecutable(script)) {
            cmd.addAll(List.of(script.toString(), "run", "--autonomy", "supervised", "--prompt", "deny", "--audit", audit.toString()));
            if (trust) {
                cmd.addAll(List.of("--rules", TRUST_ROWS.toString()));
            }
            cmd.add("--");
        } else {
            env.put("JAVA_TOOL_OPTIONS", "-javaagent:" + ExampleRun.AGENT_JAR + "=autonomy=supervised,prompt=deny,audit=" + audit
                    + (trust ? ",rules=" + TRUST_ROWS : ""));
        }
        cmd.addAll(mvn);
        ExampleRun.Result r = ExampleRun.exec(cmd, project, env, 300, audit);
        if (r.exit() != 0 && (r.out() + r.err()).contains("offline")) {
            Path primer = MavenBuildIT.copyFixture();
            ExampleRun.Result p = ExampleRun.exec(List.of("mvn", "-B", "-q", "-Dmaven.repo.local=" + MavenBuildIT.localRepo(), "test"),
                    primer, Map.of("JAVA_HOME", jdk.home().toString()), 300, null);
            assertThat(p.exit()).as("priming the local repository\n" + p.describe()).isZero();
            Files.deleteIfExists(audit);
            r = ExampleRun.exec(cmd, project, env, 300, audit);
        }
        return r;
    }

    // ------------------------------------------------------------------ Apache Ant

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void antsOwnErrorHandlingAppliesToARefusalThrownAsIoException(ExampleRun.Jdk jdk) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path audit = tmp.resolve("audit.jsonl");
        ExampleRun.Result r = ant(jdk, "autonomy=supervised,prompt=deny,refusal=io,audit=" + audit, out);
        assertThat(r.exit()).as("the last <exec> must succeed: the build fails there\n" + r.describe()).isEqualTo(1);
        String all = r.out() + r.err();
        // failonerror="false": Ant logs the failed start and goes on
        assertThat(all).contains("Execute failed: java.io.IOException: Cannot run program \"touch\"")
                .contains("cmdgate: blocked touch " + out.resolve("touched-by-ant"));
        assertThat(r.out()).contains("AFTER-TOLERATED").contains("ECHOED hello-from-ant").doesNotContain("NEVER-REACHED");
        // failonerror="true": the build fails with the refusal as its reason
        assertThat(all).contains("BUILD FAILED").contains("cmdgate: blocked touch " + out.resolve("must-not-exist"));
        assertThat(out.resolve("touched-by-ant")).doesNotExist();
        assertThat(out.resolve("must-not-exist")).doesNotExist();

        Audit lines = Audit.read(audit);
        assertThat(lines.where(l -> l.argv().get(0).equals("touch"))).hasSize(2)
                .allSatisfy(l -> assertThat(l.json()).containsEntry("outcome", "blocked"));
        assertThat(lines.where(l -> l.argv().equals(List.of("echo", "hello-from-ant")))).singleElement()
                .satisfies(l -> assertThat(l.json()).containsEntry("outcome", "allowed"));
        // Ant run from its own command line: every frame is Ant's, so the caller is the launching one
        assertThat(lines.lines()).allSatisfy(l -> assertThat((String) l.get("caller")).startsWith("org.apache.tools.ant."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void aSecurityExceptionGoesPastAntsErrorHandling(ExampleRun.Jdk jdk) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        ExampleRun.Result r = ant(jdk, "autonomy=supervised,prompt=deny", out);
        assertThat(r.exit()).as(r.describe()).isEqualTo(1);
        // Ant tolerates only an IOException from the start; anything else fails the build at the first <exec>
        assertThat(r.out() + r.err()).contains("cmdgate: blocked touch " + out.resolve("touched-by-ant"))
                .contains("BUILD FAILED").contains("build.xml:9: Unable to execute command");
        assertThat(r.out()).as("failifexecutionfails=\"false\" cannot tolerate it: the build stops at the first <exec>")
                .doesNotContain("AFTER-TOLERATED");
        assertThat(out.resolve("touched-by-ant")).doesNotExist();
    }

    private ExampleRun.Result ant(ExampleRun.Jdk jdk, String agentArgs, Path out) throws Exception {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path build = tmp.resolve("build.xml");
        try (InputStream in = BuildToolsIT.class.getResourceAsStream("/ant/build.xml")) {
            Files.write(build, in.readAllBytes());
        }
        String cp = jarOf(org.apache.tools.ant.Main.class) + File.pathSeparator + jarOf(org.apache.tools.ant.launch.AntMain.class);
        List<String> cmd = List.of(jdk.java().toString(), "-javaagent:" + ExampleRun.AGENT_JAR + "=" + agentArgs, "-cp", cp,
                "org.apache.tools.ant.Main", "-f", build.toString(), "-Dout=" + out);
        return ExampleRun.exec(cmd, tmp, Map.of("HOME", tmp.toString()), 120, null);
    }

    private static String jarOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    // ------------------------------------------------------------------ JShell

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void jshellWithItsLocalEngineRunsSnippetsInItsOwnGatedJvm(ExampleRun.Jdk jdk) throws Exception {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path audit = tmp.resolve("audit.jsonl");
        Path touched = tmp.resolve("touched-by-snippet");
        ExampleRun.Result r = jshell(jdk, audit, touched, TRUST_ROWS, "--execution", "local");
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.out()).as(r.describe()).contains("SNIPPET echo=jshell-echo")
                .contains("SNIPPET touch refused cmdgate: blocked touch " + touched);
        assertThat(touched).doesNotExist();

        Audit lines = Audit.read(audit);
        assertThat(lines.where(l -> l.argv().contains("jdk.jshell.execution.RemoteExecutionControl"))).isEmpty();
        assertThat(lines.where(l -> l.argv().equals(List.of("touch", touched.toString())))).singleElement()
                .satisfies(l -> assertThat(l.json()).containsEntry("outcome", "blocked"));
        assertThat(lines.where(l -> l.argv().equals(List.of("echo", "jshell-echo")))).singleElement()
                .satisfies(l -> assertThat(l.json()).containsEntry("outcome", "allowed"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void jshellsDefaultEngineIsADebuggeeAndIsRefusedWhateverTheRows(ExampleRun.Jdk jdk) throws Exception {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path audit = tmp.resolve("audit.jsonl");
        Path touched = tmp.resolve("touched-by-snippet");
        Path rows = tmp.resolve("engine.rules");
        // the row the JShell engine once had: the unverifiable debugger agent wins over it
        Files.writeString(rows, "[@trust]\ntrust ${java.home}/bin/java -agentlib:jdwp=transport=dt_socket,address=localhost:* ... "
                + "jdk.jshell.execution.RemoteExecutionControl * if caller=jdk.jshell.execution -> \"engine\"\n");
        ExampleRun.Result r = jshell(jdk, audit, touched, rows);
        assertThat(r.out()).as(r.describe()).doesNotContain("SNIPPET");
        assertThat(touched).doesNotExist();

        List<Audit.Line> engines = Audit.read(audit)
                .where(l -> l.argv().contains("jdk.jshell.execution.RemoteExecutionControl"));
        assertThat(engines).as(r.describe()).isNotEmpty().allSatisfy(l -> {
            assertThat(l.json()).containsEntry("outcome", "blocked");
            assertThat(reasons(l)).anySatisfy(m -> assertThat((String) m.get("message")).contains("debugger agent (JDWP)"));
        });
    }

    /** jshell with {@code options} on the snippets file (echo, then touch), gated under supervised with prompts denied. */
    private ExampleRun.Result jshell(ExampleRun.Jdk jdk, Path audit, Path touched, Path rules, String... options) throws Exception {
        Path snippets = tmp.resolve("snippets.jsh");
        Files.writeString(snippets, String.join("\n",
                "var echo = new ProcessBuilder(\"echo\", \"jshell-echo\").start();",
                "System.out.println(\"SNIPPET echo=\" + new String(echo.getInputStream().readAllBytes()).trim());",
                "try { new ProcessBuilder(\"touch\", \"" + touched + "\").start().waitFor(); System.out.println(\"SNIPPET touch ran\"); }"
                        + " catch (SecurityException e) { System.out.println(\"SNIPPET touch refused \" + e.getMessage()); }",
                "/exit", ""));
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.home().resolve("bin/jshell").toString());
        cmd.addAll(List.of(options));
        cmd.add("-J-javaagent:" + ExampleRun.AGENT_JAR + "=autonomy=supervised,prompt=deny,rules=" + rules + ",audit=" + audit);
        cmd.add("-J-Duser.home=" + tmp);
        cmd.add(snippets.toString());
        return ExampleRun.exec(cmd, tmp, Map.of("HOME", tmp.toString()), 180, audit);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> reasons(Audit.Line line) {
        return (List<Map<String, Object>>) line.get("reasons");
    }

    /** The line of the shipped trust row with this reason. */
    private static int rowOf(String reason) {
        try {
            List<String> rows = Files.readAllLines(TRUST_ROWS);
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).startsWith("trust ") && rows.get(i).endsWith("-> \"" + reason + "\"")) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new AssertionError("no trust row for " + reason + " in " + TRUST_ROWS);
    }
}
