package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ChildSettings;
import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptGateway;
import dev.cmdgate.agent.stdin.GatedShellProcess;
import dev.cmdgate.agent.stdin.SessionInput;
import dev.cmdgate.agent.stdin.ShellSessions;
import dev.cmdgate.agent.stdin.StdinContext;
import dev.cmdgate.agent.stdin.StdinGate;
import dev.cmdgate.agent.watchdog.KillEvent;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.agent.bridge.LaunchGate;
import dev.cmdgate.agent.natives.NativeAddresses;
import dev.cmdgate.agent.natives.NativeRoutes;
import dev.cmdgate.agent.prompt.ApiGate;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.classify.ShellState;
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
import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.rules.RuleSet;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
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
public final class LaunchGuard implements LaunchGate, ApiGate.PreCheckRecorder, NativeRoutes.Decider {

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
    private final NativeRoutes natives;
    /** Finds the user's code that launched, past the launcher libraries. */
    private final CallSite callSites;
    /** The exit lines of allowed processes not written yet (see recordExitLater). */
    private final ExitLines exitLines = new ExitLines(new ExitLineWriter());
    private final AtomicBoolean exitHook = new AtomicBoolean();
    /** Hands cmdgate on to the JVMs this one launches; null with {@code cmdgate.children=off} (or outside a jar). */
    private final ChildJvms children;
    private final SecretScreen secrets;

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
        /** The byte blocks the constructor admitted and passes on to forkAndExec: {prog, argBlock, envBlock, dir}. */
        Object[] fork;
        /** stdin=gate: a shell session allowed by checkStart, waiting for its started() call. */
        Launch pendingSession;
        /**
         * The decision for a whole startPipeline, and the stages it covers that have not started yet, each
         * known by the environment map of the builder cmdgate made for it: nothing else holds that map.
         */
        Allowed pipelineDecision;
        /** The watch of the pipeline being started, when it has a time limit: later stages join it. */
        ProcessWatchdog.Watch pipelineWatch;
        final Deque<Map<String, String>> approvedStages = new ArrayDeque<>();
        /**
         * The launch whose environment the next decision hands out (the real one: a gated shell session is
         * judged as {@code sh -c ''} but starts as itself), the whole environment it starts with (null: this
         * JVM's), and whether the route can start it without withheld variables.
         */
        Launch screened;
        Map<String, String> screenedEnvironment;
        boolean unscrubbable;
        /** What the last decision found: the secrets its launch receives and those withheld. */
        SecretsRecord secrets = SecretsRecord.NONE;

        void screen(Launch launch, Map<String, String> environment, boolean cannotScrub) {
            screened = launch;
            screenedEnvironment = environment;
            unscrubbable = cannotScrub;
        }

        SecretsRecord takeSecrets() {
            SecretsRecord s = secrets;
            secrets = SecretsRecord.NONE;
            return s;
        }
    }

    /** What the exit hook needs to know about an allowed launch. */
    private record Allowed(Decision decision, Duration executionLimit) {
    }

    /**
     * What an allowed {@code ProcessImpl.start} passes on to the constructor: its argv, directory and
     * environment changes (null: inherited), as the constructor will see them decoded from its bytes.
     */
    private record Construction(List<String> argv, String cwd, Map<String, String> environment) {
        static Construction of(Launch allowed, boolean inherited) {
            return new Construction(allowed.argv(), allowed.cwd(), inherited ? null : allowed.environmentChanges());
        }

        boolean matches(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
            if ((environment == null) != (envBlock == null)) {
                return false;
            }
            Launch c = JdkLaunches.fromNative(prog, argBlock, argc, envBlock, envc, dir);
            return argv.equals(c.argv()) && cwd.equals(c.cwd())
                    && (environment == null || environment.equals(c.environmentChanges()));
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
        this(config, gatekeeper, audit, prompts, log, context, watchdog, declaredClass, new NativeAddresses());
    }

    /** @param nativeAddresses the addresses of process-creating C functions seen so far (shared with the lazy gate) */
    public LaunchGuard(AgentConfig config, Supplier<Gatekeeper> gatekeeper, AuditSink audit, PromptGateway prompts,
                       AgentLog log, Supplier<Map<String, String>> context, ProcessWatchdog watchdog,
                       Supplier<CommandClass> declaredClass, NativeAddresses nativeAddresses) {
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
        this.natives = new NativeRoutes(nativeAddresses, this);
        this.callSites = new CallSite(config.callerSkip());
        Path jar = config.children() == AgentConfig.Children.GATE ? ChildJvms.ownJar() : null;
        this.children = jar == null ? null : new ChildJvms(jar, ChildSettings.agentArguments(config));
        this.secrets = new SecretScreen(config.secrets(), gatekeeper, audit != null);
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

    @Override
    public Object[] checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                               boolean redirectErrorStream) {
        InFlight t = inFlight.get();
        t.pendingSession = null;
        t.construction = null;
        Deque<Map<String, String>> approved = t.approvedStages;
        if (!approved.isEmpty()) {
            if (environment != null && approved.peekFirst() == environment) {
                // a stage of the pipeline just decided, from a builder only cmdgate holds
                approved.removeFirst();
                t.starting = t.pipelineDecision;
                Launch stage = JdkLaunches.StartArgs.copy(cmdarray, environment, dir, redirects).launch();
                t.construction = Construction.of(stage, false);
                return new Object[] {cmdarray, environment, dir, redirects};
            }
            approved.clear();
        }
        JdkLaunches.StartArgs args = JdkLaunches.StartArgs.copy(cmdarray, environment, dir, redirects);
        Launch launch = args.launch();
        t.screen(launch, args.environment(), false);
        if (config.stdin() == AgentConfig.StdinMode.GATE
                && ShellSessions.isSession(new CommandKnowledge(rules()), launch.argv(), args.redirects())) {
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
        // reached only when allowed
        SecretsRecord s = t.takeSecrets();
        if (!s.withheld().isEmpty()) {
            args = args.without(s.withheld());   // cmdgate.secrets=scrub: it starts without what it is not granted
            launch = args.launch();
        }
        Allowed allowed = t.starting;
        if (allowed != null && allowed.executionLimit() != null) {
            // every process of a launch with a time limit carries its token, so the watchdog finds them all
            args = args.withToken(ProcessWatchdog.TOKEN_VARIABLE, allowed.decision().id());
            launch = args.launch();
        }
        if (children != null && allowed != null) {
            ChildJvms.Handed h = children.hand(launch.argv(), args.environment(), launch.cwd(), allowed.decision().id());
            args = args.with(h.argv(), h.environment());
            launch = args.launch();
        }
        t.construction = Construction.of(launch, args.environment() == null);
        return args.forJdk();
    }

    @Override
    public List<ProcessBuilder> checkPipeline(List<ProcessBuilder> builders) {
        InFlight t = inFlight.get();
        t.approvedStages.clear();
        t.pipelineWatch = null;
        Object[] given = builders.toArray();   // one read of a list the application may have written itself
        if (given.length == 0) {
            return List.of();   // nothing starts
        }
        List<JdkLaunches.Stage> stages = new ArrayList<>(given.length);
        for (Object b : given) {
            stages.add(JdkLaunches.Stage.copy((ProcessBuilder) b));
        }
        Launch pipeline = JdkLaunches.fromPipeline(stages);
        t.screen(pipeline, JdkLaunches.environmentOf(stages), false);
        enforce(t, pipeline);
        SecretsRecord withheld = t.takeSecrets();
        if (!withheld.withheld().isEmpty()) {
            // the pipeline is judged as a whole: a secret not granted to every stage reaches none of them
            for (int i = 0; i < stages.size(); i++) {
                stages.set(i, stages.get(i).without(withheld.withheld()));
            }
        }
        Allowed allowed = t.starting;
        t.pipelineDecision = allowed;
        if (children != null && allowed != null) {
            String id = allowed.decision().id();
            List<JdkLaunches.Stage> handed = new ArrayList<>(stages.size());
            for (JdkLaunches.Stage s : stages) {
                ChildJvms.Handed h = children.hand(s.command(), s.environment(), JdkLaunches.cwd(s.dir()), id);
                handed.add(s.with(h.argv(), h.environment()));
            }
            stages = handed;
        }
        String token = allowed != null && allowed.executionLimit() != null ? allowed.decision().id() : null;
        List<ProcessBuilder> own = new ArrayList<>(stages.size());
        for (JdkLaunches.Stage s : stages) {
            ProcessBuilder b = s.builder(token == null ? null : ProcessWatchdog.TOKEN_VARIABLE, token);
            own.add(b);
            t.approvedStages.addLast(b.environment());
        }
        return List.copyOf(own);
    }

    @Override
    public Process started(Process process) {
        InFlight t = inFlight.get();
        Allowed a = t.starting;
        t.starting = null;
        boolean stage = a != null && a == t.pipelineDecision;
        if (stage && t.pipelineWatch != null) {
            t.pipelineWatch.include(process);   // one launch: one deadline, one kill, one audit line
        } else if (a != null && a.executionLimit() != null) {
            ProcessWatchdog.Watch w = watchdog.watch(process, a.decision().id(), a.executionLimit(), new ProcessWatchdog.Listener() {
                @Override
                public void killing(KillEvent kill) {
                    recordKill(a.decision(), kill);
                }

                @Override
                public void swept(KillEvent kill, List<Long> killedLater, List<Long> survivors) {
                    recordSweep(a.decision(), kill, killedLater, survivors);
                }
            });
            if (stage) {
                t.pipelineWatch = w;
            }
        }
        if (a != null && audit != null && process != null) {
            recordExitLater(a.decision(), process);
        }
        Launch session = t.pendingSession;
        if (session == null) {
            return process;
        }
        t.pendingSession = null;
        return new GatedShellProcess(process, new SessionInput(new SessionGate(session, process.pid()), rules(),
                SessionInput.interactive(session.argv())));
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
            t.screen(null, null, false);   // no process starts: the shell has its environment already
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

    /**
     * Records a check made through the application API that would not simply run (nothing was launched):
     * the audit trail then shows what was attempted, even when the application never launches it.
     */
    @Override
    public void record(Launch launch, Verdict verdict, GateDecision answer, List<Reason> reasons) {
        record(new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(), verdict.classification(),
                verdict.gate(), Outcome.BLOCKED, reasons, schemeLabel, modeLabel, callSites.caller(), null,
                verdict.oap(), context.get(), environmentOf(launch), answer.label(), launch.outputRedirects(), null));
    }

    /** Writes the allowed process's {@code exit} line when it ends (see {@link ExitLines}); the shutdown hook once. */
    private void recordExitLater(Decision d, Process process) {
        if (exitHook.compareAndSet(false, true)) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(new ExitedAtShutdown(), "cmdgate-exit-lines-at-shutdown"));
            } catch (IllegalStateException | SecurityException e) {
                // shutting down already: the writer thread is all there is
            }
        }
        exitLines.watch(d.id(), process);
    }

    /** The shutdown hook's body (a class, not a method reference). */
    private final class ExitedAtShutdown implements Runnable {
        @Override
        public void run() {
            exitLines.writeEnded();
        }
    }

    /** One {@code exit} line (a class, not a method reference: see decide). */
    private final class ExitLineWriter implements ExitLines.ExitWriter {
        @Override
        public void write(String decisionId, long pid, Integer status, long ranMillis) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("time", IsoInstant.format(Instant.now()));
            line.put("event", "exit");
            line.put("decision_id", decisionId);
            line.put("pid", pid);
            line.put("exit", status);
            line.put("ran_ms", ranMillis);
            try {
                audit.write(Json.write(line));
            } catch (IOException | RuntimeException e) {
                reportAuditOutage(e); // an exit line may be the first to meet an outage: said as a launch would say it
            }
        }
    }

    /** Runs before any process of the launch is signalled: the line is in the file before the application sees the end. */
    private void recordKill(Decision d, KillEvent kill) {
        log.warn("cmdgate: " + kill.describe() + " [decision " + d.id() + "]");
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", IsoInstant.format(kill.killedAt()));
        line.put("event", "watchdog_kill");
        line.put("decision_id", d.id());
        line.put("argv", d.argv());
        line.put("pid", kill.pid());
        line.put("limit_ms", kill.limit().toMillis());
        line.put("ran_ms", kill.ranFor().toMillis());
        line.put("descendants", kill.descendantPids());
        writeEvent(line);
    }

    /** After the kill, when later sweeps found more processes of the launch, or some outlived the sweep's bounds. */
    private void recordSweep(Decision d, KillEvent kill, List<Long> killedLater, List<Long> survivors) {
        if (!survivors.isEmpty()) {
            log.warn("cmdgate: processes " + survivors + " of the launch killed at its time limit are still alive"
                    + " [decision " + d.id() + "]");
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", IsoInstant.format(Instant.now()));
        line.put("event", "watchdog_sweep");
        line.put("decision_id", d.id());
        line.put("pid", kill.pid());
        line.put("killed_later", killedLater);
        line.put("survivors", survivors);
        writeEvent(line);
    }

    private void writeEvent(Map<String, Object> line) {
        if (audit == null) {
            return;
        }
        try {
            audit.write(Json.write(line));
        } catch (IOException | RuntimeException e) {
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + ")");
        }
    }

    @Override
    public Object checkNative(String operation, Object[] arguments) {
        return natives.answer(operation, arguments);
    }

    /**
     * A process a native route would create, decided exactly like a launch of the JDK's: the same gate,
     * prompt, audit line, stderr report and SecurityException. The audit context says which route.
     */
    @Override
    public void decide(Launch launch, String origin) {
        InFlight t = inFlight.get();
        // the native routes start processes with this JVM's environment (or one they pass): cmdgate cannot
        // start them without a withheld secret, so with cmdgate.secrets=scrub such a launch is refused
        Map<String, String> env = null;
        if (!launch.environmentChanges().isEmpty()) {
            env = new java.util.HashMap<>(OwnEnvironment.get());
            env.putAll(launch.environmentChanges());
        }
        t.screen(launch, env, true);
        try {
            StdinContext.with(Map.of("native", origin), () -> enforce(t, launch));
        } finally {
            t.starting = null;   // no ProcessImpl follows: nothing for the exit hook
        }
    }

    /**
     * A native call cmdgate cannot read (fork, pointers, a library it could not hook): recorded as a block
     * (Destructive, dangerous); in audit mode it goes on, recorded as what would have been blocked.
     */
    @Override
    public String unjudgeable(List<String> shown, String origin, String why) {
        Launch launch = new Launch(shown, null, System.getProperty("user.dir"), Map.of(), List.of(), null, null);
        Decision[] recorded = new Decision[1];
        StdinContext.with(Map.of("native", origin), () -> {
            Decision d = failClosed(launch, new Reason("native.unjudgeable", why));
            boolean auditMode = config.mode() == AgentConfig.Mode.AUDIT;
            List<Reason> reasons = new ArrayList<>(d.reasons());
            if (auditMode) {
                reasons.add(new Reason("mode.audit", "audit mode: recorded, not enforced (would have been block)"));
            }
            d = d.withOutcome(auditMode ? Outcome.ALLOWED : Outcome.BLOCKED, reasons);
            recorded[0] = record(d);
        });
        return recorded[0].outcome() == Outcome.ALLOWED ? null : recorded[0].blockMessage();
    }

    @Override
    public boolean auditMode() {
        return config.mode() == AgentConfig.Mode.AUDIT;
    }

    @Override
    public Object[] checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        InFlight t = inFlight.get();
        Construction expected = t.construction;
        t.construction = null;
        // The normal path: ProcessImpl.start on this thread has just allowed exactly this command, and built
        // these arrays itself from cmdgate's copy.
        t.fork = null;
        Object[] admitted = expected != null && expected.matches(prog, argBlock, argc, envBlock, envc, dir)
                ? new Object[] {prog, argBlock, envBlock, dir}
                // anything else (reflective construction, a leftover from a start that failed on the way) is
                // decided in full, on copies of the arrays its caller can no longer change
                : decideCopies(t, prog, argBlock, argc, envBlock, envc, dir);
        t.fork = admitted;
        return admitted;
    }

    @Override
    public Object[] checkFork(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        InFlight t = inFlight.get();
        Object[] admitted = t.fork;
        t.fork = null;
        // The constructor just admitted exactly these arrays (the same objects) on this thread; any other
        // call of forkAndExec (reflection around the constructor) is decided in full.
        if (admitted != null && admitted[0] == prog && admitted[1] == argBlock && admitted[2] == envBlock
                && admitted[3] == dir) {
            return admitted;
        }
        return decideCopies(t, prog, argBlock, argc, envBlock, envc, dir);
    }

    private Object[] decideCopies(InFlight t, byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        byte[] p = clone(prog);
        byte[] a = clone(argBlock);
        byte[] e = clone(envBlock);
        byte[] d = clone(dir);
        Launch launch = JdkLaunches.fromNative(p, a, argc, e, envc, d);
        // a construction or fork reached around ProcessImpl.start: its byte blocks are launched as they are
        t.screen(launch, JdkLaunches.environmentOf(e, envc), true);
        enforce(t, launch);
        return new Object[] {p, a, e, d};
    }

    private static byte[] clone(byte[] b) {
        return b == null ? null : b.clone();
    }

    private void enforce(InFlight t, Launch launch) {
        t.starting = null;
        t.secrets = SecretsRecord.NONE;
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

    private Decision decide(InFlight t, Launch asked, boolean mayPrompt) {
        Launch launch = declared(asked);
        CallSite.Walk site = callSites.walk();
        Verdict verdict = gatekeeper.get().judge(launch, LaunchSite.of(launch.cwd(), site));
        SecretsRecord received = t.screened == null ? SecretsRecord.NONE : secrets.plan(t.screened, t.screenedEnvironment);
        boolean unscrubbable = t.unscrubbable && !received.withheld().isEmpty();
        t.screen(null, null, false);
        List<Reason> reasons = new ArrayList<>(verdict.reasons());
        PromptRecord prompt = null;
        String caller = null;
        Map<String, String> launchContext = context.get();
        Outcome outcome;
        boolean auditMode = config.mode() == AgentConfig.Mode.AUDIT;
        GateDecision gate = unscrubbable ? GateDecision.BLOCK : verdict.gate();
        if (unscrubbable) {
            reasons.add(0, new Reason("secrets.unscrubbable", "cmdgate.secrets=scrub withholds " + String.join(", ",
                    received.withheld()) + " from this launch, and this route cannot start a process without them"));
        }
        switch (gate) {
            case ALLOW -> outcome = Outcome.ALLOWED;
            case BLOCK -> outcome = auditMode ? Outcome.ALLOWED : Outcome.BLOCKED;
            default -> {
                if (auditMode) {
                    outcome = Outcome.ALLOWED;
                } else if (prompts.rememberedAllow(launch, verdict.classification())) {
                    prompt = new PromptRecord("remembered", "allow_always", 0, "answered 'always' earlier for this exact "
                            + "launch (argv, directory, environment changes, output redirects), classified no higher then");
                    outcome = Outcome.ALLOWED;
                } else if (!mayPrompt) {
                    prompt = new PromptRecord("none", "deny", 0, "launched while cmdgate was deciding or prompting");
                    reasons.add(0, new Reason("prompt.nested", "a launch made while a prompt is being decided cannot be prompted"));
                    outcome = Outcome.BLOCKED;
                } else {
                    caller = site.caller();
                    prompt = prompts.ask(launch, verdict, caller, launchContext);
                    boolean yes = prompt.answer().startsWith("allow");
                    if (!yes) {
                        reasons.add(0, new Reason("prompt.denied", "the prompt was answered deny"
                                + (prompt.detail() == null ? "" : " (" + prompt.detail() + ")")));
                    }
                    outcome = yes ? Outcome.ALLOWED : Outcome.BLOCKED;
                }
            }
        }
        if (auditMode && gate != GateDecision.ALLOW) {
            reasons.add(new Reason("mode.audit", "audit mode: recorded, not enforced (would have been "
                    + gate.label() + ")"));
        }
        // The stack walk for the caller is most of a decision's cost: skip it when nothing will show it.
        if (caller == null && (audit != null || outcome != Outcome.ALLOWED || gate != GateDecision.ALLOW)) {
            caller = site.caller();
        }
        Decision d = new Decision(ids.next(), Instant.now(), launch.argv(), launch.cwd(),
                verdict.classification(), gate, outcome, reasons, schemeLabel, modeLabel, caller, prompt, verdict.oap(),
                launchContext, environmentOf(launch), null, launch.outputRedirects(), received);
        if (verdict.policy() != null && verdict.policy().notice() != null) {
            log.warn("cmdgate: " + verdict.policy().notice());
        }
        d = record(d);
        if (d.outcome() == Outcome.ALLOWED) {
            t.starting = new Allowed(d, verdict.policy() == null ? null : verdict.policy().executionLimit());
            t.secrets = unscrubbable ? SecretsRecord.NONE : received;
        }
        return d;
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
                l.declaredTimeout(), l.declaredClass() == null ? d : l.declaredClass().max(d), l.inputRedirect());
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
     * Writes the audit line and the stderr report. A decision that cannot be audited is refused, unless
     * {@code audit.failure=continue} says to let it through; either way the outage is reported once,
     * and again when the file can be written again.
     */
    private Decision record(Decision d) {
        if (audit != null) {
            if (d.oap() != null) {
                // signed (with a key) only now that the outcome is final: the signature binds the launch and
                // its outcome; a failure here is a failure of the decision (refused), not of the audit file
                d = gatekeeper.get().seal(d);
            }
            try {
                audit.record(d);
                if (auditFailing.compareAndSet(true, false)) {
                    log.warn("cmdgate: the audit file " + audit.file() + " can be written again");
                }
            } catch (IOException | RuntimeException e) {
                d = auditFailed(d, e);
            }
        }
        if (d.precheck() != null) {
            return d;   // answered to the application, which reports it; nothing was launched
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

    /** Says once per outage that the audit file cannot be written, and what launches do meanwhile. */
    private void reportAuditOutage(Exception e) {
        if (auditFailing.compareAndSet(false, true)) {
            boolean block = config.auditFailure() == AgentConfig.AuditFailure.BLOCK;
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + "); "
                    + (block ? "launches are refused until it can be written"
                             : "launches go on unaudited (" + ConfigParser.PREFIX + "audit.failure=continue)"));
        }
    }

    private Decision auditFailed(Decision d, Exception e) {
        boolean block = config.auditFailure() == AgentConfig.AuditFailure.BLOCK;
        reportAuditOutage(e);
        if (!block || d.outcome() != Outcome.ALLOWED) {
            return d;
        }
        List<Reason> reasons = new ArrayList<>(d.reasons());
        // A failed write says only "No space left on device"; a failed open names the file first.
        String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        reasons.add(0, new Reason("audit.unwritable", "the audit file " + audit.file() + " cannot be written: " + why));
        return d.withOutcome(Outcome.BLOCKED, reasons);
    }
}
