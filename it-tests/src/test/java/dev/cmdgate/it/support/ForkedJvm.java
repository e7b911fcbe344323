package dev.cmdgate.it.support;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Forks {@code java [-javaagent:JAR[=ARGS]] [-D…] [JVM args] -cp CLASSES MAIN ARGS…} in a given working
 * directory, with a timeout, and captures stdout, stderr and the exit status. The child gets a clean
 * environment for the JVM's option variables (JAVA_TOOL_OPTIONS and friends would make the JVM print
 * "Picked up …" on stderr) and its standard input is empty unless {@link #stdin} says otherwise.
 * {@link #run} waits for the exit; {@link #start} returns the running JVM, for a test that acts on it
 * meanwhile (a late attach).
 */
public final class ForkedJvm {

    public static final Path AGENT_JAR = Path.of(required("cmdgate.it.agentJar"));
    public static final Path APP_CLASSES = Path.of(required("cmdgate.it.appClasses"));

    private final Jdk jdk;
    private Path workDir;
    private String agentArgs;
    private boolean agent;
    private final Map<String, String> props = new LinkedHashMap<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<Path> classPath = new ArrayList<>(List.of(APP_CLASSES));
    private final Map<String, String> env = new LinkedHashMap<>();
    private String mainClass;
    private Path executableJar;
    private final List<String> args = new ArrayList<>();
    private String stdin;
    private boolean noTerminal;
    private Duration timeout = Duration.ofSeconds(90);

    private ForkedJvm(Jdk jdk) {
        this.jdk = jdk;
    }

    public static ForkedJvm on(Jdk jdk) {
        return new ForkedJvm(jdk);
    }

    /** The working directory of the forked JVM (must exist). */
    public ForkedJvm in(Path dir) {
        this.workDir = dir;
        return this;
    }

    /** Runs under {@code -javaagent:cmdgate.jar} with no agent arguments. */
    public ForkedJvm withAgent() {
        return withAgent(null);
    }

    /** Runs under {@code -javaagent:cmdgate.jar=ARGS} (null: no {@code =} at all). */
    public ForkedJvm withAgent(String agentArguments) {
        this.agent = true;
        this.agentArgs = agentArguments;
        return this;
    }

    /** Adds {@code -Dcmdgate.KEY=VALUE}. */
    public ForkedJvm cmdgate(String key, Object value) {
        props.put("cmdgate." + key, String.valueOf(value));
        return this;
    }

    /** Adds {@code -DNAME=VALUE}. */
    public ForkedJvm prop(String name, Object value) {
        props.put(name, String.valueOf(value));
        return this;
    }

    public ForkedJvm jvmArg(String arg) {
        jvmArgs.add(arg);
        return this;
    }

    /** {@code --add-opens java.base/java.lang=ALL-UNNAMED}, for the reflective launch paths. */
    public ForkedJvm openJavaLang() {
        return jvmArg("--add-opens=java.base/java.lang=ALL-UNNAMED");
    }

    public ForkedJvm classPath(Path entry) {
        classPath.add(entry);
        return this;
    }

    public ForkedJvm env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public ForkedJvm main(Class<?> main, Object... arguments) {
        return main(main.getName(), arguments);
    }

    /** A main class known by name only (one compiled at test time). */
    public ForkedJvm main(String main, Object... arguments) {
        this.mainClass = main;
        for (Object a : arguments) {
            args.add(String.valueOf(a));
        }
        return this;
    }

    /** Runs an executable jar ({@code java -jar JAR}) instead of a main class on the class path. */
    public ForkedJvm executableJar(Path jar, Object... arguments) {
        this.executableJar = jar;
        for (Object a : arguments) {
            args.add(String.valueOf(a));
        }
        return this;
    }

    public ForkedJvm args(List<String> more) {
        args.addAll(more);
        return this;
    }

    /** Writes this text to the child's standard input and keeps the pipe open until the child exits. */
    public ForkedJvm stdin(String text) {
        this.stdin = text;
        return this;
    }

    /** Starts the JVM in a new session ({@code setsid}), so it has no controlling terminal at all. */
    public ForkedJvm withoutTerminal() {
        this.noTerminal = true;
        return this;
    }

    public ForkedJvm timeout(Duration t) {
        this.timeout = t;
        return this;
    }

    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        if (noTerminal && Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
            cmd.add("-w");
        }
        cmd.add(jdk.java().toString());
        if (agent) {
            cmd.add("-javaagent:" + AGENT_JAR + (agentArgs == null ? "" : "=" + agentArgs));
        }
        props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(jvmArgs);
        if (executableJar != null) {
            cmd.add("-jar");
            cmd.add(executableJar.toString());
        } else {
            cmd.add("-cp");
            cmd.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
            cmd.add(mainClass);
        }
        cmd.addAll(args);
        return cmd;
    }

    /** Forks the JVM and waits until it exits; one still running after the timeout is killed and fails the test. */
    public Run run() {
        try (Running running = launch(stdin != null)) {
            return running.finish();
        }
    }

    /**
     * Forks the JVM and returns while it runs, for a test that acts on it meanwhile (e.g. attaches an
     * agent) and talks to it through its standard input, which stays an open pipe (the text given to
     * {@link #stdin}, if any, is written first). {@link Running#finish} waits for the exit, subject to
     * the timeout; closing a JVM that is still running kills it.
     */
    public Running start() {
        return launch(true);
    }

    private Running launch(boolean pipeStdin) {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home() + ": its forked-JVM tests are skipped");
        if (agent && !Files.isRegularFile(AGENT_JAR)) {
            fail("the agent jar " + AGENT_JAR + " is missing: build it first (mvn -DskipTests package)");
        }
        if (workDir == null || (mainClass == null && executableJar == null)) {
            throw new IllegalStateException("set the working directory and the main class or jar");
        }
        List<String> cmd = command();
        Path capture = null;
        try {
            capture = Files.createTempDirectory("cmdgate-it-out");
            Path out = capture.resolve("stdout");
            Path err = capture.resolve("stderr");
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            Map<String, String> e = pb.environment();
            for (String name : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH")) {
                e.remove(name);
            }
            e.putAll(env);
            if (!pipeStdin) {
                pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            }
            Running running = new Running(cmd, pb.start(), capture, timeout);
            capture = null;   // the Running deletes it now
            if (stdin != null) {
                running.send(stdin);
            }
            return running;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            deleteQuietly(capture);
        }
    }

    /** A forked JVM that is (or was) running; its output is captured in files until {@link #close}. */
    public static final class Running implements AutoCloseable {

        private final List<String> cmd;
        private final Process process;
        private final Path capture;
        private final Duration timeout;
        private final long started = System.nanoTime();

        Running(List<String> cmd, Process process, Path capture, Duration timeout) {
            this.cmd = cmd;
            this.process = process;
            this.capture = capture;
            this.timeout = timeout;
        }

        /** The JVM's process id (the java process itself: not for {@link #withoutTerminal}). */
        public long pid() {
            return process.pid();
        }

        public boolean alive() {
            return process.isAlive();
        }

        /** Writes this text to the JVM's standard input at once. */
        public void send(String text) {
            try {
                OutputStream in = process.getOutputStream();
                in.write(text.getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException e) {
                fail("cannot write to the forked JVM's standard input: " + e + "\n" + snapshot().describe());
            }
        }

        /**
         * Waits until the JVM has printed a whole line that starts with this prefix and returns it; fails
         * (and kills the JVM) if it exits first or the time runs out.
         */
        public String awaitLine(String prefix, Duration within) {
            long deadline = System.nanoTime() + within.toNanos();
            while (true) {
                boolean exited = !process.isAlive();
                String stdout = read("stdout");
                int end = stdout.lastIndexOf('\n');
                for (String line : (end < 0 ? "" : stdout.substring(0, end)).lines().toList()) {
                    if (line.startsWith(prefix)) {
                        return line;
                    }
                }
                if (exited || System.nanoTime() > deadline) {
                    Run now = snapshot();
                    kill();
                    fail("the forked JVM " + (exited ? "exited without printing" : "did not print within " + within.toMillis() + " ms")
                            + " a line starting with \"" + prefix + "\"\n" + now.describe());
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }

        /** Waits for the exit (at most the timeout from the start, then kills it and fails) and returns what it did. */
        public Run finish() {
            try {
                long left = timeout.toNanos() - (System.nanoTime() - started);
                boolean exited = process.waitFor(Math.max(left, 0), TimeUnit.NANOSECONDS);
                if (!exited) {
                    kill();
                }
                try {
                    process.getOutputStream().close();
                } catch (IOException ignored) {
                    // the child is gone; nothing left to close
                }
                Run run = snapshot(exited ? process.exitValue() : -1);
                if (!exited) {
                    fail("the forked JVM did not finish within " + timeout.toSeconds() + " s\n" + run.describe());
                }
                return run;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** What it has printed so far (exit -1 while it runs). */
        public Run snapshot() {
            return snapshot(process.isAlive() ? -1 : process.exitValue());
        }

        private Run snapshot(int exit) {
            return new Run(cmd, exit, read("stdout"), read("stderr"), (System.nanoTime() - started) / 1_000_000);
        }

        private String read(String name) {
            try {
                return Files.readString(capture.resolve(name), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        private void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            try {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Kills the JVM if it still runs and deletes the captured output. */
        @Override
        public void close() {
            if (process.isAlive()) {
                kill();
            }
            try {
                process.getOutputStream().close();
            } catch (IOException ignored) {
                // already closed, or the child is gone
            }
            deleteQuietly(capture);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a leftover temp file is harmless
        }
    }

    private static String required(String name) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("system property " + name + " is not set (run the tests through the it-tests pom)");
        }
        return v;
    }
}
