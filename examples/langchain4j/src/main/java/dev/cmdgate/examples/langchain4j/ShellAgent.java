package dev.cmdgate.examples.langchain4j;

import dev.langchain4j.service.AiServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An AI agent with a shell tool on LangChain4j, driven by {@link ScriptedChatModel}: the "model" asks
 * for safe commands (ls, git status, cat README.md), risky ones (touch, curl) and destructive ones
 * (rm -rf of a scratch directory, sudo). Run it under the agent with each autonomy tier to see which
 * ran and which were refused; the refusals reach the model as tool results.
 *
 * <p>Usage: {@code ShellAgent [WORKSPACE]} (default: a new temporary directory with README.md and scratch/).
 */
public final class ShellAgent {

    /** The conversation the scripted model replays, one tool call each. */
    static final List<String> COMMANDS = List.of(
            "ls",
            "git status --short",
            "cat README.md",
            "touch notes.txt",
            "curl -sS --max-time 2 http://127.0.0.1:9/",
            "rm -rf scratch",
            "sudo -n true");

    interface Assistant {
        String chat(String userMessage);
    }

    private ShellAgent() {
    }

    public static void main(String[] args) throws Exception {
        Path ws = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("cmdgate-agent");
        if (!Files.exists(ws.resolve("README.md"))) {
            Files.writeString(ws.resolve("README.md"), "# demo workspace\n");
            Files.createDirectories(ws.resolve("scratch"));
            Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
        }
        System.out.println("workspace: " + ws);
        ShellTool tool = new ShellTool(ws, Guards.best());
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(new ScriptedChatModel(COMMANDS))
                .tools(tool)
                .beforeToolExecution(before -> tool.beforeCall(before.request().id()))
                .build();
        String answer = assistant.chat("Look around the workspace, take notes, then clean up the scratch directory.");
        for (ShellTool.Outcome o : tool.outcomes()) {
            System.out.printf("%-16s %-7s %-45s %s%n", o.status(), o.callId(), o.command(), o.detail());
        }
        System.out.println("model's final answer:");
        answer.lines().forEach(l -> System.out.println("  " + l));
        try (var s = Files.walk(ws)) {
            System.out.println("workspace now has: " + s.filter(p -> !p.equals(ws) && !p.startsWith(ws.resolve(".git")))
                    .map(p -> ws.relativize(p).toString()).sorted().toList());
        }
    }
}
