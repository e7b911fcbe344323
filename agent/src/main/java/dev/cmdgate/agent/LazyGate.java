package dev.cmdgate.agent;

import dev.cmdgate.agent.bridge.ApiService;
import dev.cmdgate.agent.bridge.LaunchGate;
import dev.cmdgate.agent.prompt.ApiGate;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The gate premain hands to the bridge. It builds the real one (see {@link AgentRuntime#build}) on its
 * first use — a launch or a call of the application API — so that a JVM's start-up pays only for
 * reading and checking the configuration, not for loading the decision machinery of a JVM that may
 * never launch. A failed build is not kept: that launch is refused, and the next use tries again. The
 * thread scopes set through the API are kept from the start, so a scope opened before the first
 * launch still counts.
 */
final class LazyGate implements LaunchGate, ApiService {

    private final AgentRuntime.Checked checked;
    private volatile ApiGate gate;

    LazyGate(AgentRuntime.Checked checked) {
        this.checked = checked;
    }

    private ApiGate gate() {
        ApiGate g = gate;
        if (g == null) {
            synchronized (this) {
                g = gate;
                if (g == null) {
                    gate = g = AgentRuntime.build(checked);
                }
            }
        }
        return g;
    }

    @Override
    public Object[] checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                               boolean redirectErrorStream) {
        return gate().checkStart(cmdarray, environment, dir, redirects, redirectErrorStream);
    }

    @Override
    public List<ProcessBuilder> checkPipeline(List<ProcessBuilder> builders) {
        return gate().checkPipeline(builders);
    }

    @Override
    public Object[] checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        return gate().checkConstruct(prog, argBlock, argc, envBlock, envc, dir);
    }

    @Override
    public Process started(Process process) {
        return gate().started(process);
    }

    @Override
    public Map<String, Object> check(List<String> argv, String shellLine, String cwd, Map<String, String> environment) {
        return gate().check(argv, shellLine, cwd, environment);
    }

    @Override
    public void scope(Map<String, String> context, String declaredClass) {
        checked.scopes().set(context, declaredClass);   // cheap; no need to build the gate for it
    }

    @Override
    public void installPromptHandler(Function<Map<String, Object>, String> handler, String name) {
        gate().installPromptHandler(handler, name);
    }
}
