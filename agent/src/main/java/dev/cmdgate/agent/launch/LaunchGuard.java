package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.api.ApiAnswers;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.metrics.DecisionCounters;
import dev.cmdgate.agent.prompt.AnswerLadder;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.site.SiteReader;
import dev.cmdgate.agent.stdin.StdinContext;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.DecisionIds;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.LaunchEnvironment;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.SecretsRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.rules.RuleSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where every launch is decided: steps 1–4 in {@link Gatekeeper}, then the prompt (5) and the mode, the record (6,
 * {@link DecisionRecorder}), then enforcement. Anything that goes wrong here refuses the launch.
 */
public final class LaunchGuard implements ApiAnswers.PreCheckRecorder {

    private final AgentConfig config;
    private final Supplier<Gatekeeper> gatekeeper;
    private final AuditSink audit;
    /** Step 6: the audit line, the stderr line, the count. */
    private final DecisionRecorder recorder;
    private final PromptResolver prompts;
    /** What the gate's answer becomes: audit mode, a remembered "always", a nested launch, the prompt. */
    private final AnswerLadder ladder;
    private final AgentLog log;
    private final Supplier<Map<String, String>> context;
    private final Supplier<CommandClass> declaredClass;
    /**
     * How deep each thread's decisions nest: a launch made while one is decided (a prompt handler's) is not
     * prompted, one made by cmdgate's own decision code is refused. An array per thread, not a ThreadLocal
     * subclass: nothing more to load on the first launch.
     */
    private final ThreadLocal<int[]> depths = new ThreadLocal<>();
    private final DecisionIds ids = new DecisionIds();
    private final String schemeLabel;
    private final String modeLabel;
    /** Finds the user's code that launched, past the launcher libraries. */
    private final CallSite callSites;
    private final SecretScreen secrets;
    /** What the MBean shows: every recorded decision and every launch's decision time; null: not counted. */
    private final DecisionCounters counters;
    /** Reads the files that steer a Read command (.git/config …) where the launch is made. */
    private final SiteReader siteFiles = SiteReader.ofThisJvm();

    /**
     * @param context       the launching thread's context (the application's LaunchScope), for prompts and audit
     * @param declaredClass the class the launching thread's scope declares (may return null), or null for
     *                      none; it may raise a launch's class, never lower it
     */
    public LaunchGuard(AgentConfig config, Supplier<Gatekeeper> gatekeeper, AuditSink audit, PromptResolver prompts,
                       AgentLog log, Supplier<Map<String, String>> context, Supplier<CommandClass> declaredClass) {
        this(config, gatekeeper, audit, prompts, log, context, declaredClass, null);
    }

    /** @param counters where decisions are counted for the MBean; null counts nothing (tests, benchmarks) */
    public LaunchGuard(AgentConfig config, Supplier<Gatekeeper> gatekeeper, AuditSink audit, PromptResolver prompts,
                       AgentLog log, Supplier<Map<String, String>> context, Supplier<CommandClass> declaredClass,
                       DecisionCounters counters) {
        this(config, gatekeeper, audit, prompts, log, context, declaredClass, counters, new CallSite(config.callerSkip()));
    }

    /**
     * @param counters  where decisions are counted for the MBean; null counts nothing (tests, benchmarks)
     * @param callSites this JVM's call sites ({@link CallSite#forThisJvm}, made in premain to keep thread origins)
     */
    public LaunchGuard(AgentConfig config, Supplier<Gatekeeper> gatekeeper, AuditSink audit, PromptResolver prompts,
                       AgentLog log, Supplier<Map<String, String>> context, Supplier<CommandClass> declaredClass,
                       DecisionCounters counters, CallSite callSites) {
        this.config = config;
        this.counters = counters;
        this.schemeLabel = config.scheme().describe();
        this.modeLabel = config.modeLabel();
        this.gatekeeper = gatekeeper;
        this.audit = audit;
        this.prompts = prompts;
        this.ladder = new AnswerLadder(config.mode() == AgentConfig.Mode.AUDIT, prompts);
        this.log = log;
        this.context = StdinContext.over(context);
        this.declaredClass = declaredClass;
        this.callSites = callSites;
        this.secrets = new SecretScreen(config.secrets(), config.credentialVariables(), gatekeeper, audit != null);
        this.recorder = new DecisionRecorder(config.auditFailure(), gatekeeper, audit, log, counters);
    }

    /** Where this guard's decisions are recorded (the launch events report an audit outage through it too). */
    DecisionRecorder recorder() {
        return recorder;
    }

    /**
     * Decides {@code launch} and enforces the answer: refused, it throws {@link SecurityException}; allowed, it
     * returns the decision with what the process is to start with. Any error while deciding refuses it.
     *
     * @param starting    the launch as its process will start, whose environment is screened for secrets
     *                    (a gated shell session is judged as {@code sh -c ''} but starts as itself); null
     *                    when no process starts
     * @param environment the whole environment it starts with; null: this JVM's
     * @param cannotScrub the route starts it as it is: a secret it would be denied refuses it
     */
    public Decided enforce(Launch launch, Launch starting, Map<String, String> environment, boolean cannotScrub) {
        long started = System.nanoTime();
        int[] depth = depths.get();
        if (depth == null) {
            depths.set(depth = new int[1]);
        }
        Decided decided;
        int level = depth[0]++;
        try {
            decided = level > 1 ? new Decided(refuseNested(launch), null, SecretsRecord.NONE)
                    : decide(launch, starting, environment, cannotScrub, level == 0 && !prompts.onPromptThread());
        } catch (Throwable e) {
            decided = new Decided(internalError(launch, e), null, SecretsRecord.NONE);
        } finally {
            depth[0] = level;
        }
        if (counters != null) {
            counters.timed(System.nanoTime() - started);
        }
        if (decided.decision().outcome() == Outcome.BLOCKED) {
            throw new SecurityException(decided.decision().blockMessage());
        }
        return decided;
    }

    /**
     * One launch decided: judged by the gatekeeper (steps 1–4) as the thread's scope declares it, its secrets
     * planned, the gate's answer taken up the {@link AnswerLadder} (5: mode, remembered, nested, prompt), and
     * recorded (6). Returns it allowed or not; {@link #enforce} refuses.
     */
    private Decided decide(Launch asked, Launch starting, Map<String, String> environment, boolean cannotScrub,
                           boolean mayPrompt) {
        Launch launch = declared(asked);
        CallSite.Walk site = callSites.walk();
        Verdict verdict = gatekeeper.get().judge(launch, LaunchSite.of(launch.cwd(), site, siteFiles.forLaunch()));
        SecretsRecord received = starting == null ? SecretsRecord.NONE : secrets.plan(starting, environment);
        boolean unscrubbable = cannotScrub && !received.withheld().isEmpty();
        List<Reason> reasons = new ArrayList<>(verdict.reasons());
        PromptRecord prompt = null;
        String id = null;
        String caller = null;
        Map<String, String> launchContext = context.get();
        Outcome outcome;
        GateDecision gate = unscrubbable ? GateDecision.BLOCK : verdict.gate();
        if (unscrubbable) {
            reasons.add(0, new Reason("secrets.unscrubbable", "cmdgate.secrets=scrub withholds " + String.join(", ",
                    received.withheld()) + " from this launch, and this route cannot start a process without them"));
        }
        AnswerLadder.Rung rung = ladder.rung(gate, launch, verdict.classification(), mayPrompt);
        if (rung == AnswerLadder.Rung.GATE) {
            outcome = gate == GateDecision.ALLOW ? Outcome.ALLOWED : Outcome.BLOCKED;
        } else if (rung == AnswerLadder.Rung.AUDIT_MODE) {
            outcome = Outcome.ALLOWED;
        } else if (rung == AnswerLadder.Rung.REMEMBERED) {
            prompt = AnswerLadder.remembered();
            outcome = Outcome.ALLOWED;
        } else if (rung == AnswerLadder.Rung.NESTED) {
            prompt = AnswerLadder.notAsked();
            reasons.add(0, AnswerLadder.NESTED);
            outcome = Outcome.BLOCKED;
        } else {
            caller = site.caller();
            id = ids.next();   // the question names the decision it will be recorded as
            prompt = prompts.ask(id, launch, verdict, caller, launchContext, environmentOf(launch));
            boolean yes = prompt.answer().startsWith("allow");
            if (!yes) {
                reasons.add(0, AnswerLadder.denied(prompt.detail()));
            }
            outcome = yes ? Outcome.ALLOWED : Outcome.BLOCKED;
        }
        if (rung == AnswerLadder.Rung.AUDIT_MODE) {
            reasons.add(AnswerLadder.auditMode(gate));
        }
        // The stack walk for the caller is most of a decision's cost: skip it when nothing will show it.
        if (caller == null && (audit != null || outcome != Outcome.ALLOWED || gate != GateDecision.ALLOW)) {
            caller = site.caller();
        }
        Decision d = new Decision(id != null ? id : ids.next(), Instant.now(), launch.argv(), launch.cwd(),
                verdict.classification(), gate, outcome, reasons, schemeLabel, modeLabel, caller, prompt, verdict.oap(),
                launchContext, environmentOf(launch), null, launch.outputRedirects(), received);
        if (verdict.policy() != null && verdict.policy().notice() != null) {
            log.warn("cmdgate: " + verdict.policy().notice());
        }
        d = recorder.record(d);
        if (d.outcome() != Outcome.ALLOWED) {
            return new Decided(d, null, SecretsRecord.NONE);
        }
        return new Decided(d, verdict.policy() == null ? null : verdict.policy().executionLimit(),
                unscrubbable ? SecretsRecord.NONE : received);
    }

    /** The launch with the class the thread's scope declares (the gatekeeper raises, never lowers, by it). */
    private Launch declared(Launch l) {
        CommandClass d = declaredClass == null ? null : declaredClass.get();
        if (d == null) {
            return l;
        }
        return new Launch(l.argv(), l.shellLine(), l.cwd(), l.environmentChanges(), l.outputRedirects(),
                l.declaredTimeout(), l.declaredClass() == null ? d : l.declaredClass().max(d), l.inputRedirect());
    }

    /**
     * What the audit line records of the launch's environment changes: every name, the values of the
     * variables the rules know as hooks. Null when nothing changed, or when the rules cannot be had (the
     * decision is then a refusal for that very reason, and says so).
     */
    private LaunchEnvironment environmentOf(Launch launch) {
        if (launch.environmentChanges().isEmpty()) {
            return null;
        }
        try {
            return LaunchEnvironment.of(launch.environmentChanges(), rules());
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The rules the gatekeeper's classifier uses (the built-in ones for a classifier without rules). */
    public RuleSet rules() {
        return gatekeeper.get().classifier() instanceof RulesClassifier r ? r.rules() : RuleSet.builtin();
    }

    private Decision refuseNested(Launch launch) {
        return recorder.record(failClosed(launch, new Reason("gate.reentrant",
                "a launch made by cmdgate's own decision code is refused")));
    }

    private Decision internalError(Launch launch, Throwable t) {
        Decision d = failClosed(launch, new Reason("gate.internal_error",
                "internal error while deciding (" + t + "); failing closed"));
        try {
            return recorder.record(d);
        } catch (Throwable ignored) {
            return d;   // the launch is refused whatever happens to the record
        }
    }

    private Decision failClosed(Launch launch, Reason reason) {
        Classification c = new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
                List.of(new Finding(JdkLaunches.render(launch.argv()), "launch", CommandClass.DESTRUCTIVE,
                        RiskLevel.DANGEROUS, reason.message())), List.of());
        Map<String, String> launchContext;
        try {
            launchContext = context.get();
        } catch (RuntimeException e) {
            launchContext = Map.of();   // a refusal is recorded whatever else went wrong
        }
        return new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(), c,
                GateDecision.BLOCK, Outcome.BLOCKED, List.of(reason), schemeLabel,
                modeLabel, callSites.caller(), null, null, launchContext).about(environmentOf(launch), launch.outputRedirects());
    }

    /**
     * Records a launch that cannot be judged (a native call cmdgate cannot read, a library it could not
     * hook) as refused for {@code why}: Destructive, dangerous. In audit mode it goes on, recorded as what
     * would have been blocked. Returns the decision recorded.
     */
    public Decision unjudgeable(Launch launch, Reason why) {
        Decision d = failClosed(launch, why);
        boolean auditMode = ladder.rung(GateDecision.BLOCK, launch, d.classification(), false)
                == AnswerLadder.Rung.AUDIT_MODE;
        List<Reason> reasons = new ArrayList<>(d.reasons());
        if (auditMode) {
            reasons.add(AnswerLadder.auditMode(GateDecision.BLOCK));
        }
        return recorder.record(d.withOutcome(auditMode ? Outcome.ALLOWED : Outcome.BLOCKED, reasons));
    }

    /** Records {@code launch} as refused for {@code why} (Destructive, dangerous), whatever the mode; returns the decision. */
    public Decision refuse(Launch launch, Reason why) {
        return recorder.record(failClosed(launch, why));
    }

    /**
     * Records a check made through the application API that would not simply run (nothing was launched):
     * the audit trail then shows what was attempted, even when the application never launches it.
     */
    @Override
    public void record(Launch launch, Verdict verdict, GateDecision answer, List<Reason> reasons) {
        recorder.record(new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(), verdict.classification(),
                verdict.gate(), Outcome.BLOCKED, reasons, schemeLabel, modeLabel, callSites.caller(), null,
                verdict.oap(), context.get(), environmentOf(launch), answer.label(), launch.outputRedirects(), null));
    }

    /** True in audit mode: everything is decided and recorded, nothing is refused. */
    public boolean auditMode() {
        return config.mode() == AgentConfig.Mode.AUDIT;
    }

    /**
     * For the gate's warm-up: loads and works out once what the first launch would otherwise — the stack
     * walker, this JVM's environment as a child inherits it, its secret variables when something reads them.
     * Decides, records and launches nothing.
     */
    public void warmUp() {
        callSites.walk().caller();
        InheritedEntries.own();
        secrets.warmUp();
    }
}
