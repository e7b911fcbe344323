package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.bridge.JdkHooks;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ChildSettings;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.stdin.GatedShellProcess;
import dev.cmdgate.agent.stdin.SessionGate;
import dev.cmdgate.agent.stdin.SessionInput;
import dev.cmdgate.agent.stdin.ShellSessions;
import dev.cmdgate.agent.stdin.StdinContext;
import dev.cmdgate.agent.watchdog.KillEvent;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.SecretsRecord;
import dev.cmdgate.core.rules.RuleSet;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The hand-off between the JDK's launcher and the decision: what the hooks woven into {@code ProcessImpl}
 * and {@code ProcessBuilder.startPipeline} ask, answered with copies of their arguments that only cmdgate
 * holds, so what runs is what was judged. {@link LaunchGuard#enforce} decides each launch; this class
 * carries one thread's launch from one hook to the next (start, constructor, fork, started), admits at
 * the constructor and the fork only what was decided, and, once the process exists, arms its time limit,
 * its {@code exit} line and a gated session's standard input.
 */
public final class JdkHandoff implements JdkHooks {

    private final LaunchGuard guard;
    private final AgentConfig config;
    // An anonymous class rather than a lambda: this is built on the first launch (see Premain).
    private final ThreadLocal<InFlight> inFlight = new ThreadLocal<>() {
        @Override
        protected InFlight initialValue() {
            return new InFlight();
        }
    };
    private final ProcessWatchdog watchdog;
    /** The event lines of allowed launches: exit, watchdog kill and sweep. */
    private final LaunchEvents events;
    /** Whether there is an audit file for the exit lines. */
    private final boolean audited;
    /** Hands cmdgate on to the JVMs this one launches; null with {@code cmdgate.children=off} (or outside a jar). */
    private final ChildJvms children;

    /**
     * What one thread's launch in progress carries from one JDK hook to the next (start, constructor,
     * started). One object per thread, so a launch looks up its thread's state once per hook.
     */
    private static final class InFlight {
        /** The allowed launch whose process is about to start, for the exit hook. */
        Decided starting;
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
        Decided pipelineDecision;
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
     * @param guard    decides every launch this hand-off is asked about
     * @param audit    the audit file for the exit and watchdog lines, or null
     * @param watchdog arms the passport's time limit on the processes of an allowed launch
     */
    public JdkHandoff(LaunchGuard guard, AgentConfig config, AuditSink audit, AgentLog log, ProcessWatchdog watchdog) {
        this.guard = guard;
        this.config = config;
        this.watchdog = watchdog;
        this.audited = audit != null;
        this.events = new LaunchEvents(audit, log, guard.recorder());
        Path jar = config.children() == AgentConfig.Children.GATE ? ChildJvms.ownJar() : null;
        this.children = jar == null ? null : new ChildJvms(jar, ChildSettings.agentArguments(config));
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
                && ShellSessions.isSession(new CommandKnowledge(guard.rules()), launch.argv(), args.redirects())) {
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
        Decided allowed = t.starting;
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
        Decided allowed = t.starting;
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
        Decided a = t.starting;
        t.starting = null;
        boolean stage = a != null && a == t.pipelineDecision;
        if (stage && t.pipelineWatch != null) {
            t.pipelineWatch.include(process);   // one launch: one deadline, one kill, one audit line
        } else if (a != null && a.executionLimit() != null) {
            ProcessWatchdog.Watch w = watchdog.watch(process, a.decision().id(), a.executionLimit(), new ProcessWatchdog.Listener() {
                @Override
                public void killing(KillEvent kill) {
                    events.killing(a.decision(), kill);
                }

                @Override
                public void swept(KillEvent kill, List<Long> killedLater, List<Long> survivors) {
                    events.swept(a.decision(), kill, killedLater, survivors);
                }
            });
            if (stage) {
                t.pipelineWatch = w;
            }
        }
        if (a != null && audited && process != null) {
            events.exitLater(a.decision(), process);
        }
        Launch session = t.pendingSession;
        if (session == null) {
            return process;
        }
        t.pendingSession = null;
        // the shell keeps reading its commands from the pipe cmdgate gates (SessionInput refuses what would change that)
        RuleSet rules = guard.rules();
        return new GatedShellProcess(process, new SessionInput(new SessionGate(guard, session, process.pid(), rules), rules,
                SessionInput.interactive(session.argv())).auditOnly(guard.auditMode()));
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

    /**
     * Has the guard decide {@code launch}, screening the launch {@link InFlight#screen} named for secrets.
     * Refused, it throws; allowed, its decision is the one this thread's next process starts under.
     */
    private void enforce(InFlight t, Launch launch) {
        t.starting = null;
        t.secrets = SecretsRecord.NONE;
        Launch screened = t.screened;
        Map<String, String> environment = t.screenedEnvironment;
        boolean unscrubbable = t.unscrubbable;
        t.screen(null, null, false);
        Decided allowed = guard.enforce(launch, screened, environment, unscrubbable);
        t.starting = allowed;
        t.secrets = allowed.secrets();
    }
}
