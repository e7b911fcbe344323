package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.decision.Gatekeeper;
import java.nio.file.Path;
import java.util.Map;

/** The launch path as the agent wires it — the JDK hooks' hand-off over a guard, one audit sink — with no application scope. */
record Handoffs(LaunchGuard guard, JdkHandoff handoff) {

    static Handoffs wire(AgentConfig config, Gatekeeper gatekeeper, Path audit, PromptResolver prompts) {
        AuditSink sink = new AuditSink(audit);
        AgentLog log = new AgentLog();
        LaunchGuard guard = new LaunchGuard(config, () -> gatekeeper, sink, prompts, log, Map::of, null);
        return new Handoffs(guard, new JdkHandoff(guard, config, sink, log, new ProcessWatchdog()));
    }

    static JdkHandoff over(AgentConfig config, Gatekeeper gatekeeper, Path audit, PromptResolver prompts) {
        return wire(config, gatekeeper, audit, prompts).handoff();
    }
}
