package dev.cmdgate.agent.prompt;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.bridge.Checks;
import dev.cmdgate.api.bridge.GateService;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.lang.ProcessBuilder.Redirect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The gate the agent installs in the bridge: launches go to the {@link LaunchGate} that decides them
 * (LaunchGuard); the application API ({@link GateService}) is answered here from the same
 * gatekeeper, prompt gateway and mode, so {@code Cmdgate.check} says what a launch would meet.
 */
public final class ApiGate implements LaunchGate, GateService {

    private final LaunchGate launches;
    private final Supplier<Gatekeeper> gatekeeper;
    private final PromptGateway prompts;
    private final boolean auditMode;

    public ApiGate(LaunchGate launches, Supplier<Gatekeeper> gatekeeper, PromptGateway prompts, boolean auditMode) {
        this.launches = launches;
        this.gatekeeper = gatekeeper;
        this.prompts = prompts;
        this.auditMode = auditMode;
    }

    @Override
    public void checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                           boolean redirectErrorStream) {
        launches.checkStart(cmdarray, environment, dir, redirects, redirectErrorStream);
    }

    @Override
    public void checkPipeline(List<ProcessBuilder> builders) {
        launches.checkPipeline(builders);
    }

    @Override
    public Process started(Process process) {
        return launches.started(process);
    }

    @Override
    public void checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] dir) {
        launches.checkConstruct(prog, argBlock, argc, dir);
    }

    @Override
    public CheckResult check(Launch launch) {
        Gatekeeper g = gatekeeper.get();
        Verdict v = g.judge(launch);
        List<Reason> first = new ArrayList<>(1);
        GateDecision decision = v.gate();
        if (decision != GateDecision.ALLOW && auditMode) {
            first.add(new Reason("mode.audit", "audit mode: would be recorded, not enforced (the gate says "
                    + decision.label() + ")"));
            decision = GateDecision.ALLOW;
        } else if (decision == GateDecision.PROMPT) {
            PromptAnswer certain = prompts.certainAnswer();
            if (prompts.rememberedAllow(launch.argv(), launch.cwd())) {
                first.add(new Reason("prompt.remembered", "answered 'always' earlier for this exact command"));
                decision = GateDecision.ALLOW;
            } else if (prompts.onPromptThread()) {
                first.add(new Reason("prompt.nested", "a launch made while a prompt is being decided cannot be prompted"));
                decision = GateDecision.BLOCK;
            } else if (certain == PromptAnswer.DENY) {
                first.add(new Reason("prompt.denied", "the prompt handler (" + prompts.handlerName()
                        + ") answers every prompt with deny"));
                decision = GateDecision.BLOCK;
            } else if (certain == PromptAnswer.ALLOW) {
                first.add(new Reason("prompt.allowed", "the prompt handler (" + prompts.handlerName()
                        + ") answers every prompt with allow"));
                decision = GateDecision.ALLOW;
            }
        }
        return Checks.result(launch, v, decision, first, g.scheme().describe(), true);
    }

    @Override
    public void installPromptHandler(PromptHandler handler) {
        prompts.install(handler);
    }
}
