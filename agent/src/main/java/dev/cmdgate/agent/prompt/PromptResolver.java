package dev.cmdgate.agent.prompt;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.prompt.remote.RemotePrompts;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.LaunchEnvironment;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Turns a PROMPT into ALLOW or DENY. Handlers run on cmdgate's own daemon threads, one per waiting
 * launch, so several launches can wait at once, the launching thread's locks are never the handler's,
 * and a handler that hangs costs only the timeout. Anything but a clear answer in time — an exception,
 * null, a timeout, a handler that cannot be created, no handler — is DENY, with the reason recorded.
 *
 * <p>A handler call that ignores its cancellation keeps its thread after the timeout. Such calls are
 * counted, and once {@value #MAX_HUNG} of them are still running the handler is not called again (each
 * prompt is denied at once, saying why) until one of them ends: a handler that hangs every time costs
 * at most that many threads, not one per launch.
 *
 * <p>The handler is the one the application installed through the API (once, and only when the
 * configuration says {@code auto}), else the configured one, created on first use: a class from the
 * application's class path is constructed on a prompt thread, under the same timeout. With
 * {@code prompt=https://…} the handler is an approval service's client ({@link RemotePrompts}), whose classes
 * load only then.
 */
public final class PromptResolver {

    /** Handler calls allowed to run on past their timeout before cmdgate stops calling the handler. */
    public static final int MAX_HUNG = 4;
    /**
     * How the recorded detail of a prompt that got no answer in time begins — here, or at an approval
     * service's deadline — so that counters and reports tell a timeout from a deny.
     */
    public static final String NO_ANSWER = "no answer ";
    // the states of one handler call, for the hung count
    private static final int QUEUED = 0;
    private static final int RUNNING = 1;
    private static final int FINISHED = 2;
    private static final int ABANDONED = 3;

    private final String configured;
    private final Duration timeout;
    /** The approval service prompts go to, or null; with the agent id its requests name (or null). */
    private final AgentConfig.RemotePrompt remote;
    private final String agentId;
    private final Object lock = new Object();
    private volatile Prompter installed;
    private volatile FutureTask<Prompter> creation;
    private volatile ExecutorService pool;
    private final AlwaysAllowed alwaysAllowed = new AlwaysAllowed();
    private final ThreadLocal<Boolean> onPromptThread = new ThreadLocal<>();
    /** Handler calls that missed their timeout and have not returned yet: each holds a prompt thread. */
    private final AtomicInteger hung = new AtomicInteger();

    public PromptResolver(String configured, Duration timeout) {
        this(configured, timeout, null, null);
    }

    /** A resolver whose prompts go to the approval service {@code remote} (when not null), naming {@code agentId}. */
    public PromptResolver(String configured, Duration timeout, AgentConfig.RemotePrompt remote, String agentId) {
        this.configured = configured;
        this.timeout = timeout;
        this.remote = remote;
        this.agentId = agentId;
    }

    /**
     * Installs the application's handler. Refused (IllegalStateException) when one was installed
     * already, or when the configuration names a handler other than {@code auto}: the operator's
     * explicit choice wins over the application's.
     */
    public void install(Function<Map<String, Object>, String> handler, String name) {
        if (handler == null) {
            throw new IllegalArgumentException("cmdgate: no prompt handler given");
        }
        synchronized (lock) {
            if (installed != null) {
                throw new IllegalStateException("cmdgate: a prompt handler is installed already ("
                        + installed.name() + "); a second installation is refused");
            }
            if (!"auto".equals(configured)) {
                throw new IllegalStateException("cmdgate: cmdgate.prompt=" + configured
                        + " is configured, so the application cannot install its own prompt handler");
            }
            installed = new AppHandler(handler, name);
        }
    }

    /** True on a thread that is running a handler: a launch from there must not prompt again. */
    public boolean onPromptThread() {
        return onPromptThread.get() != null;
    }

    /**
     * True when a prompt was answered "allow always" for exactly this launch (argv, shell line, directory,
     * environment changes, output redirects) and it is classified no higher now than it was then.
     */
    public boolean rememberedAllow(Launch launch, Classification now) {
        return alwaysAllowed.covers(launch, now);
    }

    /**
     * The answer any prompt would get right now without asking anyone — DENY for {@code deny} (and
     * {@code auto} with no terminal), ALLOW for {@code allow} — or null when a handler must be asked.
     */
    public Answer certainAnswer() {
        if (installed != null) {
            return null;
        }
        return switch (configured) {
            case "deny" -> Answer.DENY;
            case "allow" -> Answer.ALLOW;
            case "auto" -> ConsoleHandler.available() ? null : Answer.DENY;
            default -> null;
        };
    }

    /** Why a prompt is denied without asking anyone, as its record says (when {@link #certainAnswer} is DENY). */
    public String certainDenial() {
        return "auto".equals(configured) ? "no terminal to ask on, so cmdgate.prompt=auto denies" : "cmdgate.prompt=deny";
    }

    /** The name recorded in the audit line for the handler that answers now. */
    public String handlerName() {
        Prompter h = installed;
        return h != null ? h.name() : configured;
    }

    public PromptRecord ask(Launch launch, Verdict verdict, String caller, Map<String, String> context) {
        return ask(null, launch, verdict, caller, context, null);
    }

    /**
     * Asks about a launch whose decision will be recorded as {@code decisionId}; {@code environment} is its
     * environment as the audit line records it (null when it changes nothing).
     */
    public PromptRecord ask(String decisionId, Launch launch, Verdict verdict, String caller, Map<String, String> context,
                            LaunchEnvironment environment) {
        long started = System.nanoTime();
        Prompter app = installed;
        String name = app != null ? app.name() : configured;
        Future<Answered> future = null;
        AtomicInteger state = new AtomicInteger(QUEUED);
        try {
            int stuck = hung.get();
            if (stuck >= MAX_HUNG) {
                return record(name, "deny", started, stuck + " earlier handler calls are still running after their "
                        + "timeout; denied without asking until one of them returns");
            }
            LaunchPrompt request = LaunchPrompt.of(launch, verdict, caller, context,
                    new Asked(decisionId, launch, verdict, environment));
            future = pool().submit(() -> {
                if (!state.compareAndSet(QUEUED, RUNNING)) {
                    return null;   // given up before it started: nobody waits for it
                }
                onPromptThread.set(Boolean.TRUE);
                try {
                    Prompter h = app != null ? app : configuredHandler();
                    return new Answered(h, h.reply(request));
                } finally {
                    onPromptThread.remove();
                    if (!state.compareAndSet(RUNNING, FINISHED)) {
                        hung.decrementAndGet();   // abandoned by its prompt, and only now returned
                    }
                }
            });
            Answered a = future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            Reply reply = a.reply();
            if (reply == null || reply.answer() == null) {
                return record(name, "deny", started, "handler returned no answer");
            }
            if (a.handler() == BuiltInHandlers.DENY) {
                return record(name, "deny", started, certainDenial());
            }
            if (reply.answer() == Answer.ALLOW_ALWAYS) {
                alwaysAllowed.remember(launch, verdict.classification());
            }
            return new PromptRecord(name, reply.answer().label(), millisSince(started), null, reply.approver(),
                    reply.channel(), reply.note());
        } catch (TimeoutException e) {
            abandon(future, state);
            return record(name, "deny", started, NO_ANSWER + "within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ConsoleHandler.NoTerminal || cause instanceof PromptUnanswered) {
                return record(name, "deny", started, cause.getMessage());
            }
            if (cause instanceof Unavailable u) {
                Throwable why = u.getCause() instanceof java.lang.reflect.InvocationTargetException ite
                        && ite.getCause() != null ? ite.getCause() : u.getCause();
                return record(name, "deny", started, "handler unavailable: " + why);
            }
            return record(name, "deny", started, "handler failed: " + cause);
        } catch (InterruptedException e) {
            if (future != null) {
                abandon(future, state);
            }
            Thread.currentThread().interrupt();
            return record(name, "deny", started, "interrupted while waiting for an answer");
        } catch (RuntimeException | LinkageError e) {
            return record(name, "deny", started, "cannot ask: " + e);
        }
    }

    /**
     * Cancels a call nobody waits for any more. If it is running, it counts as hung until it returns
     * (a call cancelled before it started never runs; one that already returned is not counted).
     */
    private void abandon(Future<Answered> future, AtomicInteger state) {
        future.cancel(true);
        if (!state.compareAndSet(QUEUED, FINISHED) && state.compareAndSet(RUNNING, ABANDONED)) {
            hung.incrementAndGet();
        }
    }

    /** Whether a prompt's recorded detail says it got no answer in time (see {@link #NO_ANSWER}). */
    public static boolean timedOut(String detail) {
        return detail != null && detail.startsWith(NO_ANSWER);
    }

    /** Handler calls now running past their timeout (for tests and diagnostics). */
    public int hungCalls() {
        return hung.get();
    }

    private record Answered(Prompter handler, Reply reply) {
    }

    /** The configured handler could not be created. */
    private static final class Unavailable extends Exception {
        Unavailable(Throwable cause) {
            super(cause);
        }
    }

    private static PromptRecord record(String handler, String answer, long started, String detail) {
        return new PromptRecord(handler, answer, millisSince(started), detail);
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /**
     * The configured handler, created once. Runs on a prompt thread; a waiting thread gives up when
     * its prompt is cancelled (interrupted), so a constructor that hangs costs each prompt its timeout.
     */
    private Prompter configuredHandler() throws Unavailable, InterruptedException {
        FutureTask<Prompter> task = creation;
        boolean mine = false;
        if (task == null) {
            synchronized (lock) {
                task = creation;
                if (task == null) {
                    creation = task = new FutureTask<>(this::create);
                    mine = true;
                }
            }
        }
        if (mine) {
            task.run();
        }
        try {
            return task.get();
        } catch (ExecutionException e) {
            synchronized (lock) {
                if (creation == task) {
                    creation = null;   // try again on the next prompt
                }
            }
            throw new Unavailable(e.getCause());
        }
    }

    private Prompter create() throws Exception {
        if (remote != null) {
            return RemotePrompts.create(remote, timeout, agentId);
        }
        return switch (configured) {
            case "deny" -> BuiltInHandlers.DENY;
            case "allow" -> BuiltInHandlers.ALLOW;
            case "console" -> new ConsoleHandler();
            case "auto" -> ConsoleHandler.available() ? new ConsoleHandler() : BuiltInHandlers.DENY;
            default -> AppHandler.create(configured);
        };
    }

    private ExecutorService pool() {
        ExecutorService p = pool;
        if (p == null) {
            synchronized (lock) {
                p = pool;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    pool = p = Executors.newCachedThreadPool(r -> {
                        Thread t = new Thread(r, "cmdgate-prompt-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
                }
            }
        }
        return p;
    }
}
