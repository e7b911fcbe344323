package dev.cmdgate.examples.langchain4j;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The agent's shell tool, written the way agent frameworks write them: {@code sh -c COMMAND} in the
 * workspace, output and exit status back to the model. When cmdgate refuses the launch, the refusal
 * is returned to the model as the tool result (the model can then explain or try something else)
 * instead of crashing the agent loop.
 */
public final class ShellTool {

    static final String NAME = "run_shell_command";

    /** One line per tool call for the report: RAN / REFUSED / PRECHECK-REFUSED. */
    public record Outcome(String callId, String command, String status, String detail) {
    }

    private final Path workspace;
    private final CommandGuard guard;
    private final List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<String> currentCall = new ThreadLocal<>();

    ShellTool(Path workspace, CommandGuard guard) {
        this.workspace = workspace;
        this.guard = guard;
    }

    /** Set by the AI service's before-tool-execution hook, on the thread that then runs the tool. */
    void beforeCall(String toolCallId) {
        currentCall.set(toolCallId);
    }

    List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    @Tool(name = NAME, value = "Runs a shell command (sh -c) in the workspace and returns its exit status and output")
    public String run(@P("the shell command line to run") String command) throws InterruptedException {
        String callId = currentCall.get() == null ? "?" : currentCall.get();
        String precheck = guard.refusalBeforeRun(command);
        if (precheck != null) {
            outcomes.add(new Outcome(callId, command, "PRECHECK-REFUSED", precheck));
            return "Not run: " + precheck;
        }
        try (AutoCloseable context = guard.open(callId)) {
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
            outcomes.add(new Outcome(callId, command, "RAN", "exit " + exit));
            return "exit " + exit + "\n" + output;
        } catch (SecurityException e) {
            outcomes.add(new Outcome(callId, command, "REFUSED", e.getClass().getName() + ": " + e.getMessage()));
            return "Refused by the command gate, not run: " + e.getMessage();
        } catch (IOException e) {
            outcomes.add(new Outcome(callId, command, "FAILED", e.toString()));
            return "Could not run: " + e;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            outcomes.add(new Outcome(callId, command, "FAILED", e.toString()));
            return "Could not run: " + e;
        }
    }
}
