package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The MCP agent (examples/mcp): the official MCP Java SDK's client starts the example's stdio server with
 * {@code java -cp … ShellServer WORKSPACE} under cmdgate, at the default tier with prompts denied. The
 * server launch is a gated launch (trusted by the shipped row, or refused), the server JVM is gated in
 * turn, and a refused tool command reaches the client as an MCP error carrying cmdgate's reason.
 */
class McpAgentIT {

    static final String MAIN = "dev.cmdgate.examples.mcp.McpAgent";
    static final String SERVER = "dev.cmdgate.examples.mcp.ShellServer";
    static final String TRANSPORT_FRAME = "io.modelcontextprotocol.client.transport.StdioClientTransport.lambda$connect$";
    static final String ORIGIN = " on a thread created from dev.cmdgate.examples.mcp.McpAgent.main(McpAgent.java:";

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void theTrustedServerRunsGatedAndARefusedToolCommandIsAnMcpErrorWithTheReason(ExampleRun.Jdk jdk) throws IOException {
        Path ws = Workspaces.create("mcp");
        ExampleRun.Result r = run(jdk, ws, shippedRules(), 60);
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.out()).as(r.describe()).contains("tools: [run_shell_command]", "RAN ls — exit 0", "RAN cat README.md — exit 0");
        for (String refused : List.of("touch notes.txt", "rm -rf scratch")) {
            assertThat(r.lines("REFUSED " + refused + " — ")).as(r.describe()).singleElement().asString()
                    .contains("io.modelcontextprotocol.spec.McpError: cmdgate: blocked sh -c '" + refused + "'")
                    .contains("the prompt was answered deny");
        }
        assertThat(ws.resolve("notes.txt")).doesNotExist();
        assertThat(ws.resolve("scratch/keep.txt")).hasContent("precious");

        Audit audit = Audit.read(r.audit());
        Audit.Line server = serverLaunch(audit);
        assertThat(server.get("outcome")).isEqualTo("allowed");
        assertThat(reasonCodes(server)).contains("trust");
        // the launch is made on the SDK's Reactor thread: the caller is the SDK's frame, and names where that
        // thread was created in the application
        assertThat((String) server.get("caller")).startsWith(TRANSPORT_FRAME).contains(ORIGIN);
        // the server JVM is gated in turn: its tool commands are decided there, under the server launch
        for (String c : List.of("ls", "cat README.md", "touch notes.txt", "rm -rf scratch")) {
            Audit.Line line = audit.shellCommand(c).get(0);
            assertThat(line.get("parent_decision_id")).isEqualTo(server.get("decision_id"));
            assertThat((String) line.get("caller")).startsWith(SERVER + ".call(ShellServer.java:").doesNotContain(" on a thread");
            assertThat(line.get("outcome")).isEqualTo(c.startsWith("ls") || c.startsWith("cat") ? "allowed" : "blocked");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void aThreadsOriginNeverSatisfiesATrustRowsCaller(ExampleRun.Jdk jdk) throws IOException {
        Path ws = Workspaces.create("mcp-origin");
        // the same row narrowed to the application's package: the audit names McpAgent as the thread's origin,
        // but the launching stack holds only the SDK's, Reactor's and the JDK's frames — not trusted
        // (from anywhere: the application's own classes would meet it if the thread's origin counted)
        String rules = Files.readString(shippedRules()).replaceAll("caller=\\S+", "caller=dev.cmdgate.examples.mcp@/*");
        Path file = Files.createTempFile("cmdgate-mcp-origin", ".rules");
        Files.writeString(file, rules);
        ExampleRun.Result r = run(jdk, ws, file, 3);
        assertThat(r.exit()).as(r.describe()).isEqualTo(3);
        Audit.Line server = serverLaunch(Audit.read(r.audit()));
        assertThat(server.get("outcome")).isEqualTo("blocked");
        assertThat(reasonCodes(server)).doesNotContain("trust");
        assertThat((String) server.get("caller")).startsWith(TRANSPORT_FRAME).contains(ORIGIN);
    }

    /**
     * Without the trust row the server launch is refused. The SDK drops the exception (it only logs it, and
     * this example logs nowhere) and the client times out; cmdgate's stderr line with the reason is there at
     * once, while the client is still waiting.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void aRefusedServerLaunchIsReportedOnStderrAtOnceWhileTheSdkWaitsForItsTimeout(ExampleRun.Jdk jdk) throws Exception {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home() + ": skipped");
        Path ws = Workspaces.create("mcp-refused");
        int timeout = 20;
        Path audit = Files.createTempFile("cmdgate-mcp-audit", ".jsonl");
        Files.delete(audit);
        Path err = Files.createTempFile("cmdgate-mcp-stderr", ".txt");
        List<String> cmd = command(jdk, ws, audit, null, timeout);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ws.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        for (String name : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH")) {
            pb.environment().remove(name);
        }
        Process p = pb.start();
        Instant seen = null;
        boolean aliveWhenSeen = false;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout + 60);
            while (System.nanoTime() < deadline) {
                if (Files.readString(err, StandardCharsets.UTF_8).contains("cmdgate: blocked ")) {
                    seen = Instant.now();
                    aliveWhenSeen = p.isAlive();
                    break;
                }
                if (!p.isAlive()) {
                    break;
                }
                Thread.sleep(100);
            }
            assertThat(p.waitFor(timeout + 60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(seen).as(stderr).isNotNull();
        assertThat(aliveWhenSeen).as("the stderr line comes while the client still waits").isTrue();
        assertThat(p.exitValue()).isEqualTo(3);
        assertThat(stderr).contains("cmdgate: blocked " + jdk.java()).contains(SERVER)
                .contains("(Write, high): the prompt was answered deny").contains("— from " + TRANSPORT_FRAME).contains(ORIGIN);
        Audit.Line server = serverLaunch(Audit.read(audit));
        assertThat(server.get("outcome")).isEqualTo("blocked");
        Instant decided = Instant.parse((String) server.get("time"));
        assertThat(Duration.between(decided, seen)).as("from the decision to its stderr line")
                .isLessThan(Duration.ofSeconds(2));
    }

    private static ExampleRun.Result run(ExampleRun.Jdk jdk, Path ws, Path rules, int timeout) throws IOException {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed at " + jdk.home() + ": skipped");
        Path audit = Files.createTempFile("cmdgate-mcp-audit", ".jsonl");
        Files.delete(audit);
        return ExampleRun.exec(command(jdk, ws, audit, rules, timeout), ws, Map.of(), 240, audit);
    }

    private static List<String> command(ExampleRun.Jdk jdk, Path ws, Path audit, Path rules, int timeout) {
        String agent = "-javaagent:" + ExampleRun.AGENT_JAR + "=audit=" + audit + ",prompt=deny"
                + (rules == null ? "" : ",rules=" + rules);
        Path dir = ExampleRun.moduleDir("mcp");
        String cp = dir.resolve("classes") + File.pathSeparator + dir.resolve("lib") + File.separator + "*";
        return List.of(jdk.java().toString(), agent, "-Dmcp.timeout=" + timeout, "-cp", cp, MAIN, ws.toString());
    }

    /** The shipped trust row, its ${user.dir}-relative build directory made this build's. */
    private static Path shippedRules() throws IOException {
        String rules = Files.readString(ExampleRun.ROOT.resolve("examples/trust/mcp-server.rules"));
        assertThat(rules).contains("${user.dir}/examples/mcp/target/");
        Path file = Files.createTempFile("cmdgate-mcp", ".rules");
        Files.writeString(file, rules.replace("${user.dir}/examples/mcp/target", ExampleRun.moduleDir("mcp").toString()));
        return file;
    }

    private static Audit.Line serverLaunch(Audit audit) {
        List<Audit.Line> lines = audit.where(l -> l.argv().contains(SERVER));
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    @SuppressWarnings("unchecked")
    private static List<String> reasonCodes(Audit.Line line) {
        List<String> codes = new ArrayList<>();
        for (Object r : (List<Object>) line.get("reasons")) {
            codes.add((String) ((Map<String, Object>) r).get("code"));
        }
        return codes;
    }
}
