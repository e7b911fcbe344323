package dev.cmdgate.it.prompt;

import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.json.JsonParser;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * Forks a JVM running one of the {@code promptapps} with (or without) the agent jar — this package's
 * own small helper, so the prompt tests do not depend on the launch-path tests' support code.
 */
final class Fork {

    static final Path AGENT_JAR = Path.of(System.getProperty("cmdgate.it.agentJar", "../agent/target/cmdgate.jar"))
            .toAbsolutePath().normalize();
    static final Path APP_CLASSES = Path.of(System.getProperty("cmdgate.it.appClasses", "target/test-classes"))
            .toAbsolutePath().normalize();
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    private final Path javaHome;
    private boolean agent = true;
    private final Map<String, String> props = new LinkedHashMap<>();
    private String main;
    private final List<String> args = new ArrayList<>();
    private Path dir;
    private Duration timeout = Duration.ofSeconds(90);

    private Fork(Path javaHome) {
        this.javaHome = javaHome;
    }

    static Fork on(Path javaHome) {
        return new Fork(javaHome);
    }

    /** The test JVM's own JDK (17 by default) and, when installed, JDK 25; more with -Dcmdgate.it.jdks=HOME,HOME. */
    static Stream<Named<Path>> jdks() {
        Set<Path> homes = new LinkedHashSet<>();
        homes.add(Path.of(System.getProperty("java.home")).toAbsolutePath().normalize());
        if (Files.isExecutable(JDK25.resolve("bin/java"))) {
            homes.add(JDK25);
        }
        String extra = System.getProperty("cmdgate.it.jdks", "");
        for (String h : extra.split(",")) {
            if (!h.isBlank()) {
                homes.add(Path.of(h.trim()));
            }
        }
        return homes.stream().map(h -> Named.of("JDK " + feature(h), h));
    }

    static String feature(Path javaHome) {
        try {
            for (String line : Files.readAllLines(javaHome.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return line.substring("JAVA_VERSION=".length()).replace("\"", "");
                }
            }
        } catch (IOException ignored) {
            // fall through
        }
        return javaHome.getFileName().toString();
    }

    Fork withoutAgent() {
        agent = false;
        return this;
    }

    /** {@code -Dcmdgate.KEY=VALUE}. */
    Fork cmdgate(String key, Object value) {
        props.put("cmdgate." + key, String.valueOf(value));
        return this;
    }

    Fork prop(String key, Object value) {
        props.put(key, String.valueOf(value));
        return this;
    }

    Fork main(Class<?> mainClass, Object... arguments) {
        main = mainClass.getName();
        for (Object a : arguments) {
            args.add(String.valueOf(a));
        }
        return this;
    }

    Fork in(Path workingDirectory) {
        dir = workingDirectory;
        return this;
    }

    Fork timeout(Duration t) {
        timeout = t;
        return this;
    }

    /** The java command line. */
    List<String> command() {
        if (agent && !Files.isRegularFile(AGENT_JAR)) {
            throw new IllegalStateException("agent jar " + AGENT_JAR + " is missing: build it first (mvn package)");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(javaHome.resolve("bin/java").toString());
        if (agent) {
            cmd.add("-javaagent:" + AGENT_JAR);
        }
        props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        List<String> cp = new ArrayList<>();
        cp.add(APP_CLASSES.toString());
        if (!agent) {
            // without the agent an application brings cmdgate-api (and its core) itself
            cp.add(location(Cmdgate.class));
            cp.add(location(CommandClass.class));
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, cp));
        cmd.add(main);
        cmd.addAll(args);
        return cmd;
    }

    Result run() {
        long t0 = System.nanoTime();
        try {
            ProcessBuilder pb = new ProcessBuilder(command()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            if (dir != null) {
                pb.directory(dir.toFile());
            }
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            Process p = pb.start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("forked JVM did not finish within " + timeout + ": " + command()
                        + "\nstdout so far is lost; stderr: " + err.getNow("?"));
            }
            return new Result(p.exitValue(), out.get(), err.get(), (System.nanoTime() - t0) / 1_000_000, command());
        } catch (IOException e) {
            throw new AssertionError("cannot start " + command(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A finished forked JVM. */
    record Result(int exit, String out, String err, long millis, List<String> command) {

        /** Lines of stdout starting with {@code TAG }, without the tag. */
        List<String> tagged(String tag) {
            return out.lines().filter(l -> l.startsWith(tag + " ")).map(l -> l.substring(tag.length() + 1)).toList();
        }

        /** The {@code RESULT label …} line's words after the label: status, then details. */
        List<String> result(String label) {
            for (String l : tagged("RESULT")) {
                String[] w = l.split(" ", 5);
                if (w[0].equals(label)) {
                    return Arrays.asList(w).subList(1, w.length);
                }
            }
            throw new AssertionError("no RESULT " + label + "\n" + describe());
        }

        String status(String label) {
            return result(label).get(0);
        }

        /** The SecurityException message of a blocked launch. */
        String message(String label) {
            for (String l : tagged("RESULT")) {
                String[] w = l.split(" ", 4);
                if (w[0].equals(label) && w[1].equals("blocked")) {
                    return w[3];
                }
            }
            throw new AssertionError("no blocked RESULT " + label + "\n" + describe());
        }

        /** Milliseconds the launch took (for ok and blocked). */
        long launchMillis(String label) {
            List<String> r = result(label);
            return Long.parseLong(r.get(0).equals("ok") ? r.get(2) : r.get(1));
        }

        String describe() {
            return "command: " + String.join(" ", command) + "\nexit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** The decision lines of an audit file (none when it does not exist); event lines (exit …) are left out. */
    static List<Map<String, Object>> audit(Path file) {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(JsonParser::parseObject)
                    .filter(m -> !m.containsKey("event")).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The one audit line of a launch (not an API pre-check) whose argv contains {@code word}. */
    static Map<String, Object> auditFor(Path file, String word) {
        List<Map<String, Object>> hits = audit(file).stream().filter(m -> !m.containsKey("precheck"))
                .filter(m -> m.get("argv") instanceof List<?> argv && argv.contains(word)).toList();
        if (hits.size() != 1) {
            throw new AssertionError("expected one audit line with " + word + ", found " + hits.size() + ": " + audit(file));
        }
        return hits.get(0);
    }

    /** The lines of the handlers' call log (see promptapps.Calls). */
    static List<String> calls(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
