package dev.cmdgate.agent.prompt.remote;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.prompt.Prompter;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Duration;

/**
 * The prompt handler of {@code cmdgate.prompt=https://…}. The resolver reaches it only through this
 * factory, so a JVM that prompts elsewhere (or never) loads none of this package.
 */
public final class RemotePrompts {

    private RemotePrompts() {
    }

    /** The client of the approval service {@code config}, whose requests wait at most {@code timeout}. */
    public static Prompter create(AgentConfig.RemotePrompt config, Duration timeout, String agentId)
            throws IOException, GeneralSecurityException {
        return new ApprovalClient(config, timeout, agentId);
    }
}
