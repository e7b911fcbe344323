package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs one example application in a forked JVM under the agent, the way the README says:
 * {@code java -javaagent:cmdgate.jar=ARGS -cp 'examples/M/target/classes:examples/M/target/lib/*' MAIN WORKSPACE}.
 * The example's class path is its own build output; the it-tests' classes are added only when a test
 * needs a prompt handler from there.
 */
final class ExampleRun {

    static final Path AGENT_JAR = Path.of(System.getProperty("cmdgate.it.agentJar"));
    static final Path ROOT = Path.of(System.getProperty("cmdgate.it.root", "..")).toAbsolutePath().normalize();
    static final String BUILD_DIR = System.getProperty("cmdgate.it.buildDir", "target");
    static final Path TEST_CLASSES = Path.of(System.getProperty("cmdgate.it.appClasses"));

    /** A JDK the examples run on. */
    record Jdk(int feature, Path home) {
        Path java() {
            return home.resolve("bin/java");
        }

        boolean present() {
            return Files.isExecutable(java());
        }

        @Override
        public String toString() {
            return "JDK " + feature;
        }
    }

    static final Jdk JDK17 = new Jdk(17, Path.of(System.getProperty("cmdgate.it.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64")));
    static final Jdk JDK25 = new Jdk(25, Path.of(System.getProperty("cmdgate.it.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64")));

    static List<Jdk> jdks() {
        return List.of(JDK17, JDK25);
    }

    /** What the example printed and left behind. */
    record Result(List<String> command, int exit, String out, String err, Path audit) {
        List<String> lines(String prefix) {
            return out.lines().filter(l -> l.startsWith(prefix)).toList();
        }

        String describe() {
            return "command: " + String.join(" ", command) + "\nexit: " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private final Jdk jdk;
    private final String module;
    private final String main;
    private final Map<String, String> agent = new LinkedHashMap<>();
    private boolean withTestClasses;

    private ExampleRun(Jdk jdk, String module, String main) {
        this.jdk = jdk;
        this.module = module;
        this.main = main;
    }

    static ExampleRun of(Jdk jdk, String module, String main) {
        return new ExampleRun(jdk, module, main);
    }

    /** An agent argument ({@code key=value}); values may not contain commas. */
    ExampleRun agent(String key, String value) {
        agent.put(key, value);
        return this;
    }

    /** Puts the it-tests' own classes (prompt handlers) on the class path after the example's. */
    ExampleRun withTestClasses() {
        withTestClasses = true;
        return this;
    }

    static Path moduleDir(String module) {
        return ROOT.resolve("examples").resolve(module).resolve(BUILD_DIR);
    }

    static String classPath(String module) {
        Path dir = moduleDir(module);
        List<String> cp = new ArrayList<>();
        cp.add(dir.resolve("classes").toString());
        Path lib = dir.resolve("lib");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> s = Files.list(lib)) {
                s.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> cp.add(p.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return String.join(File.pathSeparator, cp);
    }

    Result run(Path workspace) {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home() + ": skipped");
        if (!Files.isRegularFile(AGENT_JAR)) {
            fail("the agent jar " + AGENT_JAR + " is missing: build it first (mvn -DskipTests package)");
        }
        try {
            Path audit = Files.createTempFile("cmdgate-example-audit", ".jsonl");
            Files.delete(audit);
            StringBuilder args = new StringBuilder("audit=" + audit);
            agent.forEach((k, v) -> args.append(',').append(k).append('=').append(v));
            String cp = classPath(module) + (withTestClasses ? File.pathSeparator + TEST_CLASSES : "");
            List<String> cmd = List.of(jdk.java().toString(), "-javaagent:" + AGENT_JAR + "=" + args, "-cp", cp, main,
                    workspace.toString());
            return exec(cmd, workspace, Map.of(), 120, audit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a command with JAVA_TOOL_OPTIONS and friends removed (plus {@code env}), capturing its output. */
    static Result exec(List<String> cmd, Path dir, Map<String, String> env, int timeoutSeconds, Path audit) throws IOException {
        Path capture = Files.createTempDirectory("cmdgate-example-out");
        Path out = capture.resolve("stdout");
        Path err = capture.resolve("stderr");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        for (String name : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH", "MAVEN_OPTS")) {
            pb.environment().remove(name);
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail("did not finish within " + timeoutSeconds + " s: " + String.join(" ", cmd) + "\n"
                        + Files.readString(out) + Files.readString(err));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new Result(cmd, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), audit);
    }
}
