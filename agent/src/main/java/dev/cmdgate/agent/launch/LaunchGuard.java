package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.agent.stdin.GatedShellProcess;
import dev.cmdgate.agent.stdin.ShellSessions;
import dev.cmdgate.agent.stdin.StdinContext;
import dev.cmdgate.agent.stdin.StdinGate;
import dev.cmdgate.agent.watchdog.KillEvent;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.api.bridge.LaunchGate;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.classify.ShellState;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.DecisionIds;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.rules.RuleSet;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Where every launch is decided: steps 1–4 in {@link Gatekeeper}, then the prompt (5), the mode and
 * the record (6), then enforcement. Anything that goes wrong here refuses the launch.
 */
public final class LaunchGuard implements LaunchGate {

    private final AgentConfig config;
    private final Supplier<Gatekeeper> gatekeeper;
    private final AuditSink audit;
    private final PromptGateway prompts;
    private final AgentLog log;
    private final Supplier<Map<String, String>> context;
    private final Supplier<CommandClass> declaredClass;
    // An anonymous class rather than a lambda: this is built in premain (see ConfigParser).
    private final ThreadLocal<InFlight> inFlight = new ThreadLocal<>() {
        @Override
        protected InFlight initialValue() {
            return new InFlight();
        }
    };
    private final DecisionIds ids = new DecisionIds();
    private final String schemeLabel;
    private final String modeLabel;
    /** True from a failed audit write until the next one that succeeds: each outage is reported once. */
    private final AtomicBoolean auditFailing = new AtomicBoolean();
    private final ProcessWatchdog watchdog;

    /**
     * What one thread's launch in progress carries from one JDK hook to the next (start, constructor,
     * started). One object per thread, so a launch looks up its thread's state once per hook.
     */
    private static final class InFlight {
        /** Decisions in progress on this thread: a launch made while deciding one (a prompt handler's) nests. */
        int depth;
        /** The allowed launch whose process is about to start, for the exit hook. */
        Allowed starting;
        /** The command checkStart allowed, which the ProcessImpl constructor is about to receive. */
        Construction construction;
        /** stdin=gate: a shell session allowed by checkStart, waiting for its started() call. */
        Launch pendingSession;
        /** The decision for a whole startPipeline, and the stages it covers that have not started yet. */
        Allowed pipelineDecision;
        final Deque<List<String>> approvedStages = new ArrayDeque<>();
    }

    /** What the exit hook needs to know about an allowed launch. */
    private record Allowed(Decision decision, Duration executionLimit) {
    }

    /** The argv and directory an allowed {@code ProcessImpl.start} passes on to the constructor. */
    private record Construction(List<String> argv, String cwd) {
        static Construction of(String[] cmdarray, String dir) {
            return new Construction(List.of(cmdarray), JdkLaunches.cwd(dir));
        }

        boolean matches(Launch constructed) {
            return argv.equals(constructed.argv()) && cwd.equals(constructed.cwd());
        }
    }

    /**
     * @param context       the launching thread's context (the application's LaunchScope), for prompts and audit
     * @param declaredClass the class the launching thread's scope declares (may return null), or null for
     *                      none; it may raise a launch's class, never lower it
     */
    public LaunchGuard(AgentConfig config, Supplier<Gatekeeper> gatekeeper, AuditSink audit, PromptGateway prompts,
                       AgentLog log, Supplier<Map<String, String>> context, ProcessWatchdog watchdog,
                       Supplier<CommandClass> declaredClass) {
        this.config = config;
        this.schemeLabel = config.scheme().describe();
        this.modeLabel = config.modeLabel();
        this.gatekeeper = gatekeeper;
        this.audit = audit;
        this.prompts = prompts;
        this.log = log;
        this.context = StdinContext.over(context);
        this.declaredClass = declaredClass;
        this.watchdog = watchdog;
    }

    @Override
    public void checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                           boolean redirectErrorStream) {
        InFlight t = inFlight.get();
        t.pendingSession = null;
        t.construction = null;
        Deque<List<String>> approved = t.approvedStages;
        if (!approved.isEmpty()) {
            if (approved.peekFirst().equals(List.of(cmdarray)) && CallSite.inPipeline()) {
                approved.removeFirst();   // this stage was decided with its whole pipeline
                t.starting = t.pipelineDecision;
                t.construction = Construction.of(cmdarray, dir);
                return;
            }
            approved.clear();
        }
        Launch launch = JdkLaunches.fromStart(cmdarray, environment, dir, redirects);
        if (config.stdin() == AgentConfig.StdinMode.GATE
                && ShellSessions.isSession(new CommandKnowledge(rules()), launch.argv(), redirects)) {
            // A shell reading commands from the application's pipe runs nothing by itself: the launch is
            // judged as `sh -c ''` with its environment and redirects, and every command written to it
            // later is judged on its own (started() gates the pipe).
            Launch session = new Launch(launch.argv(), "", launch.cwd(), launch.environmentChanges(),
                    launch.outputRedirects(), launch.declaredTimeout(), launch.declaredClass());
            StdinContext.with(Map.of("stdin", "gated: each command written to its standard input is decided as sh -c COMMAND"),
                    () -> enforce(t, session));
            t.pendingSession = session;
        } else {
            enforce(t, launch);
        }
        t.construction = new Construction(launch.argv(), launch.cwd());   // reached only when allowed
    }

    @Override
    public void checkPipeline(List<ProcessBuilder> builders) {
        InFlight t = inFlight.get();
        t.approvedStages.clear();
        enforce(t, JdkLaunches.fromPipeline(builders));
        t.pipelineDecision = t.starting;
        for (ProcessBuilder b : builders) {
            t.approvedStages.addLast(List.copyOf(b.command()));
        }
    }

    @Override
    public Process started(Process process) {
        InFlight t = inFlight.get();
        Allowed a = t.starting;
        t.starting = null;
        if (a != null && a.executionLimit() != null) {
            watchdog.watch(process, a.executionLimit(), kill -> recordKill(a.decision(), kill));
        }
        Launch session = t.pendingSession;
        if (session == null) {
            return process;
        }
        t.pendingSession = null;
        return new GatedShellProcess(process, new SessionGate(session, process.pid()));
    }

    /**
     * Decides the commands written to one gated shell session like launches of {@code sh -c COMMAND}, each
     * judged after the state the session's earlier allowed commands left in the shell ({@link ShellState}):
     * the audit line shows the command, its findings include those of the state it was judged with.
     * Used under the session stream's lock, one command at a time.
     */
    private final class SessionGate implements StdinGate {
        private final Launch session;
        private final String origin;
        private final ShellState state;

        SessionGate(Launch session, long pid) {
            this.session = session;
            this.origin = JdkLaunches.render(session.argv()) + " (pid " + pid + ")";
            this.state = new ShellState(rules());
        }

        private Launch command(String text) {
            return new Launch(List.of("sh", "-c", text), state.judged(text), session.cwd(), session.environmentChanges(),
                    List.of(), null, session.declaredClass());
        }

        private Map<String, String> context() {
            if (state.untracked()) {
                return Map.of("stdin_of", origin, "shell_state", "judged as after an unknown script: the session's earlier "
                        + "commands changed its state more than cmdgate keeps track of");
            }
            if (state.pieces() > 0) {
                return Map.of("stdin_of", origin, "shell_state", "judged after the state left by earlier commands ("
                        + state.pieces() + " kept)");
            }
            return Map.of("stdin_of", origin);
        }

        @Override
        public void check(String command) {
            InFlight t = inFlight.get();
            try {
                StdinContext.with(context(), () -> enforce(t, command(command)));
            } finally {
                t.starting = null;   // no process starts for this decision: nothing for the exit hook
            }
            state.ran(command);   // allowed: the shell is about to run it
        }

        @Override
        public void refuse(String text, String why) {
            Decision d = record(failClosed(command(text), new Reason("stdin.unjudgeable", why)));
            throw new SecurityException(d.blockMessage());
        }
    }

    private void recordKill(Decision d, KillEvent kill) {
        log.warn("cmdgate: " + kill.describe() + " [decision " + d.id() + "]");
        if (audit != null) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("time", IsoInstant.format(kill.killedAt()));
            line.put("event", "watchdog_kill");
            line.put("decision_id", d.id());
            line.put("argv", d.argv());
            line.put("pid", kill.pid());
            line.put("limit_ms", kill.limit().toMillis());
            line.put("ran_ms", kill.ranFor().toMillis());
            line.put("descendants", kill.descendantPids());
            try {
                audit.write(Json.write(line));
            } catch (IOException | RuntimeException e) {
                log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + ")");
            }
        }
    }

    @Override
    public void checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] dir) {
        Launch constructed = JdkLaunches.fromNative(prog, argBlock, argc, dir);
        InFlight t = inFlight.get();
        Construction expected = t.construction;
        t.construction = null;
        // The normal path: ProcessImpl.start on this thread has just allowed exactly this command. Anything
        // else (reflective construction, a leftover from a start that failed on the way) is decided in full.
        if (expected == null || !expected.matches(constructed)) {
            enforce(t, constructed);
        }
    }

    private void enforce(InFlight t, Launch launch) {
        t.starting = null;
        Decision decision;
        int level = t.depth++;
        try {
            decision = level > 1 ? refuseNested(launch) : decide(t, launch, level == 0 && !prompts.onPromptThread());
        } catch (Throwable e) {
            decision = internalError(launch, e);
        } finally {
            t.depth = level;
        }
        if (decision.outcome() == Outcome.BLOCKED) {
            throw new SecurityException(decision.blockMessage());
        }
    }

    private Decision decide(InFlight t, Launch launch, boolean mayPrompt) {
        Verdict verdict = gatekeeper.get().judge(declared(launch));
        List<Reason> reasons = new ArrayList<>(verdict.reasons());
        PromptRecord prompt = null;
        String caller = null;
        Map<String, String> launchContext = context.get();
        Outcome outcome;
        boolean auditMode = config.mode() == AgentConfig.Mode.AUDIT;
        switch (verdict.gate()) {
            case ALLOW -> outcome = Outcome.ALLOWED;
            case BLOCK -> outcome = auditMode ? Outcome.ALLOWED : Outcome.BLOCKED;
            default -> {
                if (auditMode) {
                    outcome = Outcome.ALLOWED;
                } else if (prompts.rememberedAllow(rememberedAs(launch), launch.cwd())) {
                    prompt = new PromptRecord("remembered", "allow_always", 0, "answered 'always' earlier for this exact command");
                    outcome = Outcome.ALLOWED;
                } else if (!mayPrompt) {
                    prompt = new PromptRecord("none", "deny", 0, "launched while cmdgate was deciding or prompting");
                    reasons.add(0, new Reason("prompt.nested", "a launch made while a prompt is being decided cannot be prompted"));
                    outcome = Outcome.BLOCKED;
                } else {
                    caller = CallSite.caller();
                    prompt = prompts.ask(launch.argv(), rememberedAs(launch), launch.cwd(), verdict, caller, launchContext);
                    boolean yes = prompt.answer().startsWith("allow");
                    if (!yes) {
                        reasons.add(0, new Reason("prompt.denied", "the prompt was answered deny"
                                + (prompt.detail() == null ? "" : " (" + prompt.detail() + ")")));
                    }
                    outcome = yes ? Outcome.ALLOWED : Outcome.BLOCKED;
                }
            }
        }
        if (auditMode && verdict.gate() != GateDecision.ALLOW) {
            reasons.add(new Reason("mode.audit", "audit mode: recorded, not enforced (would have been "
                    + verdict.gate().label() + ")"));
        }
        // The stack walk for the caller is most of a decision's cost: skip it when nothing will show it.
        if (caller == null && (audit != null || outcome != Outcome.ALLOWED || verdict.gate() != GateDecision.ALLOW)) {
            caller = CallSite.caller();
        }
        Decision d = new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(),
                verdict.classification(), verdict.gate(), outcome, reasons, schemeLabel,
                modeLabel, caller, prompt, verdict.oap(), launchContext);
        if (verdict.policy() != null && verdict.policy().notice() != null) {
            log.warn("cmdgate: " + verdict.policy().notice());
        }
        d = record(d);
        if (d.outcome() == Outcome.ALLOWED) {
            t.starting = new Allowed(d, verdict.policy() == null ? null : verdict.policy().executionLimit());
        }
        return d;
    }

    /**
     * What an "allow always" answer covers: the argv, except for a command of a gated shell session judged
     * with the state earlier commands left, which is the whole script judged (the same command after other
     * state changes is asked about again).
     */
    private static List<String> rememberedAs(Launch l) {
        List<String> argv = l.argv();
        if (l.shellLine() != null && argv.size() == 3 && "sh".equals(argv.get(0)) && "-c".equals(argv.get(1))
                && !l.shellLine().equals(argv.get(2))) {
            return List.of("sh", "-c", l.shellLine());
        }
        return argv;
    }

    /** The rules the gatekeeper's classifier uses (the built-in ones for a classifier without rules). */
    private RuleSet rules() {
        return gatekeeper.get().classifier() instanceof RulesClassifier r ? r.rules() : RuleSet.builtin();
    }

    /** The launch with the class the thread's scope declares (the gatekeeper raises, never lowers, by it). */
    private Launch declared(Launch l) {
        CommandClass d = declaredClass == null ? null : declaredClass.get();
        if (d == null) {
            return l;
        }
        return new Launch(l.argv(), l.shellLine(), l.cwd(), l.environmentChanges(), l.outputRedirects(),
                l.declaredTimeout(), l.declaredClass() == null ? d : l.declaredClass().max(d));
    }

    private Decision refuseNested(Launch launch) {
        return record(failClosed(launch, new Reason("gate.reentrant",
                "a launch made by cmdgate's own decision code is refused")));
    }

    private Decision internalError(Launch launch, Throwable t) {
        Decision d = failClosed(launch, new Reason("gate.internal_error",
                "internal error while deciding (" + t + "); failing closed"));
        try {
            return record(d);
        } catch (Throwable ignored) {
            return d;   // the launch is refused whatever happens to the record
        }
    }

    private Decision failClosed(Launch launch, Reason reason) {
        Classification c = new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
                List.of(new Finding(JdkLaunches.render(launch.argv()), "launch", CommandClass.DESTRUCTIVE,
                        RiskLevel.DANGEROUS, reason.message())), List.of());
        return new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(), c,
                GateDecision.BLOCK, Outcome.BLOCKED, List.of(reason), schemeLabel,
                modeLabel, CallSite.caller(), null, null, Map.of());
    }

    /**
     * Writes the audit line and the stderr report. A decision that cannot be audited is refused, unless
     * {@code audit.failure=continue} says to let it through; either way the outage is reported once,
     * and again when the file can be written again.
     */
    private Decision record(Decision d) {
        if (audit != null) {
            try {
                audit.record(d);
                if (auditFailing.compareAndSet(true, false)) {
                    log.warn("cmdgate: the audit file " + audit.file() + " can be written again");
                }
            } catch (IOException | RuntimeException e) {
                d = auditFailed(d, e);
            }
        }
        if (d.outcome() == Outcome.BLOCKED) {
            log.warn(d.blockMessage() + " — from " + d.caller());
        } else if (d.prompt() != null) {
            log.info("cmdgate: allowed " + JdkLaunches.render(d.argv()) + " after prompt (" + d.prompt().handler()
                    + ": " + d.prompt().answer() + ") — from " + d.caller());
        } else if (d.gate() != GateDecision.ALLOW) {
            log.info("cmdgate: audit mode, would " + d.gate().label() + ": " + JdkLaunches.render(d.argv())
                    + " (" + d.classification().commandClass().label() + ") — from " + d.caller());
        }
        return d;
    }

    private Decision auditFailed(Decision d, Exception e) {
        boolean block = config.auditFailure() == AgentConfig.AuditFailure.BLOCK;
        if (auditFailing.compareAndSet(false, true)) {
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + "); "
                    + (block ? "launches are refused until it can be written"
                             : "launches go on unaudited (" + ConfigParser.PREFIX + "audit.failure=continue)"));
        }
        if (!block || d.outcome() != Outcome.ALLOWED) {
            return d;
        }
        List<Reason> reasons = new ArrayList<>(d.reasons());
        // A failed write says only "No space left on device"; a failed open names the file first.
        String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        reasons.add(0, new Reason("audit.unwritable", "the audit file " + audit.file() + " cannot be written: " + why));
        return new Decision(d.id(), d.time(), d.argv(), d.cwd(), d.classification(), d.gate(), Outcome.BLOCKED,
                reasons, d.scheme(), d.mode(), d.caller(), d.prompt(), d.oap(), d.context());
    }
}
