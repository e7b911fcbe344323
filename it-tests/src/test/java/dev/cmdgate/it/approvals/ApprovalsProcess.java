package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * {@code cmdgate approvals} as a real process of the agent jar on one JDK: started on a port (0 the first
 * time: it says which), stopped, killed and started again on the same port with the same journal.
 */
final class ApprovalsProcess implements AutoCloseable {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)");

    private final Jdk jdk;
    private final Path dir;
    private final List<String> options;
    private Process process;
    private Path log;
    private int port;

    private ApprovalsProcess(Jdk jdk, Path dir, List<String> options) {
        this.jdk = jdk;
        this.dir = dir;
        this.options = options;
    }

    /** Runs {@code cmdgate approvals add-approver --approvers FILE NAME} (or add-client) and returns the token it printed. */
    static String addHolder(Jdk jdk, Path dir, String command, String option, Path file, String name) throws Exception {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed");
        Path out = dir.resolve(name + ".token");
        Process p = new ProcessBuilder(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString(), "approvals", command,
                option, file.toString(), name).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(new File("/dev/null")).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        String token = Files.readString(out, StandardCharsets.UTF_8).strip();
        Files.delete(out);
        assertThat(token).startsWith("cgt_");
        return token;
    }

    /** Starts the service with {@code --listen 127.0.0.1:0 --approvers FILE --state DIR/approvals.journal} and the options given. */
    static ApprovalsProcess start(Jdk jdk, Path dir, Path approvers, String... more) throws Exception {
        List<String> options = new ArrayList<>(List.of("--approvers", approvers.toString(), "--state",
                dir.resolve("approvals.journal").toString()));
        options.addAll(List.of(more));
        ApprovalsProcess s = new ApprovalsProcess(jdk, dir, options);
        s.launch(0);
        return s;
    }

    private void launch(int onPort) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString(), "approvals",
                "--listen", "127.0.0.1:" + onPort));
        cmd.addAll(options);
        log = Files.createTempFile(dir, "approvals", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(new File("/dev/null"));
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher m = SERVING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
                return;
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        fail("cmdgate approvals did not start: " + Files.readString(log, StandardCharsets.UTF_8));
    }

    int port() {
        return port;
    }

    String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    /** What the service printed since its last start. */
    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** Kills the service at once (SIGKILL: no shutdown hook, as in a crash). */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /** Starts it again on the same port, with the same journal. */
    void restart() throws Exception {
        launch(port);
    }

    @Override
    public void close() throws Exception {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
