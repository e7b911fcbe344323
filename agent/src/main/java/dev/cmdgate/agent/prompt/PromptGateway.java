package dev.cmdgate.agent.prompt;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns a PROMPT into ALLOW or DENY. Handlers run on cmdgate's own daemon threads, so the launching
 * thread holds no handler state and a handler that hangs costs only the timeout. Anything but a clear
 * answer in time — an exception, null, a timeout, no handler — is DENY, with the reason recorded.
 */
public final class PromptGateway {

    private final String configured;
    private final Duration timeout;
    private volatile PromptHandler handler;
    private final Set<String> alwaysAllowed = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<Boolean> onPromptThread = new ThreadLocal<>();
    private volatile ExecutorService pool;

    public PromptGateway(String configured, Duration timeout) {
        this.configured = configured;
        this.timeout = timeout;
    }

    /** Created on the first prompt: most JVMs never prompt, and premain must stay cheap. */
    private ExecutorService pool() {
        ExecutorService p = pool;
        if (p == null) {
            synchronized (this) {
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

    /** Checks at start-up that a configured handler class exists, without running any of its code. */
    public static void validate(String configured) {
        if (isBuiltIn(configured)) {
            return;
        }
        try {
            Class<?> type = Class.forName(configured, false, ClassLoader.getSystemClassLoader());
            if (!PromptHandler.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException(configured + " does not implement " + PromptHandler.class.getName());
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("prompt handler class " + configured + " is not on the class path");
        }
    }

    private static boolean isBuiltIn(String name) {
        return Set.of("auto", "deny", "allow", "console").contains(name);
    }

    /** True on a thread that is running a handler: a launch from there must not prompt again. */
    public boolean onPromptThread() {
        return Boolean.TRUE.equals(onPromptThread.get());
    }

    public boolean rememberedAllow(List<String> argv, String cwd) {
        return alwaysAllowed.contains(key(argv, cwd));
    }

    public PromptRecord ask(List<String> argv, String cwd, Verdict verdict, String caller, Map<String, String> context) {
        long started = System.nanoTime();
        String name = configured;
        try {
            PromptHandler h = handler();
            name = describe(h);
            LaunchPrompt request = new LaunchPrompt(argv, verdict.classification().commandClass().label(),
                    verdict.classification().level().label(),
                    verdict.reasons().stream().map(Reason::message).toList(),
                    verdict.classification().findings().stream().map(PromptGateway::describe).toList(),
                    cwd, caller, context);
            Future<PromptAnswer> future = pool().submit(() -> {
                onPromptThread.set(Boolean.TRUE);
                try {
                    return h.answer(request);
                } finally {
                    onPromptThread.remove();
                }
            });
            PromptAnswer answer;
            try {
                answer = future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                future.cancel(true);
                return record(name, "deny", started, "no answer within " + timeout.toSeconds() + " s");
            } catch (ExecutionException e) {
                return record(name, "deny", started, "handler failed: " + e.getCause());
            }
            if (answer == null) {
                return record(name, "deny", started, "handler returned no answer");
            }
            if (h == BuiltInHandlers.DENY) {
                return record(name, "deny", started, "auto".equals(configured)
                        ? "no terminal to ask on, so cmdgate.prompt=auto denies" : "cmdgate.prompt=deny");
            }
            if (answer == PromptAnswer.ALLOW_ALWAYS) {
                alwaysAllowed.add(key(argv, cwd));
            }
            return record(name, answer.name().toLowerCase(java.util.Locale.ROOT), started, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return record(name, "deny", started, "interrupted while waiting for an answer");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return record(name, "deny", started, "handler unavailable: " + e);
        }
    }

    private static PromptRecord record(String handler, String answer, long started, String detail) {
        return new PromptRecord(handler, answer, (System.nanoTime() - started) / 1_000_000, detail);
    }

    private static String describe(Finding f) {
        return f.command() + ": " + f.reason() + " (" + f.commandClass().label() + ")";
    }

    private String describe(PromptHandler h) {
        return isBuiltIn(configured) ? configured : h.getClass().getName();
    }

    private PromptHandler handler() throws ReflectiveOperationException {
        PromptHandler h = handler;
        if (h == null) {
            synchronized (this) {
                h = handler;
                if (h == null) {
                    handler = h = create();
                }
            }
        }
        return h;
    }

    private PromptHandler create() throws ReflectiveOperationException {
        return switch (configured) {
            case "deny" -> BuiltInHandlers.DENY;
            case "allow" -> BuiltInHandlers.ALLOW;
            case "console" -> new ConsoleHandler();
            case "auto" -> ConsoleHandler.available() ? new ConsoleHandler() : BuiltInHandlers.DENY;
            default -> (PromptHandler) Class.forName(configured, true, ClassLoader.getSystemClassLoader())
                    .getConstructor().newInstance();
        };
    }

    // NUL cannot occur inside an argv word or a path, so it separates them unambiguously.
    private static String key(List<String> argv, String cwd) {
        return cwd + '\0' + String.join("\0", argv);
    }
}
