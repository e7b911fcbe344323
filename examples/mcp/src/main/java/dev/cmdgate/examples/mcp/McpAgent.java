package dev.cmdgate.examples.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * An agent whose shell tool lives in an MCP server it starts itself over stdio ({@link ShellServer},
 * {@code java -cp … ShellServer WORKSPACE}), through the official MCP Java SDK. A fixed plan stands in
 * for the model: it calls the tool with each command of {@link #PLAN} and prints {@code RAN …} or
 * {@code REFUSED … — <the error the client got>} per call, then what is left in the workspace.
 *
 * <p>Under cmdgate the server's launch is itself a gated launch (a JVM outside the standard
 * directories: Write), and the server JVM runs under cmdgate in turn, where each tool command is gated.
 */
public final class McpAgent {

    static final List<String> PLAN = List.of("ls", "cat README.md", "touch notes.txt", "rm -rf scratch");

    private McpAgent() {
    }

    public static void main(String[] args) throws IOException, URISyntaxException {
        Path ws = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("cmdgate-mcp-agent");
        if (args.length == 0) {
            Files.writeString(ws.resolve("README.md"), "# demo workspace\n");
            Files.createDirectories(ws.resolve("scratch"));
            Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
        }
        System.out.println("workspace: " + ws);
        ServerParameters server = ServerParameters.builder(javaCommand())
                .args("-cp", serverClassPath(), ShellServer.class.getName(), ws.toString())
                .build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper()))
                .initializationTimeout(Duration.ofSeconds(Integer.getInteger("mcp.timeout", 30)))
                .requestTimeout(Duration.ofSeconds(Integer.getInteger("mcp.timeout", 30)))
                .build();
        try {
            client.initialize();
        } catch (RuntimeException e) {
            System.out.println("SERVER-FAILED " + chain(e));
            client.closeGracefully();
            System.exit(3);
        }
        System.out.println("tools: " + client.listTools().tools().stream().map(McpSchema.Tool::name).toList());
        for (String command : PLAN) {
            System.out.println(call(client, command));
        }
        client.closeGracefully();
        try (Stream<Path> s = Files.walk(ws)) {
            System.out.println("workspace now has: " + s.filter(p -> !p.equals(ws)).map(p -> ws.relativize(p).toString()).sorted().toList());
        }
    }

    private static String call(McpSyncClient client, String command) {
        try {
            McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(ShellServer.TOOL, Map.of("command", command)));
            String text = r.content().isEmpty() ? "" : ((McpSchema.TextContent) r.content().get(0)).text();
            return "RAN " + command + " — " + text.lines().findFirst().orElse("");
        } catch (RuntimeException e) {
            return "REFUSED " + command + " — " + chain(e);
        }
    }

    /** The exception and its causes, one {@code Class: message} each, joined by " <- ". */
    static String chain(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            s.append(s.length() == 0 ? "" : " <- ").append(t.getClass().getName()).append(": ").append(t.getMessage());
        }
        return s.toString();
    }

    /** This JVM's own java launcher, by absolute path: the program a trust row names. */
    static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The server's class path: this example's classes and its library directory, as
     * {@code DIR/classes:DIR/lib/*} — one fixed word a trust row can name exactly.
     */
    static String serverClassPath() throws URISyntaxException {
        Path classes = Path.of(McpAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return classes + File.pathSeparator + classes.resolveSibling("lib").resolve("*");
    }
}
