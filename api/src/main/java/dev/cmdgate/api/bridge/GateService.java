package dev.cmdgate.api.bridge;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.core.decision.Launch;

/**
 * INTERNAL — implemented by the agent, used by {@link dev.cmdgate.api.Cmdgate}: what a running agent
 * offers the application. Reached through {@link LaunchBridge#service()}.
 */
public interface GateService {

    /** The decision the agent would make for this launch now, without launching, prompting or auditing. */
    CheckResult check(Launch launch);

    /**
     * Makes {@code handler} answer this JVM's prompts from now on.
     *
     * @throws IllegalStateException when refused: a handler was installed already, or the configuration
     *                               names a handler ({@code cmdgate.prompt} other than {@code auto})
     */
    void installPromptHandler(PromptHandler handler);
}
