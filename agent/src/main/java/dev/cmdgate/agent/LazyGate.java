package dev.cmdgate.agent;

import dev.cmdgate.agent.prompt.ApiGate;
import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.bridge.GateService;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.decision.Launch;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/**
 * The gate premain installs. It builds the real one (see {@link AgentRuntime#build}) on its first use —
 * a launch or a call of the application API — so that a JVM's start-up pays only for reading and
 * checking the configuration, not for loading the decision machinery of a JVM that may never launch.
 * A failed build is not kept: the bridge refuses that launch, and the next use tries again.
 */
final class LazyGate implements LaunchGate, GateService {

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
    public void checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                           boolean redirectErrorStream) {
        gate().checkStart(cmdarray, environment, dir, redirects, redirectErrorStream);
    }

    @Override
    public void checkPipeline(List<ProcessBuilder> builders) {
        gate().checkPipeline(builders);
    }

    @Override
    public void checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] dir) {
        gate().checkConstruct(prog, argBlock, argc, dir);
    }

    @Override
    public Process started(Process process) {
        return gate().started(process);
    }

    @Override
    public CheckResult check(Launch launch) {
        return gate().check(launch);
    }

    @Override
    public void installPromptHandler(PromptHandler handler) {
        gate().installPromptHandler(handler);
    }
}
