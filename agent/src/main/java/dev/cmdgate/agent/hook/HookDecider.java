package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ChainSignature;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.DecisionIds;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decides one shell command for a host with the agent's gate — steps 1 to 4 in {@link Gatekeeper}, the projects'
 * stricter gates, then what the host does with a prompt — and records it as the agent records a launch: one audit
 * line with the host, session, tool call and directory in its {@code context}.
 */
final class HookDecider {

    private final HookSettings settings;
    private final Host host;
    private final Path launcher;
    private final DecisionIds ids = new DecisionIds();
    /** Reads the files that steer a Read command (.git/config …) in the host's working directory. */
    private final dev.cmdgate.agent.site.SiteReader siteFiles = dev.cmdgate.agent.site.SiteReader.ofThisJvm();

    /** The decision as recorded, and the answer for the host. */
    record Decided(Decision decision, HookAnswer answer) {
    }

    HookDecider(HookSettings settings, Host host, Path launcher) {
        this.settings = settings;
        this.host = host;
        this.launcher = launcher;
    }

    Decided decide(ToolCall call) {
        AgentConfig config = settings.config();
        Gatekeeper gatekeeper = settings.gatekeeper(HookFiles.of(settings, launcher, call.projectDirs()));
        // what the hosts run: bash -c LINE (a JVM that launches the same is judged the same)
        Launch launch = new Launch(List.of("bash", "-c", call.command()), null, call.cwd(), Map.of(), List.of(),
                call.timeout(), null);
        Verdict v;
        try {
            v = gatekeeper.judge(launch, LaunchSite.of(call.cwd(), LaunchSite.NoFrames.NO_FRAMES,
                    call.cwd() == null ? null : siteFiles.forLaunch()));
        } finally {
            siteFiles.close();   // the steering files are read by now; the resident decider lives on
        }
        List<Reason> reasons = new ArrayList<>(v.reasons());
        GateDecision gate = v.gate();
        GateDecision byProject = settings.projectGate(v.classification());
        if (byProject.ordinal() > gate.ordinal()) {
            gate = byProject;
            reasons.add(0, new Reason("gate.project", v.classification().commandClass().label() + " command that "
                    + settings.schemeLabel() + " answers " + gate.label()));
        }
        if (v.policy() != null && v.policy().executionLimit() != null && call.timeout() == null) {
            gate = GateDecision.BLOCK;
            reasons.add(0, new Reason("oap.limit_exceeded", host.name() + " runs this command without a time limit and"
                    + " the passport allows at most " + v.policy().executionLimit().toSeconds() + " s, which a hook cannot"
                    + " enforce"));
        }
        HookAnswer.Kind kind;
        Outcome outcome;
        PromptRecord prompt = null;
        if (settings.auditMode()) {
            kind = HookAnswer.Kind.NO_OPINION;
            outcome = Outcome.ALLOWED;
            if (gate != GateDecision.ALLOW) {
                reasons.add(new Reason("mode.audit", "audit mode: recorded, not enforced (would have been " + gate.label()
                        + "); " + host.name() + "'s own permissions decide"));
            }
        } else if (gate == GateDecision.ALLOW) {
            kind = HookAnswer.Kind.ALLOW;
            outcome = Outcome.ALLOWED;
        } else if (gate == GateDecision.BLOCK) {
            kind = HookAnswer.Kind.DENY;
            outcome = Outcome.BLOCKED;
        } else {
            PromptRoute asked = settings.prompt();
            String handler = "host:" + host.name();
            if (asked == PromptRoute.ALLOW) {
                kind = HookAnswer.Kind.ALLOW;
                outcome = Outcome.ALLOWED;
                prompt = new PromptRecord("allow", "allow", 0, null);
            } else if (asked == PromptRoute.ASK && host.canAsk()) {
                kind = HookAnswer.Kind.ASK;
                outcome = Outcome.ASKED;
                prompt = new PromptRecord(handler, "asked", 0, host.name() + " asks the user; cmdgate does not see the answer");
            } else {
                kind = HookAnswer.Kind.DENY;
                outcome = Outcome.BLOCKED;
                String why = asked == PromptRoute.DENY ? "cmdgate.prompt=deny"
                        : host.name() + "'s hook cannot ask the user, so what needs approval is refused";
                prompt = new PromptRecord(asked == PromptRoute.DENY ? "deny" : handler, "deny", 0, why);
                reasons.add(0, new Reason("prompt.denied", "the command needs approval and " + why));
            }
        }
        Decision d = new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(), v.classification(), gate,
                outcome, reasons, settings.schemeLabel(), settings.auditMode() ? "audit" : "enforce", null, prompt,
                v.oap(), call.context());
        if (config.audit() != null) {
            d = record(gatekeeper, d, config);
            if (d.outcome() == Outcome.BLOCKED) {
                kind = HookAnswer.Kind.DENY;
            }
        }
        return new Decided(d, kind == HookAnswer.Kind.NO_OPINION ? HookAnswer.NO_OPINION : new HookAnswer(kind, ReasonText.of(d, kind)));
    }

    /** The audit line; a decision that cannot be recorded is refused unless {@code audit.failure=continue}. */
    private static Decision record(Gatekeeper gatekeeper, Decision d, AgentConfig config) {
        Decision sealed = d.oap() == null ? d : gatekeeper.seal(d);
        AgentConfig.AuditOptions o = config.auditOptions();
        ChainSignature.Signer signer = dev.cmdgate.agent.AgentRuntime.chainSigner(config);
        try (AuditSink sink = new AuditSink(config.audit(), null, o.maxBytes(), o.keep(), signer)) {
            sink.record(sealed);
            return sealed;
        } catch (IOException | RuntimeException e) {
            if (config.auditFailure() == AgentConfig.AuditFailure.CONTINUE || d.outcome() == Outcome.BLOCKED) {
                return sealed;
            }
            List<Reason> reasons = new ArrayList<>(d.reasons());
            reasons.add(0, new Reason("audit.unwritable", "the audit file " + config.audit() + " cannot be written: "
                    + e.getMessage()));
            return d.withOutcome(Outcome.BLOCKED, reasons);
        }
    }
}
