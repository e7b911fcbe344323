package dev.cmdgate.examples.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A stdio MCP server with one tool, {@code run_shell_command}: {@code sh -c COMMAND} in the workspace
 * given as its only argument, output and exit status back to the client. Written the way small MCP
 * servers are written: a launch that fails throws, and the SDK turns the exception into the JSON-RPC
 * error of the tool call — which is how a cmdgate refusal reaches the client, reason included.
 */
public final class ShellServer {

    static final String TOOL = "run_shell_command";

    private final Path workspace;

    private ShellServer(Path workspace) {
        this.workspace = workspace;
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: ShellServer WORKSPACE");
            System.exit(2);
        }
        ShellServer tool = new ShellServer(Path.of(args[0]));
        McpSchema.Tool spec = McpSchema.Tool.builder().name(TOOL)
                .description("Runs a shell command (sh -c) in the workspace and returns its exit status and output")
                .inputSchema(Map.of("type", "object",
                        "properties", Map.of("command", Map.of("type", "string", "description", "the shell command line")),
                        "required", List.of("command")))
                .build();
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(McpJsonDefaults.getMapper()))
                .serverInfo("cmdgate-example-shell", "1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .toolCall(spec, tool::call)
                .build();
        // the transport reads stdin on threads of its own; the server lives until the client closes it
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        new CountDownLatch(1).await();
    }

    private McpSchema.CallToolResult call(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        String command = String.valueOf(request.arguments().get("command"));
        try {
            Process p = new ProcessBuilder("sh", "-c", command).directory(workspace.toFile())
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output;
            try (InputStream in = p.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            int exit = p.isAlive() ? -1 : p.exitValue();
            return McpSchema.CallToolResult.builder().addTextContent("exit " + exit + "\n" + output).isError(exit != 0).build();
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
